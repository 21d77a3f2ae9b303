/**
 * The connect flow of the device page (VpnConnectStore) on the memory fakes: each outcome of
 * core's connectDecision, the installer dialog while the client is not found, the ticket handed to
 * the client with the controller id, and the automatic connect once an approval arrives.
 */
import { Effect } from "effect";
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { DEFAULT_DURATION, VPN_SERVICE_VALUE } from "@portal/core/rules/accessRequestForm";
import { ANNA, accessHarness, agent } from "./accessHarness";
import { flush, START } from "./harness";
import { AccessRequestDialogStore } from "../src/stores/AccessRequestDialogStore";
import { VpnConnectStore } from "../src/stores/VpnConnectStore";
import { VpnStatusStore } from "../src/stores/VpnStatusStore";

type H = ReturnType<typeof accessHarness>;

/** A session that expires `hours` from the start (the VPN expiry window is 8 hours). */
function signedInFor(h: H, hours = 72): void {
  runInAction(() => {
    h.root.session.token = { publicId: "tok", secretId: "secret", expiresOn: new Date(START + hours * 3_600_000).toISOString() } as never;
  });
}

async function device(h: H, publicId: string) {
  return Effect.runPromise(h.api.accessRequests.agent(publicId));
}

/** Starts the connector and lets the fake client answer. */
async function clientFound(h: H): Promise<void> {
  h.connector.setReachable(true);
  h.root.connector.start();
  await flush();
  expect(h.root.connector.status).toBe("found");
}

describe("VpnConnectStore: the outcomes of connectDecision", () => {
  it("asks to log out when the session expires within 8 hours", async () => {
    const h = accessHarness({ agents: [agent(1, { vpnRequireAccessApproval: false })] });
    signedInFor(h, 4);
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000001"));
    expect(h.root.get(VpnConnectStore).expiredOpen).toBe(true);
    expect(h.api.state.tunnels.tickets).toHaveLength(0);
  });

  it("opens the request dialog, not dismissible, with VPN preselected, when approval is needed", async () => {
    const h = accessHarness();
    signedInFor(h);
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000001"));
    const d = h.root.get(AccessRequestDialogStore);
    expect(d.isOpen).toBe(true);
    expect(d.dialog.dismissible).toBe(false);
    expect(d.values.services).toEqual([VPN_SERVICE_VALUE]);
    d.dispatch({ type: "escape" });
    d.dispatch({ type: "backdrop" });
    expect(d.isOpen).toBe(true);
    expect(h.root.get(VpnConnectStore).waiting?.agent.publicId).toBe("agent0000001");
  });

  it("preselects the server for a web-access Open that needs approval", async () => {
    const h = accessHarness();
    signedInFor(h);
    const a = await device(h, "agent0000001");
    await h.root.get(VpnConnectStore).connect(a, { kind: "server", server: a.servers[0]! });
    expect(h.root.get(AccessRequestDialogStore).values.services).toEqual([a.servers[0]!.publicId]);
  });

  it("says 'Connection failed' for 5 s when the device is offline", async () => {
    const h = accessHarness({ agents: [agent(2, { vpnRequireAccessApproval: false })] });
    signedInFor(h);
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000002"));
    const s = h.root.snackbars.visible.find((x) => x.key === "vpn-connect");
    expect(s && h.root.messages.text(s.message)).toBe("Connection failed: the device is offline or has no VPN address.");
    expect(s?.timeoutMs).toBe(5000);
  });

  it("allowed but no client: the installer dialog, no ticket spent", async () => {
    const h = accessHarness({ agents: [agent(1, { vpnRequireAccessApproval: false })] });
    signedInFor(h);
    h.root.connector.start();
    await flush();
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000001"));
    expect(h.root.get(VpnConnectStore).installer?.agent.publicId).toBe("agent0000001");
    expect(h.api.state.tunnels.tickets).toHaveLength(0);
  });

  it("allowed with a client: a ticket, then connect with agent, company, ticket and one controller id", async () => {
    const h = accessHarness({ agents: [agent(1, { vpnRequireAccessApproval: false })] });
    signedInFor(h);
    await clientFound(h);
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000001"));
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000001"));
    expect(h.api.state.tunnels.tickets[0]).toEqual({ agentPublicId: "agent0000001", service: "vpn" });
    const [first, second] = h.connector.connectRequests();
    expect(first).toMatchObject({ agentId: "agent0000001", companyId: "companyAAAAA", ticket: "ticket-1" });
    expect(second?.ticket).toBe("ticket-2");
    expect(first?.controllerId).toBe(second?.controllerId);
    expect(first?.controllerId).toMatch(/.{16,}/);
  });

  it("'Connect now' of the installer dialog goes on once the client is found", async () => {
    const h = accessHarness({ agents: [agent(1, { vpnRequireAccessApproval: false })] });
    signedInFor(h);
    h.root.connector.start();
    await flush();
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000001"));
    h.connector.setReachable(true);
    h.root.connector.retry();
    h.timers.advance(0);
    await flush();
    expect(h.root.connector.status).toBe("found");
    await h.root.get(VpnConnectStore).connectNow();
    expect(h.root.get(VpnConnectStore).installer).toBeNull();
    expect(h.connector.connectRequests()).toHaveLength(1);
  });

  it("the ticket route's ACCESS_REQUEST_REQUIRED opens the request dialog instead", async () => {
    const h = accessHarness({ agents: [agent(1, { vpnRequireAccessApproval: false })] });
    signedInFor(h);
    await clientFound(h);
    h.api.state.tunnels.requireRequest.add("agent0000001");
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000001"));
    expect(h.root.get(AccessRequestDialogStore).isOpen).toBe(true);
    expect(h.connector.connectRequests()).toHaveLength(0);
  });
});

describe("VpnConnectStore: connecting by itself after the approval", () => {
  it("closes the request dialog and connects when the approval arrives on the event stream", async () => {
    const h = accessHarness();
    signedInFor(h);
    await clientFound(h);
    h.root.events.start();
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000001"));
    const d = h.root.get(AccessRequestDialogStore);
    d.edit("approvers", [ANNA.publicId]);
    d.edit("reason", "Firmware update");
    d.edit("duration", DEFAULT_DURATION);
    await d.send();
    expect(d.dialog.phase).toBe("submitted");
    expect(h.connector.connectRequests()).toHaveLength(0);
    const id = h.api.state.accessRequests.at(-1)!.request.publicId;
    // The request starts at the next 5 minutes: approval arrives once its window covers the minute.
    h.clock.set(Date.parse(h.api.state.accessRequests.at(-1)!.request.start));
    await h.asApprover(() => Effect.runPromise(h.api.accessRequests.act(id, "approve")));
    await flush();
    expect(d.isOpen).toBe(false);
    expect(h.connector.connectRequests()).toHaveLength(1);
    expect(h.root.get(VpnConnectStore).waiting).toBeNull();
  });

  it("an approval for another device changes nothing", async () => {
    const h = accessHarness();
    signedInFor(h);
    await h.root.get(VpnConnectStore).connect(await device(h, "agent0000001"));
    await h.root.get(VpnConnectStore).approvalArrived("agent0000002");
    expect(h.root.get(AccessRequestDialogStore).isOpen).toBe(true);
  });
});

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

/** The sector's supported VPN client platforms (glbSupportedPlatforms). */
function sectorSupports(h: H, platforms: string[]): void {
  runInAction(() => {
    h.root.branding.sectorData = { publicId: "sector000001", name: "Sector", custom: { glbSupportedPlatforms: platforms } } as never;
  });
}

describe("VpnConnectStore on phones and tablets (spec 1, 2, 3, 9)", () => {
  it("Android, not a supported platform: the unsupported dialog, and nothing else happens", async () => {
    const h = accessHarness({ agents: [agent(1, { vpnRequireAccessApproval: false })], userAgent: ANDROID });
    signedInFor(h);
    sectorSupports(h, ["windows", "mac", "linux"]);
    await clientFound(h);
    const vpn = h.root.get(VpnConnectStore);
    await vpn.connect(await device(h, "agent0000001"));
    expect(vpn.unsupportedOpen).toBe(true);
    expect(vpn.consent).toBeNull();
    expect(h.api.state.tunnels.tickets).toHaveLength(0);
    expect(h.connector.connectRequests()).toHaveLength(0);
    vpn.closeUnsupported();
    expect(vpn.unsupportedOpen).toBe(false);
  });

  it("iOS where the sector supports it: consent first; 'Got it' keeps the flag without expiry and goes on; asked once", async () => {
    const h = accessHarness({ agents: [agent(1, { vpnRequireAccessApproval: false })], userAgent: IPHONE });
    signedInFor(h);
    sectorSupports(h, ["windows", "mac", "linux", "ios"]);
    await clientFound(h);
    const vpn = h.root.get(VpnConnectStore);
    await vpn.connect(await device(h, "agent0000001"));
    expect(vpn.consent?.agent.publicId).toBe("agent0000001");
    expect(h.api.state.tunnels.tickets).toHaveLength(0);
    await vpn.consentGiven();
    expect(vpn.consent).toBeNull();
    expect(await Effect.runPromise(h.storage.get("portal.vpnConsent"))).toBe("given");
    expect(h.connector.connectRequests()).toHaveLength(1);
    await vpn.connect(await device(h, "agent0000001"));
    expect(vpn.consent).toBeNull();
    expect(h.connector.connectRequests()).toHaveLength(2);
    // Years later the flag is still there: it was kept without expiry.
    h.clock.advance(5 * 365 * 24 * 3_600_000);
    expect(await Effect.runPromise(h.storage.get("portal.vpnConsent"))).toBe("given");
  });

  it("closing the consent dialog drops the attempt and stores nothing", async () => {
    const h = accessHarness({ agents: [agent(1, { vpnRequireAccessApproval: false })], userAgent: IPHONE });
    signedInFor(h);
    sectorSupports(h, ["ios"]);
    const vpn = h.root.get(VpnConnectStore);
    await vpn.connect(await device(h, "agent0000001"));
    vpn.closeConsent();
    await vpn.consentGiven();
    expect(await Effect.runPromise(h.storage.get("portal.vpnConsent"))).toBeUndefined();
    expect(h.api.state.tunnels.tickets).toHaveLength(0);
  });

  it("hands the stored force protocol to the client; tcp when none is stored", async () => {
    const h = accessHarness({ agents: [agent(1, { vpnRequireAccessApproval: false })] });
    signedInFor(h);
    await clientFound(h);
    const vpn = h.root.get(VpnConnectStore);
    await vpn.connect(await device(h, "agent0000001"));
    const status = h.root.get(VpnStatusStore);
    await status.setForceProtocol("tcp6");
    expect(await Effect.runPromise(h.storage.get("portal.forceProtocol"))).toBe("tcp6");
    await vpn.connect(await device(h, "agent0000001"));
    await status.setForceProtocol("tcp");
    expect(await Effect.runPromise(h.storage.get("portal.forceProtocol"))).toBeUndefined();
    await vpn.connect(await device(h, "agent0000001"));
    expect(h.connector.connectRequests().map((r) => r.forceProtocol)).toEqual(["tcp", "tcp6", "tcp"]);
  });
});
