/**
 * A company's members as core's last-administrator rule sees them, read in the change's
 * transaction. Every change of members (role, temporary access, removal) locks the company row
 * first, so two administrators who demote each other at the same time are judged one after the
 * other and cannot both succeed (each would see the other still an administrator).
 */
import { and, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { Result } from "effect";
import { ADMINISTRATOR_RIGHT, checkAdministratorsRemain, type AdministeredMember } from "@portal/core/rules/administrators";
import type { Db } from "../db/Database";
import { companies, memberships, roles } from "../db/schema";

/**
 * Memberships that still count at `now`: permanent, or ending after now. The SQL form of core's
 * isMembershipActive (rules/temporaryAccess.ts), for the queries that filter in the database.
 */
export const activeMembership = (now: number): SQL =>
  or(isNull(memberships.expiresOn), gt(memberships.expiresOn, new Date(now)))!;

/** Locks the company's row until the transaction ends (serialises member changes of one company). */
export async function lockCompany(tx: Db, companyId: number): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}

/**
 * The members whose role could make them administrators (the role holds ADMINISTRATOR_RIGHT):
 * the rule counts no one else, so the others need not be read, which keeps a change cheap in a
 * company of 10,000 members.
 */
export async function administratorCandidates(tx: Db, companyId: number, now: number): Promise<AdministeredMember[]> {
  const rows = await tx.select({ userId: memberships.userId, rights: roles.rights, expiresOn: memberships.expiresOn })
    .from(memberships).innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.companyId, companyId), activeMembership(now), sql`${roles.rights} @> ${JSON.stringify([ADMINISTRATOR_RIGHT])}::jsonb`));
  return rows.map((r) => ({ userId: String(r.userId), rights: r.rights, expiresOn: r.expiresOn?.getTime() ?? null }));
}

/**
 * Runs `change` (which writes the members' new state with `tx`) between two reads of the
 * company's administrators and fails the transaction with core's Conflict (LAST_ADMINISTRATOR)
 * when it would take away the last one. Call inside a transaction.
 */
export async function changeMembers<T>(tx: Db, companyId: number, now: number, change: () => Promise<T>): Promise<T> {
  await lockCompany(tx, companyId);
  const before = await administratorCandidates(tx, companyId, now);
  const result = await change();
  const after = await administratorCandidates(tx, companyId, now);
  const checked = checkAdministratorsRemain(before, after);
  if (Result.isFailure(checked)) throw checked.failure;
  return result;
}
