/**
 * The users of the selected company (issue 11): the list with search (name and e-mail, case-
 * insensitive), sort (name or e-mail) and cursor paging; one member; change of role, temporary
 * access, and removal from the company. Every change is one transaction that writes its audit
 * entry and is judged by core's last-administrator rule (users/members.ts).
 */
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { InvalidInput, NotFound } from "@portal/core/errors";
import type { CompanyUser } from "@portal/core/domain/CompanyUser";
import { checkExpiresOn, UNKNOWN_ROLE } from "@portal/core/rules/users";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { groupMemberships, groups, memberships, roles, users } from "../db/schema";
import { page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { activeMembership, changeMembers } from "../users/members";
import { noticeMemberChanged } from "../relay/relayContext";

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One row per member: the membership with the lowest id stands for the user (one role each). */
const firstMembership = sql`not exists (select 1 from memberships m2 where m2.company_id = ${memberships.companyId} and m2.user_id = ${memberships.userId} and m2.id < ${memberships.id})`;

const memberColumns = {
  publicId: users.publicId, name: users.name, email: users.email, userId: users.id, membershipId: memberships.id,
  rolePublicId: roles.publicId, roleName: roles.name, expiresOn: memberships.expiresOn,
};
type MemberRow = { publicId: string; name: string; email: string; userId: number; membershipId: number; rolePublicId: string; roleName: string; expiresOn: Date | null };

export const memberJson = (r: MemberRow): CompanyUser => ({
  publicId: r.publicId, name: r.name, email: r.email,
  role: { publicId: r.rolePublicId, name: r.roleName },
  expiresOn: r.expiresOn ? r.expiresOn.toISOString() : null,
});

const membersQuery = (db: Db, where: SQL) =>
  db.select(memberColumns).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId)).innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(where);

/** The member (by user publicId) of the request's company; NotFound when not a member now. */
async function memberOf(db: Db, ctx: RequestContext, publicId: string): Promise<MemberRow> {
  const [row] = await membersQuery(db, and(eq(memberships.companyId, companyOf(ctx).id), eq(users.publicId, publicId), activeMembership(ctx.now), firstMembership)!);
  if (!row) throw new NotFound({ entity: "User", publicId });
  return row;
}

export const userRoutes: HandlersOf<"UserList" | "User"> = {
  "UserList.GET": async (ctx) => {
    const sort = ctx.query["sort"] === "email" ? "email" : "name";
    // Sorted on the lower-cased text, byte-wise (C collation), so that the order and the keyset
    // comparison agree on every backend whatever its default collation.
    const sortKey = sql`lower(${sort === "email" ? users.email : users.name}) collate "C"`;
    const tieKey = sql`${users.publicId} collate "C"`;
    const cursor = ctx.list.pageAfter;
    if (cursor !== undefined && (cursor.length !== 2 || cursor.some((v) => typeof v !== "string"))) {
      throw new InvalidInput({ issues: [{ message: "Invalid cursor", propertyName: "page-after" }] });
    }
    const after = cursor ? sql`(${sortKey}, ${tieKey}) > (${cursor[0]} collate "C", ${cursor[1]} collate "C")` : undefined;
    const where: SQL[] = [eq(memberships.companyId, companyOf(ctx).id), activeMembership(ctx.now), firstMembership];
    const search = typeof ctx.query["search"] === "string" ? ctx.query["search"].trim() : "";
    if (search !== "") {
      const pattern = `%${escapeLike(search)}%`;
      where.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
    }
    for (const f of ctx.list.filters) {
      // The list's own columns, as api.md's `filters`: name and email contain/eq, role.publicId eq/in.
      const column = f.column === "name" ? users.name : f.column === "email" ? users.email : f.column === "role.publicId" ? roles.publicId : undefined;
      if (!column) throw new InvalidInput({ issues: [{ message: `Cannot filter on ${f.column}; filterable: name, email, role.publicId`, propertyName: "filters" }] });
      if (f.op === "contains") where.push(ilike(column, `%${escapeLike(f.values[0] ?? "")}%`));
      else if (f.op === "eq") where.push(eq(column, f.values[0] ?? ""));
      else if (f.op === "in") where.push(inArray(column, [...f.values]));
      else throw new InvalidInput({ issues: [{ message: `Use eq, in or contains on ${f.column}`, propertyName: "filters" }] });
    }
    if (after) where.push(after);
    const rows = await ctx.db.select({ ...memberColumns, sortValue: sql<string>`lower(${sort === "email" ? users.email : users.name})` }).from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId)).innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(and(...where))
      .orderBy(asc(sortKey), asc(tieKey))
      .limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.sortValue, r.publicId]);
    return { type: "User", data: p.rows.map(memberJson), moreAfter: p.moreAfter };
  },

  "User.GET": async (ctx) => ({ type: "User", data: memberJson(await memberOf(ctx.db, ctx, ctx.params["publicId"] ?? "")) }),

  "User.PATCH": async (ctx) => {
    const company = companyOf(ctx);
    const body = ctx.body ?? {};
    const updated = await ctx.db.transaction(async (tx) => changeMembers(tx, company.id, ctx.now, async () => {
      const member = await memberOf(tx, ctx, ctx.params["publicId"] ?? "");
      const before = memberJson(member);
      let roleRow = { id: 0, publicId: member.rolePublicId, name: member.roleName };
      if (body.role !== undefined) {
        const wanted = body.role?.publicId ?? "";
        const [found] = wanted === "" ? [] : await tx.select({ id: roles.id, publicId: roles.publicId, name: roles.name }).from(roles)
          .where(and(eq(roles.companyId, company.id), eq(roles.publicId, wanted)));
        if (!found) throw new InvalidInput({ issues: [{ message: UNKNOWN_ROLE, propertyName: "role" }] });
        roleRow = found;
        // One role per member: the others go, the first membership takes the new role.
        await tx.delete(memberships).where(and(eq(memberships.companyId, company.id), eq(memberships.userId, member.userId), ne(memberships.id, member.membershipId)));
        await tx.update(memberships).set({ roleId: found.id }).where(eq(memberships.id, member.membershipId));
      }
      let expiresOn = member.expiresOn;
      if (body.expiresOn !== undefined) {
        const checked = checkExpiresOn(body.expiresOn, ctx.now);
        if (!checked.ok) throw new InvalidInput({ issues: [checked.issue] });
        expiresOn = checked.expiresOn === null ? null : new Date(checked.expiresOn);
        await tx.update(memberships).set({ expiresOn }).where(and(eq(memberships.companyId, company.id), eq(memberships.userId, member.userId)));
      }
      const after = memberJson({ ...member, rolePublicId: roleRow.publicId, roleName: roleRow.name, expiresOn });
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "CompanyUser", target: member.publicId, before, after }]);
      await noticeMemberChanged(tx, member.userId, company.id);
      return after;
    }));
    return { type: "User", data: updated };
  },

  "User.DELETE": async (ctx) => {
    const company = companyOf(ctx);
    const publicId = ctx.params["publicId"] ?? "";
    await ctx.db.transaction(async (tx) => changeMembers(tx, company.id, ctx.now, async () => {
      const member = await memberOf(tx, ctx, publicId);
      await tx.delete(memberships).where(and(eq(memberships.companyId, company.id), eq(memberships.userId, member.userId)));
      // Roles in the company's groups go with the membership: they would give device rights otherwise.
      await tx.delete(groupMemberships).where(and(eq(groupMemberships.userId, member.userId),
        inArray(groupMemberships.groupId, tx.select({ id: groups.id }).from(groups).where(eq(groups.companyId, company.id)))));
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: "CompanyUser", target: member.publicId, before: memberJson(member) }]);
      await noticeMemberChanged(tx, member.userId, company.id);
    }));
    return { type: "User", data: { publicId } };
  },
};
