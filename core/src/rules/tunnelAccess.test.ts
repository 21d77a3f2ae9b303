import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toUtcIsoSeconds } from "./accessRequests";
import type { GrantingRequest } from "./connectPermission";
import { accessEnd, mayConnectNow, serviceAccess, type ServiceAccessContext } from "./tunnelAccess";

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 25, 10, 0, 30);
const req = (startMin: number, endMin: number, over: Partial<GrantingRequest> = {}): GrantingRequest => ({
  status: "approved", start: toUtcIsoSeconds(NOW - 30_000 + startMin * MIN), end: toUtcIsoSeconds(NOW - 30_000 + endMin * MIN), vpn: true, servers: [], ...over,
});
const ctx = (over: Partial<ServiceAccessContext> = {}): ServiceAccessContext => ({
  agent: { vpnRequireAccessApproval: true }, server: { publicId: "hmi", requireAccessApproval: true },
  requests: [], accessRequestsInUse: true, canManageAccessRequests: false, now: NOW, ...over,
});

describe("serviceAccess", () => {
  it("refuses without a covering approved request, allows until its end with one", () => {
    expect(serviceAccess(ctx())).toEqual({ kind: "refused", code: "ACCESS_REQUEST_REQUIRED" });
    expect(serviceAccess(ctx({ requests: [req(-5, 25)] }))).toEqual({ kind: "allowed", until: NOW - 30_000 + 25 * MIN });
    expect(serviceAccess(ctx({ requests: [req(-5, 25, { status: "pending" })] })).kind).toBe("refused");
    expect(serviceAccess(ctx({ requests: [req(5, 25)] })).kind).toBe("refused");
  });

  it("a server request reaches that server only; a VPN request every server", () => {
    expect(serviceAccess(ctx({ requests: [req(-5, 25, { vpn: false, servers: [{ publicId: "hmi" }] })] })).kind).toBe("allowed");
    expect(serviceAccess(ctx({ requests: [req(-5, 25, { vpn: false, servers: [{ publicId: "plc" }] })] })).kind).toBe("refused");
  });

  it("the manage bypass, or no approval required, allows with no end", () => {
    expect(serviceAccess(ctx({ canManageAccessRequests: true }))).toEqual({ kind: "allowed", until: null });
    expect(serviceAccess(ctx({ agent: { vpnRequireAccessApproval: false } }))).toEqual({ kind: "allowed", until: null });
    expect(serviceAccess(ctx({ server: { publicId: "hmi", requireAccessApproval: false } }))).toEqual({ kind: "allowed", until: null });
  });

  it("an extension that starts at the end continues the access", () => {
    expect(accessEnd([req(-5, 25), req(25, 55)], { kind: "vpn" }, NOW)).toBe(NOW - 30_000 + 55 * MIN);
    expect(accessEnd([req(-5, 25), req(26, 55)], { kind: "vpn" }, NOW)).toBe(NOW - 30_000 + 25 * MIN);
  });

  it("property: allowed with an end exactly when some approved request covers the minute; the end is never before it", () => {
    const arb = fc.array(fc.record({ s: fc.integer({ min: -60, max: 60 }), d: fc.integer({ min: 1, max: 120 }), vpn: fc.boolean(), ok: fc.boolean() }), { maxLength: 6 });
    fc.assert(fc.property(arb, (rs) => {
      const requests = rs.map((r) => req(r.s, r.s + r.d, { vpn: r.vpn, status: r.ok ? "approved" : "rejected", servers: r.vpn ? [] : [{ publicId: "hmi" }] }));
      const a = serviceAccess(ctx({ requests }));
      const covering = requests.some((r) => r.status === "approved" && Date.parse(r.start) <= NOW - 30_000 && Date.parse(r.end) >= NOW + 30_000);
      expect(a.kind === "allowed").toBe(covering);
      if (a.kind === "allowed") expect(a.until!).toBeGreaterThanOrEqual(NOW + 30_000);
      expect(mayConnectNow({ target: { kind: "server", server: { publicId: "hmi", requireAccessApproval: true } }, agent: { vpnRequireAccessApproval: true }, requests, accessRequestsInUse: true, canManageAccessRequests: false, now: NOW })).toBe(
        requests.some((r) => r.status === "approved" && !r.vpn && Date.parse(r.start) <= NOW - 30_000 && Date.parse(r.end) >= NOW + 30_000));
    }));
  });
});
