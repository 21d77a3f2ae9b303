/**
 * An in-memory TunnelApi for store tests: tickets are granted unless `requireRequest` lists the
 * agent, credentials rotate to numbered secrets, sessions live in a list that disconnect ends.
 */
import { Effect } from "effect";
import type { AgentCredential, TunnelSession, VpnTicket } from "@portal/core/domain/Tunnel";
import type { VpnClientReleaseFeed } from "@portal/core/domain/VpnClient";
import { ApiUnavailable, Conflict, NotFound } from "@portal/core/errors";
import type { TunnelApiShape } from "../src/stores/TunnelApi";

export const FEED: VpnClientReleaseFeed = {
  releases: {
    linux: { os: "linux", latestVersion: "1.4.0", downloadUrl: "https://dl.example.com/vpn-{version}-linux.mjs" },
    windows: { os: "windows", latestVersion: "1.4.0", downloadUrl: "https://dl.example.com/vpn-{version}-win.mjs" },
  },
  releaseNotes: [{ version: "1.4.0", type: "minor", date: "2026-11-01", body: "Relay through the portal." }],
};

export const session = (n: number, overrides: Partial<TunnelSession> = {}): TunnelSession => ({
  publicId: `tunnel${String(n).padStart(6, "0")}`,
  user: { publicId: "userEngineer", name: "Eddie Engineer" },
  agent: { publicId: "agent0000001", name: "Device 00001" },
  service: { publicId: "vpn", name: "VPN" },
  start: "2026-11-21T09:30:00Z",
  end: null,
  bytesToDevice: 1536,
  bytesFromDevice: 2_500_000,
  endReason: null,
  ...overrides,
});

export function makeTunnelApiMemory(options: { sessions?: TunnelSession[]; feed?: VpnClientReleaseFeed | null } = {}) {
  const state = {
    sessions: [...(options.sessions ?? [])],
    feed: options.feed === undefined ? FEED : options.feed,
    /** Agents whose ticket is refused with ACCESS_REQUEST_REQUIRED. */
    requireRequest: new Set<string>(),
    tickets: [] as Array<{ agentPublicId: string; service: string }>,
    rotations: 0,
    failNext: false,
  };
  const fail = () => {
    if (!state.failNext) return null;
    state.failNext = false;
    return new ApiUnavailable({ status: 0 });
  };
  const api: TunnelApiShape = {
    ticket: (agentPublicId, service) => Effect.suspend(() => {
      if (state.requireRequest.has(agentPublicId)) return Effect.fail(new Conflict({ issues: [{ message: "ACCESS_REQUEST_REQUIRED" }] }));
      state.tickets.push({ agentPublicId, service });
      const ticket: VpnTicket = {
        ticket: `ticket-${state.tickets.length}`, expiresAt: "2026-11-21T10:01:00Z", relayUrl: "ws://portal.example.com/api/relay/client",
        agent: { publicId: agentPublicId, name: agentPublicId },
      };
      return Effect.succeed(ticket);
    }),
    rotateCredential: (agentPublicId) => Effect.suspend(() => {
      const error = fail();
      if (error) return Effect.fail(error);
      state.rotations++;
      const credential: AgentCredential = { agentId: agentPublicId, secret: `secret-${state.rotations}`, relayUrl: "ws://portal.example.com/api/relay/agent" };
      return Effect.succeed(credential);
    }),
    sessions: (which) => Effect.suspend(() => {
      const error = fail();
      if (error) return Effect.fail(error);
      return Effect.succeed(state.sessions.filter((s) => which === "all" || s.end === null));
    }),
    disconnect: (publicId) => Effect.suspend(() => {
      const found = state.sessions.find((s) => s.publicId === publicId);
      if (!found) return Effect.fail(new NotFound({ entity: "TunnelSession", publicId }));
      const ended: TunnelSession = { ...found, end: "2026-11-21T10:00:00Z", endReason: "disconnected" };
      state.sessions = state.sessions.map((s) => (s.publicId === publicId ? ended : s));
      return Effect.succeed(ended);
    }),
    releaseFeed: () => Effect.suspend(() => (state.feed ? Effect.succeed(state.feed) : Effect.fail(new ApiUnavailable({ status: 0 })))),
  };
  return { api, state };
}
