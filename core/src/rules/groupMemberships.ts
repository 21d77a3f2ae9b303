/**
 * Group memberships (spec 3 "User membership", spec 7 "Memberships: POST, PATCH, DELETE list, PUT
 * per user"): a user holds a role in a group. The rules here decide a batch of new memberships
 * and the replacement of a user's memberships, for server, web and CLI alike.
 *
 * Decisions taken here:
 * - A membership is the triple (user, group, role); the same triple twice is a duplicate (409),
 *   while one user may hold two different roles in one group (each role's rights apply).
 * - Only members of the company may join its groups.
 * - Replacing a user's memberships keeps the memberships (and their publicIds) that stay,
 *   deletes the ones that go and adds the new ones; the same triple twice in the desired list is
 *   a duplicate, reported at its second place.
 */

/** A membership as the rules see it: publicIds of user, group and role. */
export interface MembershipTriple {
  readonly user: string;
  readonly group: string;
  readonly role: string;
}

/** Message keys of the membership rules (sentences in messages/englishMessages.ts). */
export const MEMBERSHIP_DUPLICATE = "MEMBERSHIP_DUPLICATE";
export const MEMBERSHIP_UNKNOWN_USER = "MEMBERSHIP_UNKNOWN_USER";
export const MEMBERSHIP_USER_NOT_IN_COMPANY = "MEMBERSHIP_USER_NOT_IN_COMPANY";
export const MEMBERSHIP_UNKNOWN_GROUP = "MEMBERSHIP_UNKNOWN_GROUP";
export const MEMBERSHIP_UNKNOWN_ROLE = "MEMBERSHIP_UNKNOWN_ROLE";

/** The key of a triple, for set comparisons. */
export const membershipKey = (m: MembershipTriple): string => `${m.user}\u0000${m.group}\u0000${m.role}`;

/**
 * The list indexes of `items` that duplicate an existing membership or an earlier item of the
 * same list, in ascending order. Empty means the batch may be added as it is.
 */
export const duplicateMemberships = (existing: ReadonlyArray<MembershipTriple>, items: ReadonlyArray<MembershipTriple>): number[] => {
  const seen = new Set(existing.map(membershipKey));
  const out: number[] = [];
  items.forEach((m, i) => {
    const key = membershipKey(m);
    if (seen.has(key)) out.push(i);
    seen.add(key);
  });
  return out;
};

/** What replacing a user's memberships does: which current ones stay or go, which are new. */
export interface MembershipReplacement<M extends MembershipTriple> {
  readonly keep: M[];
  readonly remove: M[];
  readonly add: MembershipTriple[];
}

/**
 * Plans the replacement of one user's memberships `current` by `desired` (which must be free of
 * duplicates: see duplicateMemberships). Guarantees: keep + add is exactly the desired set;
 * keep and remove split current; nothing that stays is deleted and added again.
 */
export const planMembershipReplacement = <M extends MembershipTriple>(
  current: ReadonlyArray<M>, desired: ReadonlyArray<MembershipTriple>,
): MembershipReplacement<M> => {
  const wanted = new Set(desired.map(membershipKey));
  const have = new Set(current.map(membershipKey));
  return {
    keep: current.filter((m) => wanted.has(membershipKey(m))),
    remove: current.filter((m) => !wanted.has(membershipKey(m))),
    add: desired.filter((m) => !have.has(membershipKey(m))),
  };
};
