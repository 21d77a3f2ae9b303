/**
 * Rights on one device (issue 9 on spec.md section 6): a user's role in the company grants its
 * rights on every device of the company; a role the user holds in a group grants its rights on
 * the devices of that group and of all its subgroups (issue 11: a device in a subgroup is in the
 * parent group too, so whoever approves for "Plant" approves for "Plant / Hall A"). Who may approve (approve access-requests), who bypasses approval
 * (manage access-requests), and the approvers a requester may address.
 */
import type { Approver } from "../domain/AccessRequest";
import type { Right } from "../domain/Right";
import { sortApprovers } from "./approvers";
import { groupsBelow, type TreeLink } from "./groupTree";

/** Rights a user holds through a role in one group. */
export interface GroupGrant {
  readonly groupId: string;
  readonly rights: ReadonlyArray<string>;
}

/**
 * The user's rights on a device in the groups `deviceGroupIds`: the company rights plus the rights
 * of every grant whose group contains the device. Guarantees: a superset of the company rights;
 * a grant of a group the device is not in adds nothing.
 */
export const rightsOnDevice = (
  companyRights: Iterable<string>, grants: ReadonlyArray<GroupGrant>, deviceGroupIds: ReadonlyArray<string>,
): Set<string> => {
  const rights = new Set<string>(companyRights);
  const groups = new Set(deviceGroupIds);
  for (const g of grants) if (groups.has(g.groupId)) for (const r of g.rights) rights.add(r);
  return rights;
};

/**
 * The grants as they reach down the group tree: each grant repeated on every subgroup below its
 * group (groupsBelow), so that rightsOnDevice over a device's own groups counts the roles held in
 * the groups above them. Guarantees: every original grant is kept; a grant is added only on a
 * group below the granting one; nothing is added without a tree.
 */
export const grantsThroughSubgroups = (grants: ReadonlyArray<GroupGrant>, tree: ReadonlyArray<TreeLink>): GroupGrant[] =>
  grants.flatMap((g) => [...groupsBelow(tree, [g.groupId])].map((groupId) => ({ groupId, rights: g.rights })));

export const APPROVE_RIGHT: Right = "approve:access-requests";
export const BYPASS_RIGHT: Right = "manage:access-requests";
export const REQUEST_RIGHT: Right = "use:access-requests";

/** Whether these device rights make the user an approver of the device. */
export const canApproveWith = (rights: ReadonlySet<string>): boolean => rights.has(APPROVE_RIGHT);
/** Whether these device rights bypass approval (spec 6: manage access-requests). */
export const bypassesApprovalWith = (rights: ReadonlySet<string>): boolean => rights.has(BYPASS_RIGHT);

/** A member of the company with their rights on the device. */
export interface DeviceMember extends Approver {
  readonly rights: ReadonlySet<string>;
}

/**
 * The approvers a requester may address for a device: the members holding the approve right on
 * it, the requester left out (nobody approves their own request), sorted by name (approvers.ts).
 * Empty means 'Unable to request access'.
 */
export const possibleApprovers = (members: ReadonlyArray<DeviceMember>, requesterId: string): Approver[] =>
  sortApprovers(members.filter((m) => m.publicId !== requesterId && canApproveWith(m.rights)).map(({ publicId, name }) => ({ publicId, name })));
