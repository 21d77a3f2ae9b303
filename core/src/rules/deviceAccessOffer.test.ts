import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accessOffer, vpnComponentState } from "./deviceAccessOffer";

const NOW = Date.parse("2026-11-26T10:00:30Z");
const server = { publicId: "srv000000001", requireAccessApproval: true };
const agent = (over: Partial<{ vpnRequireAccessApproval: boolean; canManageAccessRequests: boolean; scheduledAccessRequests: never[] | Array<{ status: "approved"; start: string; end: string; vpn: boolean; servers: Array<{ publicId: string }> }> }> = {}) =>
  ({ vpnRequireAccessApproval: true, canManageAccessRequests: false, scheduledAccessRequests: [], ...over });

describe("accessOffer", () => {
  it("offers Request access without an approved request covering now, and Open with one", () => {
    expect(accessOffer({ target: { kind: "server", server }, agent: agent(), accessRequestsInUse: true, now: NOW })).toBe("request");
    const approved = { status: "approved" as const, start: "2026-11-26T09:30:00Z", end: "2026-11-26T10:30:00Z", vpn: false, servers: [{ publicId: server.publicId }] };
    expect(accessOffer({ target: { kind: "server", server }, agent: agent({ scheduledAccessRequests: [approved] }), accessRequestsInUse: true, now: NOW })).toBe("open");
    // The same request does not open the VPN: it names only the server.
    expect(accessOffer({ target: { kind: "vpn" }, agent: agent({ scheduledAccessRequests: [approved] }), accessRequestsInUse: true, now: NOW })).toBe("request");
  });
  it("offers Open when no approval is needed or the user manages access requests", () => {
    expect(accessOffer({ target: { kind: "server", server: { ...server, requireAccessApproval: false } }, agent: agent(), accessRequestsInUse: true, now: NOW })).toBe("open");
    expect(accessOffer({ target: { kind: "vpn" }, agent: agent({ canManageAccessRequests: true }), accessRequestsInUse: true, now: NOW })).toBe("open");
  });
});

describe("vpnComponentState", () => {
  const session = (publicId: string) => ({ agent: { publicId, name: `Device ${publicId}` }, vpnAddress: "127.0.0.1:4100", services: [], serverName: "relay" });
  it("reads this device's session, and another device's as other-device", () => {
    expect(vpnComponentState(null, "a")).toEqual({ kind: "no-client" });
    expect(vpnComponentState({ status: "idle", activeRequest: null }, "a")).toEqual({ kind: "idle" });
    expect(vpnComponentState({ status: "connected", activeRequest: null, session: session("a") }, "a")).toEqual({ kind: "connected", vpnAddress: "127.0.0.1:4100" });
    expect(vpnComponentState({ status: "connecting", activeRequest: { agentId: "a", steps: [] } }, "a")).toEqual({ kind: "connecting", vpnAddress: null });
    expect(vpnComponentState({ status: "connected", activeRequest: null, session: session("b") }, "a")).toEqual({ kind: "other-device", deviceName: "Device b" });
  });
  it("never shows another device's session as this device's", () => {
    fc.assert(fc.property(fc.constantFrom("connecting", "connected", "idle"), fc.constantFrom("a", "b"), fc.constantFrom("a", "b"), (status, holder, shown) => {
      const s = vpnComponentState({ status, activeRequest: { agentId: holder, steps: [] }, session: session(holder) }, shown);
      if (s.kind === "connected" || s.kind === "connecting") expect(holder).toBe(shown);
    }));
  });
});
