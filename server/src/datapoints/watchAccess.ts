/**
 * Which of the devices a live data-point watch follows its user may still see (issue 13): the
 * rules of PUT /api/event-streams/{id}/data-point-watches, read again from the database (never
 * from the membership cache, which a change may not have reached yet). A watch is made once; the
 * LiveDataHub asks this again when rights change (relay notices) and on its periodic check, and
 * stops delivering the devices it no longer answers.
 */
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { endpointOf } from "@portal/core/wire/routes";
import type { Db } from "../db/Database";
import { agents, memberships, roles } from "../db/schema";
import { deviceAudienceFilter } from "../roles/companyMembers";
import { activeMembership } from "../users/members";

/** The rights of the watch route (any one of them), from core's route table. */
const WATCH_RIGHTS: ReadonlyArray<string> = endpointOf("DataPointWatch", "PUT")?.endpoint.rights ?? [];

/**
 * The ids among `agentIds` that user `userId` may watch in company `companyId` at `now`: the user
 * has an active membership there whose role grants one of the watch route's rights, the device is
 * the company's, and its access category is one the user may see (deviceAudienceFilter, as
 * findAgent applies it). Guarantees: a subset of `agentIds`; empty when the membership ended or
 * its role lost the rights.
 */
export async function watchableAgents(db: Db, userId: number, companyId: number, agentIds: ReadonlyArray<number>, now: number): Promise<Set<number>> {
  if (agentIds.length === 0) return new Set();
  const held = await db.select({ rights: roles.rights }).from(memberships).innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId), activeMembership(now)));
  const rights = new Set(held.flatMap((r) => r.rights));
  if (!WATCH_RIGHTS.some((r) => rights.has(r))) return new Set();
  const only = await deviceAudienceFilter(db, userId, companyId, rights, now);
  const seen = only === null ? [] : [only.length === 0 ? isNull(agents.audienceId) : or(isNull(agents.audienceId), inArray(agents.audienceId, [...only]))!];
  const rows = await db.select({ id: agents.id }).from(agents).where(and(inArray(agents.id, [...agentIds]), eq(agents.companyId, companyId), ...seen));
  return new Set(rows.map((r) => r.id));
}
