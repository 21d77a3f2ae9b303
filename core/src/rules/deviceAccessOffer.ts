/**
 * What the web access and VPN connect components offer (issue 13), from the rules the device
 * page already follows (rules/tunnelAccess.ts, rules/connectPermission.ts; spec.md section 6):
 * a service or the VPN is offered as "open"/"connect" when access needs no approval or an
 * approved request covers the current minute, else as "request" (Request access). The connect
 * itself still goes through connectDecision, which the server checks again with the ticket.
 */
import type { VpnClientStatus } from "../domain/VpnClient";
import type { ConnectTarget, GrantingRequest } from "./connectPermission";
import { mayConnectNow } from "./tunnelAccess";

export interface OfferContext {
  readonly target: ConnectTarget;
  readonly agent: { readonly vpnRequireAccessApproval: boolean; readonly canManageAccessRequests: boolean; readonly scheduledAccessRequests: ReadonlyArray<GrantingRequest> };
  readonly accessRequestsInUse: boolean;
  /** Epoch milliseconds. */
  readonly now: number;
}

/**
 * "open" when the target may be used now (no approval needed, a device manager, or an approved
 * request covering the current minute), else "request". Never fails.
 */
export const accessOffer = (ctx: OfferContext): "open" | "request" =>
  mayConnectNow({
    target: ctx.target, agent: ctx.agent, requests: ctx.agent.scheduledAccessRequests,
    accessRequestsInUse: ctx.accessRequestsInUse, canManageAccessRequests: ctx.agent.canManageAccessRequests, now: ctx.now,
  }) ? "open" : "request";

/** The VPN as a VPN connect component shows it for one device. */
export type VpnComponentState =
  | { readonly kind: "no-client" }
  | { readonly kind: "idle" }
  | { readonly kind: "connecting" | "connected"; readonly vpnAddress: string | null }
  /** The client is busy with another device: connecting here would end that session. */
  | { readonly kind: "other-device"; readonly deviceName: string };

/**
 * The state for `agentPublicId` from the local client's status (null: the client is not found).
 * Guarantees: "connecting"/"connected" only when the client's session or request is for this
 * device; a session of another device is "other-device", never this device's state.
 */
export const vpnComponentState = (status: VpnClientStatus | null, agentPublicId: string): VpnComponentState => {
  if (status === null) return { kind: "no-client" };
  if (status.status === "idle") return { kind: "idle" };
  const sessionAgent = status.session?.agent ?? null;
  const requestAgent = status.activeRequest?.agentId ?? null;
  const forThis = sessionAgent !== null ? sessionAgent.publicId === agentPublicId : requestAgent === agentPublicId;
  if (!forThis) return { kind: "other-device", deviceName: sessionAgent?.name ?? requestAgent ?? "" };
  return { kind: status.status, vpnAddress: status.session?.vpnAddress ?? null };
};
