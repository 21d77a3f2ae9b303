/**
 * Remote access through the portal (issue 10): the single-use ticket a browser hands to the local
 * VPN client, the agent credential a device agent links with, the services a tunnel exposes, and
 * the live sessions an administrator sees (and can disconnect).
 */
import { Schema } from "effect";

/** What a ticket is for: the agent's VPN (all its services) or one server (web access). */
export const VpnTicketBody = Schema.Struct({
  /** "vpn", or the publicId of one of the agent's servers. Defaults to "vpn". */
  service: Schema.optional(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))),
});
export type VpnTicketBody = typeof VpnTicketBody.Type;

/** A service of the agent that a tunnel can expose: one of its servers. */
export const TunnelService = Schema.Struct({ publicId: Schema.String, name: Schema.String });
export type TunnelService = typeof TunnelService.Type;

/**
 * A ticket: single use, valid for VPN_TICKET_TTL_MS, bound to the user and the agent. The web app
 * passes it to the local client as Api-Access-Token; the client presents it to `relayUrl`.
 */
export const VpnTicket = Schema.Struct({
  ticket: Schema.String,
  expiresAt: Schema.String,
  /** The WebSocket URL of the relay's client end, e.g. "ws://portal.example.com/api/relay/client". */
  relayUrl: Schema.String,
  agent: Schema.Struct({ publicId: Schema.String, name: Schema.String }),
});
export type VpnTicket = typeof VpnTicket.Type;

/** A freshly rotated agent credential: the secret is shown once and stored hashed. */
export const AgentCredential = Schema.Struct({
  agentId: Schema.String,
  secret: Schema.String,
  /** The WebSocket URL of the relay's agent end. */
  relayUrl: Schema.String,
});
export type AgentCredential = typeof AgentCredential.Type;

/** One connection through the relay, live or ended (Active sessions view and audit trail). */
export const TunnelSession = Schema.Struct({
  publicId: Schema.String,
  user: Schema.Struct({ publicId: Schema.String, name: Schema.String }),
  agent: Schema.Struct({ publicId: Schema.String, name: Schema.String }),
  service: TunnelService,
  start: Schema.String,
  end: Schema.NullOr(Schema.String),
  bytesToDevice: Schema.Number,
  bytesFromDevice: Schema.Number,
  /** Why it ended: "closed", "revoked", "expired", "released", "disconnected", "agent-lost"...; null while live. */
  endReason: Schema.NullOr(Schema.String),
});
export type TunnelSession = typeof TunnelSession.Type;
