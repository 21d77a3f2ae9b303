/**
 * Access categories (audiences in data calls; issue 11): list, create, rename, delete (refused with
 * 'Audience is still in use' while a membership or a device carries it), and set or unset the
 * company's default (spec 7 "Audience default"). The default is core's rule (rules/audiences.ts)
 * applied to the company's list; the partial unique index `audiences_one_default` holds it in the
 * database too. One transaction per change with the company row locked.
 */
import { and, asc, count, eq, ne, type SQL } from "drizzle-orm";
import { Result } from "effect";
import type { Audience } from "@portal/core/domain/Audience";
import { NotFound } from "@portal/core/errors";
import { canDeleteAudience, checkAudienceName } from "@portal/core/rules/accessCategories";
import { setDefaultAudience, unsetDefaultAudience } from "@portal/core/rules/audiences";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { agents, audiences, companies, memberships } from "../db/schema";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";

const TOPIC = "Audience";

const orThrow = <A>(result: Result.Result<A, unknown>): A => {
  if (Result.isFailure(result)) throw result.failure;
  return result.success;
};

type AudienceRow = typeof audiences.$inferSelect;

const view = (r: AudienceRow): Audience => ({ publicId: r.publicId, name: r.name, default: r.isDefault });

const lockCompany = (tx: Db, companyId: number) => tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");

async function findAudience(db: Db, companyId: number, publicId: string): Promise<AudienceRow> {
  const [row] = await db.select().from(audiences).where(and(eq(audiences.companyId, companyId), eq(audiences.publicId, publicId)));
  if (!row) throw new NotFound({ entity: TOPIC, publicId });
  return row;
}

/** Memberships and devices that carry the category. */
async function usage(tx: Db, audienceId: number): Promise<number> {
  const [m] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.audienceId, audienceId));
  const [a] = await tx.select({ n: count() }).from(agents).where(eq(agents.audienceId, audienceId));
  return Number(m?.n ?? 0) + Number(a?.n ?? 0);
}

const transaction = <A>(ctx: RequestContext, fn: (tx: Db, companyId: number) => Promise<A>): Promise<A> =>
  ctx.db.transaction(async (tx) => {
    const companyId = companyOf(ctx).id;
    await lockCompany(tx, companyId);
    return fn(tx, companyId);
  });

/**
 * Sets or unsets the default through core's rule on the whole list, then writes the flags that
 * changed: those turned off first, so the partial unique index never sees two defaults.
 */
const changeDefault = (on: boolean) => async (ctx: RequestContext) => {
  const changed = await transaction(ctx, async (tx, companyId) => {
    const all = await tx.select().from(audiences).where(eq(audiences.companyId, companyId)).orderBy(asc(audiences.id));
    const publicId = ctx.params["publicId"]!;
    const flagged = all.map((r) => ({ ...r, default: r.isDefault }));
    const next = orThrow(on ? setDefaultAudience(flagged, publicId) : unsetDefaultAudience(flagged, publicId));
    const flips = next.filter((n) => n.default !== n.isDefault);
    for (const f of [...flips.filter((x) => !x.default), ...flips.filter((x) => x.default)]) {
      await tx.update(audiences).set({ isDefault: f.default }).where(eq(audiences.id, f.id));
    }
    if (flips.length > 0) {
      await writeAudit(tx, actorOf(ctx), flips.map((f) => ({
        action: "UPDATE" as const, topic: TOPIC, target: f.publicId, before: { default: f.isDefault }, after: { default: f.default },
      })));
    }
    const target = next.find((n) => n.publicId === publicId)!;
    return { ...target, isDefault: target.default };
  });
  return { type: TOPIC, data: view(changed) };
};

export const audienceRoutes: HandlersOf<"AudienceList" | "Audience" | "AudienceDefault"> = {
  "AudienceList.GET": async (ctx) => {
    const { after, orderBy } = keyset([audiences.name, audiences.publicId], ctx.list.pageAfter);
    const where: SQL[] = [eq(audiences.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: audiences.publicId, type: "text" },
      name: { column: audiences.name, type: "text" },
      default: { column: audiences.isDefault, type: "boolean" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select().from(audiences).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return { type: TOPIC, data: p.rows.map(view), moreAfter: p.moreAfter };
  },

  "AudienceList.POST": async (ctx) => {
    const created = await transaction(ctx, async (tx, companyId) => {
      const others = await tx.select({ publicId: audiences.publicId, name: audiences.name }).from(audiences).where(eq(audiences.companyId, companyId));
      const name = orThrow(checkAudienceName(ctx.body.name, others));
      const [row] = await tx.insert(audiences).values({ publicId: newPublicId(), companyId, name }).returning();
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: TOPIC, target: row!.publicId, after: view(row!) }]);
      return row!;
    });
    return { type: TOPIC, data: [{ publicId: created.publicId }], status: 201 };
  },

  "Audience.GET": async (ctx) => ({ type: TOPIC, data: view(await findAudience(ctx.db, companyOf(ctx).id, ctx.params["publicId"]!)) }),

  "Audience.PATCH": async (ctx) => {
    const updated = await transaction(ctx, async (tx, companyId) => {
      const current = await findAudience(tx, companyId, ctx.params["publicId"]!);
      if (ctx.body.name === undefined) return current;
      const others = await tx.select({ publicId: audiences.publicId, name: audiences.name }).from(audiences)
        .where(and(eq(audiences.companyId, companyId), ne(audiences.id, current.id)));
      const name = orThrow(checkAudienceName(ctx.body.name, others, current.publicId));
      const [row] = await tx.update(audiences).set({ name }).where(eq(audiences.id, current.id)).returning();
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: TOPIC, target: current.publicId, before: view(current), after: view(row!) }]);
      return row!;
    });
    return { type: TOPIC, data: view(updated) };
  },

  "Audience.DELETE": async (ctx) => {
    const deleted = await transaction(ctx, async (tx, companyId) => {
      const current = await findAudience(tx, companyId, ctx.params["publicId"]!);
      orThrow(canDeleteAudience(await usage(tx, current.id)));
      await tx.delete(audiences).where(eq(audiences.id, current.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: TOPIC, target: current.publicId, before: view(current) }]);
      return current;
    });
    return { type: TOPIC, data: { publicId: deleted.publicId } };
  },

  "AudienceDefault.POST": changeDefault(true),
  "AudienceDefault.DELETE": changeDefault(false),
};
