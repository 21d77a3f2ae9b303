/**
 * Invites as stored: their JSON for the administrators' list and for my invites, the terms a
 * company asks new members to accept, and joining a company from an invite (membership, group
 * roles, terms acceptance, the invite deleted) in the caller's transaction.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { InvalidInput } from "@portal/core/errors";
import type { PendingInvite } from "@portal/core/domain/CompanyUser";
import { TERMS_OF_USE_NOT_ACCEPTED } from "@portal/core/rules/users";
import type { Db } from "../db/Database";
import { companies, groupMemberships, groups, invites, memberships, roles, termsAcceptances, termsOfUsePolicies } from "../db/schema";
import { newPublicId } from "../ids";
import { activeMembership, lockCompany } from "./members";
import { defaultAudienceId } from "../roles/companyMembers";

export type InviteRow = typeof invites.$inferSelect;

const iso = (d: Date): string => d.toISOString();

/** The administrators' view of invites (role and group names read in two queries, not per row). */
export async function pendingInvitesJson(db: Db, rows: ReadonlyArray<InviteRow>): Promise<PendingInvite[]> {
  if (rows.length === 0) return [];
  const roleIds = [...new Set(rows.map((r) => r.roleId))];
  const groupIds = [...new Set(rows.flatMap((r) => r.groupIds))];
  const roleRows = await db.select({ id: roles.id, publicId: roles.publicId, name: roles.name }).from(roles).where(inArray(roles.id, roleIds));
  const groupRows = groupIds.length === 0 ? [] : await db.select({ id: groups.id, publicId: groups.publicId, name: groups.name }).from(groups).where(inArray(groups.id, groupIds));
  const roleById = new Map(roleRows.map((r) => [r.id, r]));
  const groupById = new Map(groupRows.map((g) => [g.id, g]));
  return rows.map((r) => {
    const role = roleById.get(r.roleId);
    return {
      publicId: r.publicId, email: r.email, name: r.name,
      role: role ? { publicId: role.publicId, name: role.name } : null,
      groups: r.groupIds.flatMap((id) => { const g = groupById.get(id); return g ? [{ publicId: g.publicId, name: g.name }] : []; }),
      memberExpiresOn: r.memberExpiresOn ? iso(r.memberExpiresOn) : null,
      expiresOn: iso(r.expiresAt), createdAt: iso(r.createdAt),
    };
  });
}

/** The terms a new member of the company accepts: the company's own when it has custom terms, else its sector's latest. */
export async function companyTerms(db: Db, companyId: number): Promise<{ id: number; publicId: string; body: string } | null> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!c) return null;
  const latest = (where: ReturnType<typeof eq>) => db.select({ id: termsOfUsePolicies.id, publicId: termsOfUsePolicies.publicId, body: termsOfUsePolicies.body })
    .from(termsOfUsePolicies).where(where).orderBy(desc(termsOfUsePolicies.createdAt), desc(termsOfUsePolicies.id)).limit(1);
  if (c.customTermsOfUse === "company") {
    const [own] = await latest(eq(termsOfUsePolicies.companyId, c.id));
    if (own) return own;
  }
  const [sector] = await latest(eq(termsOfUsePolicies.sectorId, c.sectorId));
  return sector ?? null;
}

/**
 * Makes `userId` a member of the invite's company as the invite says (role, groups, temporary
 * access) and deletes the invite. When the company has terms, `termsOfUsePolicy` must be their
 * publicId (InvalidInput TERMS_OF_USE_NOT_ACCEPTED otherwise); the acceptance is recorded.
 * Call inside the transaction that consumed the invite.
 */
export async function joinFromInvite(tx: Db, invite: InviteRow, userId: number, termsOfUsePolicy: string | null | undefined, now: number): Promise<void> {
  // Member changes of a company run one at a time (a group is deleted only while it has no
  // members: unlocked, this insert slipped a member into a group being deleted).
  await lockCompany(tx, invite.companyId);
  const terms = await companyTerms(tx, invite.companyId);
  if (terms && termsOfUsePolicy !== terms.publicId) {
    throw new InvalidInput({ issues: [{ message: TERMS_OF_USE_NOT_ACCEPTED, propertyName: "termsOfUsePolicy" }] });
  }
  if (terms) await tx.insert(termsAcceptances).values({ userId, policyId: terms.id, acceptedAt: new Date(now) }).onConflictDoNothing();
  // A user who is already a member (added since the invite) keeps the membership they have.
  const existing = await tx.select({ id: memberships.id }).from(memberships)
    .where(and(eq(memberships.companyId, invite.companyId), eq(memberships.userId, userId), activeMembership(now)));
  if (existing.length === 0) {
    // A temporary access that has ended leaves rows behind: the invite replaces them.
    await tx.delete(memberships).where(and(eq(memberships.companyId, invite.companyId), eq(memberships.userId, userId)));
    // A new member gets the company's default access category, if it has one (rules/accessCategories.ts).
    const audienceId = await defaultAudienceId(tx, invite.companyId);
    await tx.insert(memberships).values({ publicId: newPublicId(), userId, companyId: invite.companyId, roleId: invite.roleId, expiresOn: invite.memberExpiresOn, audienceId });
  }
  if (invite.groupIds.length > 0) {
    const stillThere = await tx.select({ id: groups.id }).from(groups).where(and(eq(groups.companyId, invite.companyId), inArray(groups.id, invite.groupIds)));
    if (stillThere.length > 0) {
      await tx.insert(groupMemberships).values(stillThere.map((g) => ({ publicId: newPublicId(), userId, groupId: g.id, roleId: invite.roleId }))).onConflictDoNothing();
    }
  }
  await tx.delete(invites).where(eq(invites.id, invite.id));
}
