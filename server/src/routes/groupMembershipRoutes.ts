/**
 * Group memberships (spec 3 "User membership", spec 7 "Memberships: POST, PATCH, DELETE list, PUT
 * per user"): a user holding a role in a group, whose rights apply on the group's devices
 * (rules/deviceRights.ts). Core's rules (rules/groupMemberships.ts) find duplicates and plan a
 * user's replacement; each call is one transaction (all items or none) with one audit row per
 * membership touched. Refusals are sentences: unknown user, group or role (404), a user outside
 * the company (400), a duplicate (409), each with the field and, in a list, its listIndex.
 */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { GroupMembership } from "@portal/core/domain/Group";
import {
  MEMBERSHIP_DUPLICATE, MEMBERSHIP_UNKNOWN_GROUP, MEMBERSHIP_UNKNOWN_ROLE, MEMBERSHIP_UNKNOWN_USER, MEMBERSHIP_USER_NOT_IN_COMPANY,
  duplicateMemberships, planMembershipReplacement, type MembershipTriple,
} from "@portal/core/rules/groupMemberships";
import { writeAudit } from "../audit/writeAudit";
import { noticeCompanyRightsChanged } from "../relay/relayContext";
import type { Db } from "../db/Database";
import { groupMemberships, groups, memberships, roles, users } from "../db/schema";
import { HttpProblem } from "../http/HttpProblem";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { inChunks } from "./batchWork";
import { bulkItems, itemPublicId } from "./bodies";
import { eachItem } from "./orderedTypeRoutes";
import { lockCompany, refOf } from "./groupRoutes";

const MEMBERSHIP_NOT_FOUND = "MEMBERSHIP_NOT_FOUND";

const columns = {
  id: groupMemberships.id, publicId: groupMemberships.publicId,
  userId: users.id, userPublicId: users.publicId, userName: users.name, userEmail: users.email,
  groupId: groups.id, groupPublicId: groups.publicId, groupName: groups.name,
  roleId: roles.id, rolePublicId: roles.publicId, roleName: roles.name,
};
type Row = { id: number; publicId: string; userId: number; userPublicId: string; userName: string; userEmail: string; groupId: number; groupPublicId: string; groupName: string; roleId: number; rolePublicId: string; roleName: string };

const json = (r: Row): GroupMembership => ({
  publicId: r.publicId,
  user: { publicId: r.userPublicId, name: r.userName, email: r.userEmail },
  group: { publicId: r.groupPublicId, name: r.groupName },
  role: { publicId: r.rolePublicId, name: r.roleName },
});
const triple = (r: Row): MembershipTriple & Row => ({ ...r, user: r.userPublicId, group: r.groupPublicId, role: r.rolePublicId });

/** Memberships of the company matching `where` (groups of the company only: nothing crosses companies). */
const select = (db: Db, companyId: number, ...where: SQL[]) =>
  db.select(columns).from(groupMemberships).innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .innerJoin(users, eq(users.id, groupMemberships.userId)).innerJoin(roles, eq(roles.id, groupMemberships.roleId))
    .where(and(eq(groups.companyId, companyId), ...where));

const problem = (status: number, message: string, propertyName: string) => HttpProblem.of(status, message, propertyName);

/** The company's users, groups and roles named by a batch, resolved in three queries. */
interface NamedRow { id: number; publicId: string; name: string }
interface UserRef extends NamedRow { email: string }
interface Lookup {
  user(publicId: string | null | undefined): UserRef;
  group(publicId: string | null | undefined): NamedRow;
  role(publicId: string | null | undefined): NamedRow;
}
/** One membership to write, its references resolved. */
interface Resolved { user: UserRef; group: NamedRow; role: NamedRow }

async function lookup(db: Db, companyId: number, items: ReadonlyArray<Record<string, unknown>>): Promise<Lookup> {
  const ids = (field: string) => [...new Set(items.map((i) => refOf(i, field)).filter((x): x is string => typeof x === "string"))];
  const userIds = ids("user");
  // One after another: `db` is the caller's transaction, one connection (see oneByOne).
  const userRows = userIds.length === 0 ? [] : await db.select({ id: users.id, publicId: users.publicId, name: users.name, email: users.email }).from(users).where(inArray(users.publicId, userIds));
  const memberRows = userIds.length === 0 ? [] : await db.selectDistinct({ publicId: users.publicId }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), inArray(users.publicId, userIds)));
  const groupRows = ids("group").length === 0 ? [] : await db.select({ id: groups.id, publicId: groups.publicId, name: groups.name }).from(groups)
    .where(and(eq(groups.companyId, companyId), inArray(groups.publicId, ids("group"))));
  const roleRows = ids("role").length === 0 ? [] : await db.select({ id: roles.id, publicId: roles.publicId, name: roles.name }).from(roles)
    .where(and(eq(roles.companyId, companyId), inArray(roles.publicId, ids("role"))));
  const byId = <T extends { publicId: string }>(rows: T[]) => new Map(rows.map((r) => [r.publicId, r]));
  const u = byId(userRows), m = new Set(memberRows.map((r) => r.publicId)), g = byId(groupRows), r = byId(roleRows);
  const need = <T>(map: Map<string, T>, id: string | null | undefined, field: string, unknown: string): T => {
    if (typeof id !== "string") throw problem(400, "Required property", field);
    const found = map.get(id);
    if (!found) throw problem(404, unknown, field);
    return found;
  };
  return {
    user: (id) => {
      const found = need(u, id, "user", MEMBERSHIP_UNKNOWN_USER);
      if (!m.has(found.publicId)) throw problem(400, MEMBERSHIP_USER_NOT_IN_COMPANY, "user");
      return found;
    },
    group: (id) => need(g, id, "group", MEMBERSHIP_UNKNOWN_GROUP),
    role: (id) => need(r, id, "role", MEMBERSHIP_UNKNOWN_ROLE),
  };
}

/** A membership change in one transaction; at commit the relay checks the company's live tunnels again. */
const inTransaction = <A>(ctx: RequestContext, fn: (tx: Db, companyId: number) => Promise<A>): Promise<A> =>
  ctx.db.transaction(async (tx) => {
    const companyId = companyOf(ctx).id;
    await lockCompany(tx, companyId);
    const result = await fn(tx, companyId);
    await noticeCompanyRightsChanged(tx, companyId);
    return result;
  });

/** Inserts new memberships (already checked), answering them as rows. */
async function insertAll(tx: Db, resolved: ReadonlyArray<Resolved>): Promise<Row[]> {
  const rows: Row[] = resolved.map((x) => ({
    id: 0, publicId: newPublicId(), userId: x.user.id, userPublicId: x.user.publicId, userName: x.user.name, userEmail: x.user.email,
    groupId: x.group.id, groupPublicId: x.group.publicId, groupName: x.group.name, roleId: x.role.id, rolePublicId: x.role.publicId, roleName: x.role.name,
  }));
  await inChunks(rows, (chunk) => tx.insert(groupMemberships).values(chunk.map((r) => ({ publicId: r.publicId, userId: r.userId, groupId: r.groupId, roleId: r.roleId }))));
  return rows;
}

/** The company member with this publicId (the path of the per-user routes); 404 otherwise. */
async function companyMember(db: Db, companyId: number, publicId: string) {
  const [row] = await db.selectDistinct({ id: users.id, publicId: users.publicId, name: users.name, email: users.email }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId)).where(and(eq(memberships.companyId, companyId), eq(users.publicId, publicId)));
  if (!row) throw problem(404, MEMBERSHIP_UNKNOWN_USER, "publicId");
  return row;
}

const byUserThenGroup = (a: Row, b: Row) => a.groupName.localeCompare(b.groupName) || a.roleName.localeCompare(b.roleName) || (a.publicId < b.publicId ? -1 : 1);

export const groupMembershipRoutes: HandlersOf<"GroupMembershipList" | "UserGroupMembershipList"> = {
  "GroupMembershipList.GET": async (ctx) => {
    const { after, orderBy } = keyset([users.name, groupMemberships.publicId], ctx.list.pageAfter);
    const where = filterConditions(ctx.list.filters, {
      publicId: { column: groupMemberships.publicId, type: "text" },
      "group.publicId": { column: groups.publicId, type: "text" },
      "user.publicId": { column: users.publicId, type: "text" },
      "role.publicId": { column: roles.publicId, type: "text" },
    });
    if (after) where.push(after);
    const rows = await select(ctx.db, companyOf(ctx).id, ...where).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.userName, r.publicId]);
    return { type: "GroupMembership", data: p.rows.map(json), moreAfter: p.moreAfter };
  },

  "GroupMembershipList.POST": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, "membership");
    const created = await inTransaction(ctx, async (tx, companyId) => {
      const refs = await lookup(tx, companyId, items);
      const resolved: Resolved[] = [];
      await eachItem(items, isList, async (item) => {
        resolved.push({ user: refs.user(refOf(item, "user")), group: refs.group(refOf(item, "group")), role: refs.role(refOf(item, "role")) });
      });
      const existing = (await select(tx, companyId, inArray(groups.id, [...new Set(resolved.map((x) => x.group.id))]))).map(triple);
      const dup = duplicateMemberships(existing, resolved.map((x) => ({ user: x.user.publicId, group: x.group.publicId, role: x.role.publicId })))[0];
      if (dup !== undefined) throw new HttpProblem(409, [{ message: MEMBERSHIP_DUPLICATE, ...(isList ? { listIndex: dup } : {}) }]);
      const rows = await insertAll(tx, resolved);
      await writeAudit(tx, actorOf(ctx), rows.map((r) => ({ action: "CREATE", topic: "GroupMembership", target: r.publicId, after: json(r) })));
      return rows;
    });
    return { type: "GroupMembership", data: created.map((r) => ({ publicId: r.publicId })), status: 201 };
  },

  "GroupMembershipList.PATCH": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, "membership");
    const changed = await inTransaction(ctx, async (tx, companyId) => {
      const refs = await lookup(tx, companyId, items);
      const ids = items.map((item, i) => itemPublicId(item, isList ? i : undefined));
      const current = new Map((await select(tx, companyId, inArray(groupMemberships.publicId, ids))).map((r) => [r.publicId, r]));
      const groupIds = [...new Set([...current.values()].map((r) => r.groupId))];
      const all = new Map((groupIds.length === 0 ? [] : await select(tx, companyId, inArray(groups.id, groupIds))).map((r) => [r.publicId, r]));
      const out: Array<{ before: Row; after: Row }> = [];
      await eachItem(items, isList, async (item, i) => {
        const before = all.get(ids[i]!) ?? current.get(ids[i]!);
        if (!before) throw problem(404, MEMBERSHIP_NOT_FOUND, "publicId");
        const role = refs.role(refOf(item, "role"));
        const after: Row = { ...before, roleId: role.id, rolePublicId: role.publicId, roleName: role.name };
        const others = [...all.values()].filter((r) => r.publicId !== before.publicId).map(triple);
        if (duplicateMemberships(others, [triple(after)]).length > 0) throw problem(409, MEMBERSHIP_DUPLICATE, "role");
        all.set(after.publicId, after);
        out.push({ before, after });
      });
      for (const { after } of out) await tx.update(groupMemberships).set({ roleId: after.roleId }).where(eq(groupMemberships.id, after.id));
      await writeAudit(tx, actorOf(ctx), out.map((c) => ({ action: "UPDATE", topic: "GroupMembership", target: c.after.publicId, before: json(c.before), after: json(c.after) })));
      return out.map((c) => all.get(c.after.publicId)!);
    });
    return { type: "GroupMembership", data: changed.map(json) };
  },

  "GroupMembershipList.DELETE": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, "membership");
    const deleted = await inTransaction(ctx, async (tx, companyId) => {
      const ids = items.map((item, i) => itemPublicId(item, isList ? i : undefined));
      const found = new Map((await select(tx, companyId, inArray(groupMemberships.publicId, ids))).map((r) => [r.publicId, r]));
      const gone = new Set<string>();
      await eachItem(items, isList, async (_item, i) => {
        if (!found.has(ids[i]!) || gone.has(ids[i]!)) throw problem(404, MEMBERSHIP_NOT_FOUND, "publicId");
        gone.add(ids[i]!);
      });
      await tx.delete(groupMemberships).where(inArray(groupMemberships.id, [...found.values()].map((r) => r.id)));
      await writeAudit(tx, actorOf(ctx), [...found.values()].map((r) => ({ action: "DELETE", topic: "GroupMembership", target: r.publicId, before: json(r) })));
      return ids;
    });
    return { type: "GroupMembership", data: deleted.map((publicId) => ({ publicId })) };
  },

  "UserGroupMembershipList.GET": async (ctx) => {
    const companyId = companyOf(ctx).id;
    const user = await companyMember(ctx.db, companyId, ctx.params["publicId"] ?? "");
    const rows = await select(ctx.db, companyId, eq(groupMemberships.userId, user.id));
    return { type: "GroupMembership", data: rows.sort(byUserThenGroup).map(json) };
  },

  "UserGroupMembershipList.PUT": async (ctx) => {
    const desired = ctx.body;
    const result = await inTransaction(ctx, async (tx, companyId) => {
      const user = await companyMember(tx, companyId, ctx.params["publicId"] ?? "");
      const items = desired.map((d) => ({ ...d, user: { publicId: user.publicId } }) as Record<string, unknown>);
      const refs = await lookup(tx, companyId, items);
      const resolved: Resolved[] = [];
      await eachItem(items, true, async (item) => {
        resolved.push({ user: refs.user(refOf(item, "user")), group: refs.group(refOf(item, "group")), role: refs.role(refOf(item, "role")) });
      });
      const wanted = resolved.map((x) => ({ user: x.user.publicId, group: x.group.publicId, role: x.role.publicId }));
      const dup = duplicateMemberships([], wanted)[0];
      if (dup !== undefined) throw new HttpProblem(409, [{ message: MEMBERSHIP_DUPLICATE, listIndex: dup }]);
      const current = (await select(tx, companyId, eq(groupMemberships.userId, user.id))).map(triple);
      const plan = planMembershipReplacement(current, wanted);
      if (plan.remove.length > 0) await tx.delete(groupMemberships).where(inArray(groupMemberships.id, plan.remove.map((r) => r.id)));
      const addKeys = new Set(plan.add.map((a) => `${a.group}\u0000${a.role}`));
      const added = await insertAll(tx, resolved.filter((x) => addKeys.has(`${x.group.publicId}\u0000${x.role.publicId}`)));
      await writeAudit(tx, actorOf(ctx), [
        ...plan.remove.map((r) => ({ action: "DELETE" as const, topic: "GroupMembership", target: r.publicId, before: json(r) })),
        ...added.map((r) => ({ action: "CREATE" as const, topic: "GroupMembership", target: r.publicId, after: json(r) })),
      ]);
      return [...plan.keep, ...added];
    });
    return { type: "GroupMembership", data: result.sort(byUserThenGroup).map(json) };
  },
};
