/**
 * What the relay lets through (issue 10, spec.md section 6): a stream to one of an agent's
 * services is opened only when the user may reach it in the current minute, and it is closed when
 * that stops being true. The decision is core's connect rule (connectPermission.ts) applied per
 * service: an approved VPN request reaches every service of the agent, an approved server request
 * that server only.
 */
import { parseIsoInstant } from "./accessRequests";
import { coversCurrentMinute, requiresApproval, type ConnectTarget, type GrantingRequest } from "./connectPermission";

export interface ServiceAccessContext {
  readonly agent: { readonly vpnRequireAccessApproval: boolean };
  /** The service asked for: one of the agent's servers. */
  readonly server: { readonly publicId: string; readonly requireAccessApproval: boolean };
  readonly requests: ReadonlyArray<GrantingRequest>;
  readonly accessRequestsInUse: boolean;
  readonly canManageAccessRequests: boolean;
  /** Epoch milliseconds. */
  readonly now: number;
}

export type ServiceAccess =
  /** Let it through until `until` (epoch ms), or for as long as the link lives when null. */
  | { readonly kind: "allowed"; readonly until: number | null }
  | { readonly kind: "refused"; readonly code: "ACCESS_REQUEST_REQUIRED" };

const targetsOf = (ctx: ServiceAccessContext): ReadonlyArray<ConnectTarget> => [
  { kind: "vpn" },
  { kind: "server", server: ctx.server },
];

/**
 * The end of the access that `requests` give to `target` from `now` on: the latest end of the
 * approved requests covering the current minute, followed through approved requests that start
 * at or before that end (an extension continues its original with no gap). Null when none covers.
 */
export const accessEnd = (requests: ReadonlyArray<GrantingRequest>, target: ConnectTarget, now: number): number | null => {
  const approved = requests.filter((r) => r.status === "approved" && names(r, target));
  let end: number | null = null;
  for (const r of approved) {
    if (!coversCurrentMinute(r, target, now)) continue;
    const e = parseIsoInstant(r.end);
    if (e !== null && (end === null || e > end)) end = e;
  }
  if (end === null) return null;
  for (let moved = true; moved; ) {
    moved = false;
    for (const r of approved) {
      const s = parseIsoInstant(r.start);
      const e = parseIsoInstant(r.end);
      if (s !== null && e !== null && s <= end && e > end) {
        end = e;
        moved = true;
      }
    }
  }
  return end;
};

const names = (r: GrantingRequest, target: ConnectTarget): boolean =>
  target.kind === "vpn" ? r.vpn : r.servers.some((s) => s.publicId === target.server.publicId);

/**
 * Whether a new stream to the service may open now, and until when. Guarantees: allowed with
 * `until: null` exactly when neither the VPN nor the server needs approval for this user (access
 * requests not in use, the manage bypass, or no approval required); otherwise allowed only when an
 * approved VPN or server request covers the current minute, with `until` the later of their ends
 * (never before the next minute boundary). Never fails.
 */
export const serviceAccess = (ctx: ServiceAccessContext): ServiceAccess => {
  const base = { accessRequestsInUse: ctx.accessRequestsInUse, canManageAccessRequests: ctx.canManageAccessRequests, agent: { ...ctx.agent, activeVpnSession: null } };
  let until: number | null = null;
  for (const target of targetsOf(ctx)) {
    if (!requiresApproval({ ...base, target })) return { kind: "allowed", until: null };
    const end = accessEnd(ctx.requests, target, ctx.now);
    if (end !== null && (until === null || end > until)) until = end;
  }
  return until === null ? { kind: "refused", code: "ACCESS_REQUEST_REQUIRED" } : { kind: "allowed", until };
};

/**
 * Whether the user may be handed a ticket for `target` now: approval is not required for them, or
 * an approved request covers the current minute. The same rule as connectDecision's second step,
 * without the steps that only the browser knows (its stored session's expiry) or that the relay
 * checks on each stream (the device being linked).
 */
export const mayConnectNow = (ctx: {
  readonly target: ConnectTarget;
  readonly agent: { readonly vpnRequireAccessApproval: boolean };
  readonly requests: ReadonlyArray<GrantingRequest>;
  readonly accessRequestsInUse: boolean;
  readonly canManageAccessRequests: boolean;
  readonly now: number;
}): boolean =>
  !requiresApproval({ ...ctx, agent: { ...ctx.agent, activeVpnSession: null } }) || ctx.requests.some((r) => coversCurrentMinute(r, ctx.target, ctx.now));
