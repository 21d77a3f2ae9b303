/**
 * Platform servers (issue 13; spec 7 "GET my company platform servers"): the selected company's
 * servers for every member (fields location, name, type, vpnRange; the screen filters
 * in(type,mdr,rsc)), and the platform administrators' tool that assigns servers to companies and
 * takes them back or changes them. Core's rules judge each server (rules/platformServers.ts: a CIDR network as the
 * VPN range). An administrator's bulk call is one transaction with one audit entry.
 */
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { Result } from "effect";
import type { AdminPlatformServer, PlatformServer } from "@portal/core/domain/Platform";
import { InvalidInput, NotFound } from "@portal/core/errors";
import { checkPlatformServer } from "@portal/core/rules/platformServers";
import { writeAudit } from "../audit/writeAudit";
import { companies, platformServers } from "../db/schema";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { bulkItems, itemPublicId } from "./bodies";
import { eachItem } from "./orderedTypeRoutes";

const TOPIC = "PlatformServer";
type Row = typeof platformServers.$inferSelect;

const view = (r: Row): PlatformServer => ({ publicId: r.publicId, name: r.name, location: r.location, type: r.type, vpnRange: r.vpnRange });
const actor = (ctx: RequestContext) => ({ ...actorOf(ctx), companyId: null });

export const platformServerRoutes: HandlersOf<"MyCompanyPlatformServerList" | "AdminPlatformServerList"> = {
  "MyCompanyPlatformServerList.GET": async (ctx) => {
    const p = platformServers;
    const { after, orderBy } = keyset([p.name, p.publicId], ctx.list.pageAfter);
    const where: SQL[] = [eq(p.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: p.publicId, type: "text" }, name: { column: p.name, type: "text" },
      location: { column: p.location, type: "text" }, type: { column: p.type, type: "text" }, vpnRange: { column: p.vpnRange, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select().from(p).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const out = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return { type: TOPIC, data: out.rows.map(view), moreAfter: out.moreAfter };
  },

  "AdminPlatformServerList.GET": async (ctx) => {
    const rows = await ctx.db.select({ s: platformServers, company: { publicId: companies.publicId, name: companies.name } })
      .from(platformServers).innerJoin(companies, eq(companies.id, platformServers.companyId))
      .orderBy(asc(companies.name), asc(platformServers.name), asc(platformServers.id));
    return { type: TOPIC, data: rows.map((r): AdminPlatformServer => ({ ...view(r.s), company: r.company })), moreAfter: null };
  },

  "AdminPlatformServerList.POST": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const made = await ctx.db.transaction(async (tx) => {
      const rows: Row[] = [];
      await eachItem(items, isList, async (item) => {
        const fields = checkPlatformServer(item);
        if (Result.isFailure(fields)) throw fields.failure;
        const ref = item["company"] as { publicId?: unknown } | null | undefined;
        if (!ref || typeof ref.publicId !== "string") throw new InvalidInput({ issues: [{ message: "REQUIRED", propertyName: "company" }] });
        const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.publicId, ref.publicId));
        if (!company) throw new NotFound({ entity: "Company", publicId: ref.publicId });
        const [row] = await tx.insert(platformServers).values({ publicId: newPublicId(), companyId: company.id, ...fields.success }).returning();
        rows.push(row!);
      });
      await writeAudit(tx, actor(ctx), [rows.length === 1
        ? { action: "CREATE", topic: TOPIC, target: rows[0]!.publicId, after: view(rows[0]!) }
        : { action: "CREATE", topic: TOPIC, target: "", after: rows.map(view) }]);
      return rows;
    });
    return { type: TOPIC, data: made.map((r) => ({ publicId: r.publicId })), status: 201 };
  },

  // A change is judged as the whole server it makes (a field left out keeps its value); the rows
  // are locked so that two administrators' changes do not interleave.
  "AdminPlatformServerList.PATCH": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const changed = await ctx.db.transaction(async (tx) => {
      const changes: Array<{ before: Row; after: Row }> = [];
      await eachItem(items, isList, async (item) => {
        const publicId = itemPublicId(item, undefined);
        const [before] = await tx.select().from(platformServers).where(eq(platformServers.publicId, publicId)).for("update");
        if (!before) throw new NotFound({ entity: TOPIC, publicId });
        const fields = checkPlatformServer({ name: before.name, location: before.location, type: before.type, vpnRange: before.vpnRange, ...item });
        if (Result.isFailure(fields)) throw fields.failure;
        let companyId = before.companyId;
        if (item["company"] !== undefined) {
          const ref = item["company"] as { publicId?: unknown } | null;
          if (!ref || typeof ref.publicId !== "string") throw new InvalidInput({ issues: [{ message: "REQUIRED", propertyName: "company" }] });
          const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.publicId, ref.publicId));
          if (!company) throw new NotFound({ entity: "Company", publicId: ref.publicId });
          companyId = company.id;
        }
        const [after] = await tx.update(platformServers).set({ ...fields.success, companyId }).where(eq(platformServers.id, before.id)).returning();
        changes.push({ before, after: after! });
      });
      await writeAudit(tx, actor(ctx), [changes.length === 1
        ? { action: "UPDATE", topic: TOPIC, target: changes[0]!.after.publicId, before: view(changes[0]!.before), after: view(changes[0]!.after) }
        : { action: "UPDATE", topic: TOPIC, target: "", before: changes.map((c) => view(c.before)), after: changes.map((c) => view(c.after)) }]);
      return changes.map((c) => c.after.id);
    });
    const rows = await ctx.db.select({ s: platformServers, company: { publicId: companies.publicId, name: companies.name } })
      .from(platformServers).innerJoin(companies, eq(companies.id, platformServers.companyId)).where(inArray(platformServers.id, changed));
    const byId = new Map(rows.map((r) => [r.s.id, r]));
    return { type: TOPIC, data: changed.map((id): AdminPlatformServer => ({ ...view(byId.get(id)!.s), company: byId.get(id)!.company })) };
  },

  "AdminPlatformServerList.DELETE": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const ids = items.map((item, i) => itemPublicId(item, isList ? i : undefined));
    const gone = await ctx.db.transaction(async (tx) => {
      const found = await tx.select().from(platformServers).where(inArray(platformServers.publicId, ids));
      const byId = new Map(found.map((r) => [r.publicId, r]));
      await eachItem(ids, isList, async (publicId) => { if (!byId.has(publicId)) throw new NotFound({ entity: TOPIC, publicId }); });
      await tx.delete(platformServers).where(inArray(platformServers.id, found.map((r) => r.id)));
      await writeAudit(tx, actor(ctx), [found.length === 1
        ? { action: "DELETE", topic: TOPIC, target: found[0]!.publicId, before: view(found[0]!) }
        : { action: "DELETE", topic: TOPIC, target: "", before: found.map(view) }]);
      return ids;
    });
    return { type: TOPIC, data: gone.map((publicId) => ({ publicId })) };
  },
};
