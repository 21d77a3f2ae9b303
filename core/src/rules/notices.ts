/**
 * Which events become a notice in my messages (issue 11), and with which catalogue key. Pure:
 * the server calls these where the events happen and stores what they answer, one row per user.
 */
import type { AccessRequestChange } from "../wire/events";
import type { MessageKind } from "../domain/Message";

/** A notice to store for one user: its kind, catalogue key, params and link. */
export interface Notice {
  readonly kind: MessageKind;
  readonly key: string;
  readonly params: Readonly<Record<string, string>>;
  readonly link: string | null;
}

const DECISION_KEYS: Partial<Record<AccessRequestChange, string>> = {
  approved: "NAME_HAS_APPROVED_YOUR_ACCESS_REQUEST",
  rejected: "NAME_HAS_REJECTED_YOUR_ACCESS_REQUEST",
  revoked: "NAME_HAS_REVOKED_YOUR_ACCESS_REQUEST",
  expired: "YOUR_ACCESS_REQUEST_EXPIRED",
};

/**
 * The requester's notice of a change of their access request: a decision (approved, rejected,
 * revoked) names the approver and the device; an undecided request that expired says so. Other
 * changes (created, cancelled, released, extended) are the requester's own doing or carry no
 * decision: null. Only the requester is told; approvers see the request in their own list.
 */
export function accessDecisionNotice(change: AccessRequestChange, approverName: string | null, deviceName: string): Notice | null {
  const key = DECISION_KEYS[change];
  if (key === undefined) return null;
  return {
    kind: "access-decision", key,
    params: { ...(approverName !== null && approverName.trim() !== "" ? { name: approverName } : {}), device: deviceName },
    link: "/my-access-requests",
  };
}

/** The notice of an invite to a company, for an address that already has an account. */
export const inviteNotice = (companyName: string): Notice => ({
  kind: "invite", key: "YOU_ARE_INVITED_TO_COMPANY", params: { name: companyName }, link: "/my-companies",
});

/** The notice that my temporary access to a company ends soon (the expiry warning rule decides when). */
export const expiringAccessNotice = (companyName: string, expiresOn: string): Notice => ({
  kind: "expiring-access", key: "YOUR_ACCESS_TO_COMPANY_EXPIRES", params: { name: companyName, date: expiresOn }, link: "/my-companies",
});

/**
 * The notice that an activation of a device ran out (a trial on its date, a coupon, a licence):
 * told to the company's licence managers, with a link to the device.
 */
export const licenceEndedNotice = (method: string, feature: string, deviceName: string, agentPublicId: string): Notice => ({
  kind: "licence-ended", key: "LICENCE_FEATURE_ENDED", params: { method, feature, device: deviceName }, link: `/devices/${agentPublicId}`,
});
