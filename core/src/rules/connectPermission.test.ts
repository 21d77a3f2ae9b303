import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCESS_REQUEST_STATUSES } from "../domain/AccessRequest";
import { toUtcIsoSeconds } from "./accessRequests";
import {
  connectDecision,
  coversCurrentMinute,
  isVpnAccessExpiring,
  requiresApproval,
  type ConnectContext,
  type GrantingRequest,
} from "./connectPermission";

const NOW = Date.UTC(2026, 10, 21, 10, 5, 30);
const HOUR = 3_600_000;
const iso = (ms: number) => toUtcIsoSeconds(ms);
const vpnRequest: GrantingRequest = {
  status: "approved", start: iso(NOW - HOUR), end: iso(NOW + HOUR), vpn: true, servers: [{ publicId: "srv1" }],
};
const base: ConnectContext = {
  target: { kind: "vpn" },
  agent: { vpnRequireAccessApproval: true, activeVpnSession: { vpnAddress: "10.0.0.7" } },
  requests: [],
  accessRequestsInUse: true,
  canManageAccessRequests: false,
  authExpiresAtSeconds: (NOW + 24 * HOUR) / 1000,
  now: NOW,
};

describe("connectDecision", () => {
  it("opens the request dialog with VPN preselected when no approved VPN request exists", () => {
    expect(connectDecision(base)).toEqual({ kind: "needs-request", preselect: "vpn" });
  });
  it("allows the VPN with an approved VPN request covering the current minute", () => {
    expect(connectDecision({ ...base, requests: [vpnRequest] })).toEqual({ kind: "allowed" });
  });
  it("does not count pending, rejected or non-VPN requests", () => {
    const others: GrantingRequest[] = [
      { ...vpnRequest, status: "pending" }, { ...vpnRequest, status: "rejected" }, { ...vpnRequest, vpn: false },
    ];
    expect(connectDecision({ ...base, requests: others }).kind).toBe("needs-request");
  });
  it("lets users who manage access requests bypass approval", () => {
    expect(connectDecision({ ...base, canManageAccessRequests: true })).toEqual({ kind: "allowed" });
  });
  it("needs no request when access requests are not in use or the agent does not require approval", () => {
    expect(connectDecision({ ...base, accessRequestsInUse: false }).kind).toBe("allowed");
    expect(connectDecision({ ...base, agent: { ...base.agent, vpnRequireAccessApproval: false } }).kind).toBe("allowed");
  });
  it("asks to log out when the stored auth expires within 8 hours", () => {
    const soon = { ...base, requests: [vpnRequest], authExpiresAtSeconds: (NOW + 8 * HOUR) / 1000 };
    expect(connectDecision(soon)).toEqual({ kind: "log-out-required" });
    expect(connectDecision({ ...soon, authExpiresAtSeconds: (NOW + 8 * HOUR + 1000) / 1000 }).kind).toBe("allowed");
  });
  it("says 'Connection failed' for 5 s when the device has no VPN session or no VPN address", () => {
    const failed = { kind: "connection-failed", message: "Connection failed", durationMs: 5000 };
    expect(connectDecision({ ...base, requests: [vpnRequest], agent: { ...base.agent, activeVpnSession: null } })).toEqual(failed);
    expect(connectDecision({ ...base, requests: [vpnRequest], agent: { ...base.agent, activeVpnSession: { vpnAddress: null } } })).toEqual(failed);
  });
  it("checks a server's own approval flag and that the request names the server", () => {
    const server = { kind: "server" as const, server: { publicId: "srv1", requireAccessApproval: true } };
    expect(connectDecision({ ...base, target: server })).toEqual({ kind: "needs-request", preselect: "srv1" });
    expect(connectDecision({ ...base, target: server, requests: [{ ...vpnRequest, vpn: false }] }).kind).toBe("allowed");
    const other = { kind: "server" as const, server: { publicId: "srv2", requireAccessApproval: true } };
    expect(connectDecision({ ...base, target: other, requests: [vpnRequest] }).kind).toBe("needs-request");
    const open = { kind: "server" as const, server: { publicId: "srv2", requireAccessApproval: false } };
    expect(connectDecision({ ...base, target: open, authExpiresAtSeconds: 0 }).kind).toBe("allowed");
  });
});

describe("coversCurrentMinute", () => {
  const at = (start: number, end: number): GrantingRequest => ({ ...vpnRequest, start: iso(start), end: iso(end) });
  const minute = Date.UTC(2026, 10, 21, 10, 5);
  it("covers when the request spans the whole current minute", () => {
    expect(coversCurrentMinute(at(minute, minute + 60_000), { kind: "vpn" }, NOW)).toBe(true);
    expect(coversCurrentMinute(at(minute + 1000, minute + HOUR), { kind: "vpn" }, NOW)).toBe(false);
    expect(coversCurrentMinute(at(minute - HOUR, minute + 59_000), { kind: "vpn" }, NOW)).toBe(false);
  });
  it("grants nothing with unreadable times", () => {
    expect(coversCurrentMinute({ ...vpnRequest, start: "yesterday" }, { kind: "vpn" }, NOW)).toBe(false);
  });
  it("treats an expiry exactly 8 hours away as expiring", () => {
    expect(isVpnAccessExpiring((NOW + 8 * HOUR) / 1000, NOW)).toBe(true);
    expect(isVpnAccessExpiring((NOW - 1000) / 1000, NOW)).toBe(true);
  });
});

describe("connect permission properties", () => {
  const request = fc.record({
    status: fc.constantFrom(...ACCESS_REQUEST_STATUSES),
    start: fc.integer({ min: NOW - 4 * HOUR, max: NOW + 4 * HOUR }).map(iso),
    end: fc.integer({ min: NOW - 4 * HOUR, max: NOW + 4 * HOUR }).map(iso),
    vpn: fc.boolean(),
    servers: fc.subarray([{ publicId: "srv1" }, { publicId: "srv2" }]),
  });
  const context = fc.record({
    target: fc.oneof(
      fc.constant({ kind: "vpn" as const }),
      fc.record({ kind: fc.constant("server" as const), server: fc.record({ publicId: fc.constantFrom("srv1", "srv2"), requireAccessApproval: fc.boolean() }) }),
    ),
    agent: fc.record({
      vpnRequireAccessApproval: fc.boolean(),
      activeVpnSession: fc.option(fc.record({ vpnAddress: fc.option(fc.constant("10.0.0.7"), { nil: null }) }), { nil: null }),
    }),
    requests: fc.array(request, { maxLength: 4 }),
    accessRequestsInUse: fc.boolean(),
    canManageAccessRequests: fc.boolean(),
    authExpiresAtSeconds: fc.integer({ min: (NOW - HOUR) / 1000, max: (NOW + 16 * HOUR) / 1000 }),
    now: fc.integer({ min: NOW - HOUR, max: NOW + HOUR }),
  });
  it("property: allowed only without approval needed or with a covering approved request", () => {
    fc.assert(fc.property(context, (ctx) => {
      const decision = connectDecision(ctx);
      if (decision.kind === "allowed") {
        expect(!requiresApproval(ctx) || ctx.requests.some((r) => coversCurrentMinute(r, ctx.target, ctx.now))).toBe(true);
        expect(ctx.agent.activeVpnSession?.vpnAddress).toBeTruthy();
      }
    }));
  });
  it("property: users who manage access requests never need a request", () => {
    fc.assert(fc.property(context, (ctx) => {
      expect(connectDecision({ ...ctx, canManageAccessRequests: true }).kind).not.toBe("needs-request");
    }));
  });
  it("property: a VPN connect with the session expiring within 8 hours always asks to log out", () => {
    fc.assert(fc.property(context, fc.integer({ min: 0, max: 8 * 3600 }), (ctx, secondsLeft) => {
      const expiring = { ...ctx, target: { kind: "vpn" as const }, authExpiresAtSeconds: Math.floor(ctx.now / 1000) + secondsLeft };
      expect(connectDecision(expiring).kind).toBe("log-out-required");
    }));
  });
});
