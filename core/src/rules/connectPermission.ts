/**
 * Who may connect to an agent, and what a connect attempt does instead when they may not
 * (spec.md sections 6 and 8): approval by an access request covering the current minute, the
 * manage access-requests bypass, the 8-hour VPN expiry window, and the offline device.
 */
import { SNACKBAR_VPN_ERROR_MS, VPN_EXPIRY_WINDOW_MS } from "../constants";
import type { AccessRequestStatus } from "../domain/AccessRequest";
import { VPN_SERVICE_VALUE } from "./accessRequestForm";
import { parseIsoInstant } from "./accessRequests";

import { CONNECTION_FAILED } from "./noticeTexts";

export { CONNECTION_FAILED } from "./noticeTexts";

const MINUTE_MS = 60_000;

/** What the user wants to reach: the agent's VPN, or one of its servers (web access). */
export type ConnectTarget =
  | { readonly kind: "vpn" }
  | { readonly kind: "server"; readonly server: { readonly publicId: string; readonly requireAccessApproval: boolean } };

/** A request of the user on the agent, as the agent's scheduledAccessRequests carry it. */
export interface GrantingRequest {
  readonly status: AccessRequestStatus;
  /** UTC ISO times. */
  readonly start: string;
  readonly end: string;
  readonly vpn: boolean;
  readonly servers: ReadonlyArray<{ readonly publicId: string }>;
}

export interface ConnectContext {
  readonly target: ConnectTarget;
  readonly agent: {
    readonly vpnRequireAccessApproval: boolean;
    /** Null when the device is offline. */
    readonly activeVpnSession: { readonly vpnAddress: string | null } | null;
  };
  /** The user's requests on this agent (approved or not; only approved ones count). */
  readonly requests: ReadonlyArray<GrantingRequest>;
  /** Whether the company uses access requests (the use:access-requests feature). */
  readonly accessRequestsInUse: boolean;
  /** Whether the user holds manage access-requests on this agent or asset: approval is bypassed. */
  readonly canManageAccessRequests: boolean;
  /** The stored session's expiry, in epoch SECONDS (auth storage). */
  readonly authExpiresAtSeconds: number;
  /** Epoch milliseconds. */
  readonly now: number;
}

export type ConnectDecision =
  /** Go ahead and connect. */
  | { readonly kind: "allowed" }
  /** Open the request-access dialog with this service preselected (from a VPN connect attempt). */
  | { readonly kind: "needs-request"; readonly preselect: string }
  /** The session expires within VPN_EXPIRY_WINDOW_MS: a dialog asks the user to log out. */
  | { readonly kind: "log-out-required" }
  /** The device is offline: 'Connection failed' snackbar for SNACKBAR_VPN_ERROR_MS. */
  | { readonly kind: "connection-failed"; readonly message: typeof CONNECTION_FAILED; readonly durationMs: number };

/**
 * Whether the stored session expires within VPN_EXPIRY_WINDOW_MS (8 hours) of `now`, an expired
 * one included. A VPN session started now could outlive it, so a connect attempt asks to log out.
 */
export const isVpnAccessExpiring = (authExpiresAtSeconds: number, now: number): boolean =>
  authExpiresAtSeconds * 1000 - now <= VPN_EXPIRY_WINDOW_MS;

/** Whether the device can be reached: it has a VPN session with a VPN address. */
export const isDeviceOnline = (agent: ConnectContext["agent"]): boolean =>
  agent.activeVpnSession !== null && !!agent.activeVpnSession.vpnAddress;

/**
 * Whether `request` grants `target` in the minute of `now`: it is approved, names the target
 * (vpn flag, or the server among its servers), starts at or before the minute begins and ends at
 * or after it ends. A request whose times do not parse grants nothing.
 */
export const coversCurrentMinute = (request: GrantingRequest, target: ConnectTarget, now: number): boolean => {
  if (request.status !== "approved") return false;
  const names = target.kind === "vpn" ? request.vpn : request.servers.some((s) => s.publicId === target.server.publicId);
  if (!names) return false;
  const start = parseIsoInstant(request.start);
  const end = parseIsoInstant(request.end);
  const minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return start !== null && end !== null && start <= minute && end >= minute + MINUTE_MS;
};

/**
 * Whether reaching `target` needs an approved request: the company uses access requests, the
 * user cannot manage access requests here, and the agent (VPN) or server requires approval.
 */
export const requiresApproval = (ctx: Omit<ConnectContext, "requests" | "authExpiresAtSeconds" | "now">): boolean =>
  ctx.accessRequestsInUse &&
  !ctx.canManageAccessRequests &&
  (ctx.target.kind === "vpn" ? ctx.agent.vpnRequireAccessApproval : ctx.target.server.requireAccessApproval);

/**
 * The outcome of a connect attempt, checked in this order:
 * 1. VPN only: the session expires within 8 hours -> log-out-required (logging out and in again
 *    is the fix whatever else holds, so it is asked first);
 * 2. approval required and no approved request covers the current minute -> needs-request with
 *    the target preselected ('vpn' or the server's publicId); checked before the device state so
 *    that a user can request access to a device that is offline right now;
 * 3. the device is offline (no VPN session or no VPN address) -> connection-failed, 5 s;
 * 4. allowed.
 * Guarantees: a user who can manage access requests never gets needs-request; allowed only when
 * approval is not required or a covering approved request exists. Never fails.
 */
export const connectDecision = (ctx: ConnectContext): ConnectDecision => {
  if (ctx.target.kind === "vpn" && isVpnAccessExpiring(ctx.authExpiresAtSeconds, ctx.now)) {
    return { kind: "log-out-required" };
  }
  if (requiresApproval(ctx) && !ctx.requests.some((r) => coversCurrentMinute(r, ctx.target, ctx.now))) {
    return { kind: "needs-request", preselect: ctx.target.kind === "vpn" ? VPN_SERVICE_VALUE : ctx.target.server.publicId };
  }
  if (!isDeviceOnline(ctx.agent)) {
    return { kind: "connection-failed", message: CONNECTION_FAILED, durationMs: SNACKBAR_VPN_ERROR_MS };
  }
  return { kind: "allowed" };
};
