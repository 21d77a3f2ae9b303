/**
 * What role and access-category changes read and tell (issue 11): the company's members as
 * core's last-administrator rule sees them, the event that makes signed-in clients reload their
 * rights, the default access category new members get, and the categories that restrict a
 * caller's view of devices (rules/accessCategories.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import type { AdministeredMember } from "@portal/core/rules/administrators";
import { restrictedTo } from "@portal/core/rules/accessCategories";
import { MANAGE_ACCESS_REQUESTS } from "@portal/core/rules/rights";
import { RIGHTS_CHANGED_EVENT, type RightsChangedEvent } from "@portal/core/wire/events";
import { rowsOf, type Db } from "../db/Database";
import { audiences, memberships, roles } from "../db/schema";
import { EventHub } from "../events/EventHub";
import { noticeCompanyRightsChanged } from "../relay/relayContext";
import { activeMembership } from "../users/members";

/** A membership row as the administrator rule needs it, with the role it holds. */
export interface MemberRole extends AdministeredMember {
  readonly roleId: number;
}

/** The company's memberships with their role's rights (one entry per membership row). */
export async function companyMembers(tx: Db, companyId: number): Promise<MemberRole[]> {
  const rows = await tx.select({ userId: memberships.userId, roleId: memberships.roleId, rights: roles.rights })
    .from(memberships).innerJoin(roles, eq(roles.id, memberships.roleId)).where(eq(memberships.companyId, companyId));
  return rows.map((r) => ({ userId: String(r.userId), roleId: r.roleId, rights: r.rights }));
}

/** The members as they would be if role `roleId` granted `rights` (the "after" of a rights edit). */
export const withRoleRights = (members: ReadonlyArray<MemberRole>, roleId: number, rights: ReadonlyArray<string>): MemberRole[] =>
  members.map((m) => (m.roleId === roleId ? { ...m, rights } : m));

/**
 * Tells every member of the company (company roles and group roles alike) that rights changed,
 * in the change's transaction: their clients reload their rights (RIGHTS_CHANGED_EVENT), and the
 * relay checks the company's live tunnels again (a right taken away ends its tunnels at once).
 */
export async function publishRightsChanged(tx: Db, company: { readonly id: number; readonly publicId: string }): Promise<void> {
  const users = rowsOf<{ user_id: number }>(await tx.execute(sql`
    select user_id from memberships where company_id = ${company.id}
    union select gm.user_id from group_memberships gm join groups g on g.id = gm.group_id where g.company_id = ${company.id}`));
  const data: RightsChangedEvent = { company: company.publicId };
  await EventHub.publishToAll(tx, users.map((u) => Number(u.user_id)), RIGHTS_CHANGED_EVENT, data);
  await noticeCompanyRightsChanged(tx, company.id);
}

/**
 * The id of the company's default access category, or null when it has none: what a new
 * membership's `audience_id` is set to (the users and invites handlers call this in their
 * transaction).
 */
export async function defaultAudienceId(tx: Db, companyId: number): Promise<number | null> {
  const [row] = await tx.select({ id: audiences.id }).from(audiences).where(and(eq(audiences.companyId, companyId), eq(audiences.isDefault, true)));
  return row?.id ?? null;
}

/**
 * The access categories (ids) the caller's view of devices is restricted to, or null when they see
 * every device: core's restrictedTo over the categories of their memberships in the company.
 */
export async function deviceAudienceFilter(
  db: Db, userId: number, companyId: number, rights: ReadonlySet<string>, now: number,
): Promise<ReadonlyArray<number> | null> {
  if (rights.has(MANAGE_ACCESS_REQUESTS)) return null;
  const rows = await db.selectDistinct({ id: memberships.audienceId }).from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId), activeMembership(now)));
  const ids = rows.flatMap((r) => (r.id === null ? [] : [String(r.id)]));
  const only = restrictedTo({ audiences: ids, managesAccessRequests: false });
  return only === null ? null : only.map(Number);
}
