/**
 * VpnStatusStore, AgentCredentialStore and TunnelSessionsStore on the memory fakes: the status bar
 * shown while not idle and hidden 1 s after idle (manual timers), the favicon, step errors joined
 * into one 5 s snackbar, the logout confirmation closing by itself, the release check, credential
 * rotation shown once, and the sessions list with Disconnect.
 */
import { describe, expect, it } from "vitest";
import { ApiUnavailable } from "@portal/core/errors";
import { tunnelSession as session } from "@portal/fixtures/memory/PortalApiMemory";
import { IDLE } from "@portal/fixtures/memory/VpnConnectorMemory";
import { CONNECTED_FAVICON } from "../src/stores/VpnStatusStore";
import { endReasonText, formatBytes } from "../src/stores/TunnelSessionsStore";
import { flush, harness } from "./harness";
import { AgentCredentialStore } from "../src/stores/AgentCredentialStore";
import { TunnelSessionsStore } from "../src/stores/TunnelSessionsStore";
import { VpnStatusStore } from "../src/stores/VpnStatusStore";

const LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36";

async function found(options: Parameters<typeof harness>[0] = {}) {
  const h = harness({ reachableClient: true, ...options });
  // The shell builds the VPN status store when it opens (VpnHost): it watches the client from then on.
  h.root.get(VpnStatusStore);
  h.root.connector.start();
  await flush();
  return h;
}

const connecting = { status: "connecting" as const, activeRequest: { agentId: "agent1", steps: [] } };
const connected = { status: "connected" as const, activeRequest: { agentId: "agent1", steps: [] } };

describe("VpnStatusStore", () => {
  it("shows the bar while not idle and hides it one second after idle", async () => {
    const h = await found();
    const v = h.root.get(VpnStatusStore);
    expect(v.barVisible).toBe(false);
    h.connector.push(connecting);
    await flush();
    expect(v.barVisible).toBe(true);
    expect(v.statusText).toBe("Connecting");
    h.connector.push(connected);
    await flush();
    expect(v.statusText).toBe("Connected");
    h.connector.push(IDLE);
    await flush();
    expect(v.statusText).toBe("Disconnected");
    h.timers.advance(999);
    expect(v.barVisible).toBe(true);
    h.timers.advance(1);
    expect(v.barVisible).toBe(false);
  });

  it("coming back before the second is over keeps the bar", async () => {
    const h = await found();
    h.connector.push(connected);
    await flush();
    h.connector.push(IDLE);
    await flush();
    h.timers.advance(500);
    h.connector.push(connecting);
    await flush();
    h.timers.advance(2000);
    expect(h.root.get(VpnStatusStore).barVisible).toBe(true);
  });

  it("uses the connected favicon exactly while connected, with a new timestamp at each change", async () => {
    const h = await found();
    const v = h.root.get(VpnStatusStore);
    expect(v.favicon).toBeNull();
    h.clock.set(Date.parse("2026-11-21T10:05:00Z"));
    h.connector.push(connected);
    await flush();
    expect(v.favicon).toBe(CONNECTED_FAVICON);
    expect(v.faviconStamp).toBe(Date.parse("2026-11-21T10:05:00Z"));
    h.connector.push(IDLE);
    await flush();
    expect(v.favicon).toBeNull();
  });

  it("joins step errors (string 'error' or code above 9) into one 5 s snackbar, once", async () => {
    const h = await found();
    const steps = [{ status: { code: 3, message: "Resolving" } }, { status: { code: 12, message: "Relay refused the ticket" } }, { status: "error" }];
    h.connector.push({ status: "connecting", activeRequest: { agentId: "agent1", steps } });
    await flush();
    h.connector.push({ status: "connecting", activeRequest: { agentId: "agent1", steps: [...steps] } });
    await flush();
    const shown = h.root.snackbars.visible.filter((s) => s.key === "vpn-steps");
    expect(shown).toHaveLength(1);
    expect(shown[0]?.message).toBe("Relay refused the ticket, Unknown error");
    expect(shown[0]?.timeoutMs).toBe(5000);
  });

  it("asks before logging out while connected, and the question goes away once idle", async () => {
    const h = await found();
    const v = h.root.get(VpnStatusStore);
    v.requestLogout();
    expect(h.navigations).toEqual(["/logout"]);
    h.connector.push(connected);
    await flush();
    v.requestLogout();
    expect(v.logoutConfirmOpen).toBe(true);
    expect(h.navigations).toHaveLength(1);
    h.connector.push(IDLE);
    await flush();
    expect(v.logoutConfirmOpen).toBe(false);
    h.connector.push(connected);
    await flush();
    v.requestLogout();
    await v.confirmLogout();
    expect(h.connector.disconnectCount()).toBe(1);
    expect(h.navigations.at(-1)).toBe("/logout");
  });

  it("ranks the installed client against the feed: latest, update available, unknown", async () => {
    const h = await found();
    const v = h.root.get(VpnStatusStore);
    (h.root.env as { userAgent?: string }).userAgent = LINUX;
    h.connector.setVersion("1.4.0-rc.2");
    v.openInfo();
    await flush();
    expect(v.releaseCheck).toMatchObject({ kind: "update-available", latestVersion: "1.4.0", downloadUrl: "https://dl.example.com/vpn-1.4.0-linux.mjs" });
    h.connector.setVersion("1.4.0");
    await v.loadVersion();
    expect(v.releaseCheck).toEqual({ kind: "latest", installed: "1.4.0" });
    (h.root.env as { userAgent?: string }).userAgent = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)";
    await v.loadVersion();
    expect(v.releaseCheck.kind).toBe("unknown");
  });

  it("ignores a failed release feed", async () => {
    const h = await found();
    h.api.state.tunnels.feed = null;
    await h.root.get(VpnStatusStore).loadFeed();
    expect(h.root.get(VpnStatusStore).feed).toBeNull();
    expect(h.root.snackbars.visible).toHaveLength(0);
  });
});

describe("AgentCredentialStore", () => {
  it("rotates after the confirmation and shows the secret once", async () => {
    const h = harness({ seed: { signedIn: true } });
    const c = h.root.get(AgentCredentialStore);
    c.askRotate("agent0000001");
    expect(c.phase).toBe("confirm");
    c.cancel();
    expect(c.phase).toBe("idle");
    expect(h.api.state.tunnels.rotations).toBe(0);
    c.askRotate("agent0000001");
    await c.rotate();
    expect(c.phase).toBe("shown");
    expect(c.credential?.secret).toBe("secret-1");
    expect(JSON.parse(c.snippet)).toEqual({ agentId: "agent0000001", secret: "secret-1", relayUrl: "ws://portal.example.com/api/relay/agent" });
    c.close();
    expect(c.credential).toBeNull();
    expect(c.snippet).toBe("");
  });

  it("a failed rotation keeps the question and says why", async () => {
    const h = harness({ seed: { signedIn: true } });
    h.api.failNext("tunnels.rotateCredential", new ApiUnavailable({ status: 0 }));
    h.root.get(AgentCredentialStore).askRotate("agent0000001");
    await h.root.get(AgentCredentialStore).rotate();
    expect(h.root.get(AgentCredentialStore).phase).toBe("confirm");
    expect(h.root.snackbars.visible.some((s) => s.key === "agent-credential")).toBe(true);
  });
});

describe("TunnelSessionsStore", () => {
  it("lists live sessions, All adds ended ones, Disconnect ends one after the confirmation", async () => {
    const h = harness({ seed: { signedIn: true } });
    h.api.state.tunnels.sessions = [session(1), session(2, { end: "2026-11-21T09:45:00Z", endReason: "expired" })];
    const s = h.root.get(TunnelSessionsStore);
    await s.load();
    expect(s.sessions.map((x) => x.publicId)).toEqual(["tunnel000001"]);
    s.setShowAll(true);
    await flush();
    expect(s.sessions).toHaveLength(2);
    s.askDisconnect(s.sessions[0]!);
    await s.confirmDisconnect();
    expect(s.confirming).toBeNull();
    expect(s.sessions[0]?.endReason).toBe("disconnected");
    expect(endReasonText(s.sessions[0]!.endReason)).toBe("An administrator disconnected the session.");
    expect(endReasonText("expired")).toBe("The approved access time ended.");
    expect(endReasonText("something-new")).toBe("The session ended.");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(2_500_000)).toBe("2.4 MB");
  });

  it("renders empty and survives a failed load", async () => {
    const h = harness({ seed: { signedIn: true } });
    await h.root.get(TunnelSessionsStore).load();
    expect(h.root.get(TunnelSessionsStore).sessions).toEqual([]);
    expect(h.root.get(TunnelSessionsStore).state).toBe("ready");
    h.api.failNext("tunnels.sessions", new ApiUnavailable({ status: 0 }));
    await h.root.get(TunnelSessionsStore).load();
    expect(h.root.get(TunnelSessionsStore).state).toBe("failed");
  });
});
