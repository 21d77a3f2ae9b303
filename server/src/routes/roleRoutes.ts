/**
 * Roles (issue 11): list with member counts, create, rename, edit rights, delete. The rules are
 * core's (rules/roles.ts: name, rights, in use; rules/administrators.ts: a rights edit or a delete
 * never takes away the company's last administrator). One transaction per change with the company
 * row locked, so name checks and the administrator check hold against concurrent changes. A rights
 * edit tells every member of the company (RIGHTS_CHANGED_EVENT), and its success bumps the
 * company's cache generation (registerRoutes), so the next call of any member sees the new rights.
 */
import { and, asc, count, eq, ne, sql, type SQL } from "drizzle-orm";
import { Result } from "effect";
import type { Right } from "@portal/core/domain/Right";
import type { Role } from "@portal/core/domain/Role";
import { NotFound } from "@portal/core/errors";
import { checkAdministratorsRemain } from "@portal/core/rules/administrators";
import { canDeleteRole, checkRoleName, checkRoleRights } from "@portal/core/rules/roles";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { companies, groupMemberships, memberships, roles } from "../db/schema";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { companyMembers, publishRightsChanged, withRoleRights } from "../roles/companyMembers";

const TOPIC = "Role";

const orThrow = <A>(result: Result.Result<A, unknown>): A => {
  if (Result.isFailure(result)) throw result.failure;
  return result.success;
};

type RoleRow = typeof roles.$inferSelect;

// Written out in full: drizzle leaves the table name off columns of a one-table select, and a bare
// "id" inside the subquery would be the membership's.
const memberCount = sql<number>`(select count(distinct m.user_id) from memberships m where m.role_id = "roles"."id")`.mapWith(Number);

const view = (r: RoleRow, members: number): Role => ({ publicId: r.publicId, name: r.name, rights: r.rights as Right[], members });
const auditValue = (r: { publicId: string; name: string; rights: ReadonlyArray<string> }) => ({ publicId: r.publicId, name: r.name, rights: [...r.rights] });

/** Locks the company row: role changes of one company run one at a time. */
const lockCompany = (tx: Db, companyId: number) => tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");

async function findRole(db: Db, companyId: number, publicId: string): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(and(eq(roles.companyId, companyId), eq(roles.publicId, publicId)));
  if (!row) throw new NotFound({ entity: TOPIC, publicId });
  return row;
}

const otherNames = (db: Db, companyId: number, selfId?: number) =>
  db.select({ publicId: roles.publicId, name: roles.name }).from(roles)
    .where(selfId === undefined ? eq(roles.companyId, companyId) : and(eq(roles.companyId, companyId), ne(roles.id, selfId)));

/** How many user and group memberships hold the role. */
async function usage(tx: Db, roleId: number): Promise<number> {
  const [u] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.roleId, roleId));
  const [g] = await tx.select({ n: count() }).from(groupMemberships).where(eq(groupMemberships.roleId, roleId));
  return Number(u?.n ?? 0) + Number(g?.n ?? 0);
}

const membersOf = async (db: Db, roleId: number): Promise<number> => {
  const [row] = await db.select({ n: sql<number>`count(distinct ${memberships.userId})`.mapWith(Number) }).from(memberships).where(eq(memberships.roleId, roleId));
  return row?.n ?? 0;
};

const transaction = <A>(ctx: RequestContext, fn: (tx: Db, companyId: number) => Promise<A>): Promise<A> =>
  ctx.db.transaction(async (tx) => {
    const companyId = companyOf(ctx).id;
    await lockCompany(tx, companyId);
    return fn(tx, companyId);
  });

export const roleRoutes: HandlersOf<"RoleList" | "Role"> = {
  "RoleList.GET": async (ctx) => {
    const { after, orderBy } = keyset([roles.name, roles.publicId], ctx.list.pageAfter);
    const where: SQL[] = [eq(roles.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: roles.publicId, type: "text" },
      name: { column: roles.name, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select({ role: roles, members: memberCount }).from(roles).where(and(...where)).orderBy(...orderBy, asc(roles.id))
      .limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.role.name, r.role.publicId]);
    return { type: TOPIC, data: p.rows.map((r) => view(r.role, r.members)), moreAfter: p.moreAfter };
  },

  "RoleList.POST": async (ctx) => {
    const created = await transaction(ctx, async (tx, companyId) => {
      const name = orThrow(checkRoleName(ctx.body.name, await otherNames(tx, companyId)));
      const rights = orThrow(checkRoleRights(ctx.body.rights ?? []));
      const [row] = await tx.insert(roles).values({ publicId: newPublicId(), companyId, name, rights }).returning();
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: TOPIC, target: row!.publicId, after: auditValue(row!) }]);
      return row!;
    });
    return { type: TOPIC, data: [{ publicId: created.publicId }], status: 201 };
  },

  "Role.GET": async (ctx) => {
    const row = await findRole(ctx.db, companyOf(ctx).id, ctx.params["publicId"]!);
    return { type: TOPIC, data: view(row, await membersOf(ctx.db, row.id)) };
  },

  "Role.PATCH": async (ctx) => {
    const company = companyOf(ctx);
    const updated = await transaction(ctx, async (tx, companyId) => {
      const current = await findRole(tx, companyId, ctx.params["publicId"]!);
      const name = ctx.body.name === undefined ? current.name : orThrow(checkRoleName(ctx.body.name, await otherNames(tx, companyId, current.id), current.publicId));
      const rights = ctx.body.rights === undefined ? current.rights : orThrow(checkRoleRights(ctx.body.rights));
      const rightsChanged = rights.join(",") !== current.rights.join(",");
      if (rightsChanged) {
        const members = await companyMembers(tx, companyId);
        orThrow(checkAdministratorsRemain(members, withRoleRights(members, current.id, rights)));
      }
      const [row] = await tx.update(roles).set({ name, rights: [...rights] }).where(eq(roles.id, current.id)).returning();
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: TOPIC, target: current.publicId, before: auditValue(current), after: auditValue(row!) }]);
      if (rightsChanged) await publishRightsChanged(tx, company);
      return row!;
    });
    return { type: TOPIC, data: view(updated, await membersOf(ctx.db, updated.id)) };
  },

  "Role.DELETE": async (ctx) => {
    const deleted = await transaction(ctx, async (tx, companyId) => {
      const current = await findRole(tx, companyId, ctx.params["publicId"]!);
      orThrow(canDeleteRole(await usage(tx, current.id)));
      // Unused, so no member loses a right; checked all the same, as every role change is.
      const members = await companyMembers(tx, companyId);
      orThrow(checkAdministratorsRemain(members, members.filter((m) => m.roleId !== current.id)));
      await tx.delete(roles).where(eq(roles.id, current.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: TOPIC, target: current.publicId, before: auditValue(current) }]);
      return current;
    });
    return { type: TOPIC, data: { publicId: deleted.publicId } };
  },
};
