/**
 * Temporary access (spec.md section 3, issue 11): a membership with an `expiresOn` ends then. An
 * ended membership grants nothing: not its role's rights in the company, and not the roles the
 * user holds in the company's groups either (those are given to members; someone whose access
 * ended is no member). The server's rights checks, its approver lookup and the relay all judge a
 * membership by these functions; the SQL of the lists (server users/members.ts activeMembership)
 * states the same condition for the database.
 */
import type { GroupGrant } from "./deviceRights";

/** A membership as this rule sees it: its role's rights and its end (epoch ms; null: permanent). */
export interface HeldMembership {
  readonly rights: ReadonlyArray<string>;
  readonly expiresOn: number | null;
}

/** Whether a membership ending at `expiresOn` still counts at `now`: permanent, or ending after now. */
export const isMembershipActive = (expiresOn: number | null, now: number): boolean => expiresOn === null || expiresOn > now;

/** What a user holds in a company at one instant. */
export interface AccessNow {
  /** Whether at least one membership is active. */
  readonly member: boolean;
  /** The rights of the active memberships' roles. */
  readonly companyRights: Set<string>;
  /** The group roles, only while the user is a member; none otherwise. */
  readonly grants: ReadonlyArray<GroupGrant>;
  /** When all this ends (epoch ms): the last end of the active memberships; null when one is permanent or none is active. */
  readonly endsAt: number | null;
}

/**
 * What the user's memberships and group roles grant at `now`. Guarantees: with no active
 * membership, nothing at all (no company right, no group grant); an active membership's rights
 * are always in; an ended one's rights are in only when another active membership gives them.
 */
export const accessAt = (memberships: ReadonlyArray<HeldMembership>, grants: ReadonlyArray<GroupGrant>, now: number): AccessNow => {
  const active = memberships.filter((m) => isMembershipActive(m.expiresOn, now));
  return {
    member: active.length > 0,
    companyRights: new Set(active.flatMap((m) => m.rights)),
    grants: active.length > 0 ? grants : [],
    endsAt: active.length === 0 || active.some((m) => m.expiresOn === null) ? null : Math.max(...active.map((m) => m.expiresOn!)),
  };
};

/**
 * A permission to pass "until" an instant (null: for as long as the link lives), cut at the end of
 * the temporary access `endsAt` (null: permanent). Guarantees: never later than either.
 */
export const untilWithin = (until: number | null, endsAt: number | null): number | null =>
  until === null ? endsAt : endsAt === null ? until : Math.min(until, endsAt);
