/**
 * Agent (spec.md section 3): a device in the field that users reach through the VPN or through
 * its servers' web access. The fields are the ones the access-request and VPN rules read; a
 * response that asked for fewer `fields` is decoded with a narrower struct of the caller's own.
 */
import { Schema } from "effect";
import { AccessRequestStatus } from "./AccessRequest";

/**
 * A server (service) of an agent. `serviceGroup` groups servers in the request dialog's service
 * select (spec section 2); absent or null means ungrouped.
 */
export const AgentServer = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  requireAccessApproval: Schema.Boolean,
  serviceGroup: Schema.optional(Schema.NullOr(Schema.String)),
});
export type AgentServer = typeof AgentServer.Type;

/**
 * An access request of the signed-in user scheduled on this agent: enough to decide whether it
 * covers the current minute for the VPN or a server (rules/connectPermission.ts).
 */
export const ScheduledAccessRequest = Schema.Struct({
  publicId: Schema.String,
  status: AccessRequestStatus,
  start: Schema.String,
  end: Schema.String,
  vpn: Schema.Boolean,
  servers: Schema.Array(Schema.Struct({ publicId: Schema.String })),
});
export type ScheduledAccessRequest = typeof ScheduledAccessRequest.Type;

/** The agent's VPN session on a remote server; `vpnAddress` is null while it has none. */
export const ActiveVpnSession = Schema.Struct({
  rscServer: Schema.Struct({ name: Schema.String, publicId: Schema.String }),
  vpnAddress: Schema.NullOr(Schema.String),
});
export type ActiveVpnSession = typeof ActiveVpnSession.Type;

/** Rate limiting of the agent's OpenVPN configuration (spec section 4, "Rate limiting"). */
export const RateLimiting = Schema.Struct({
  configOpenvpnLimit: Schema.Literals(["soft", "hard"]),
  configOpenvpnCounter: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /** UTC ISO time of the last hit, null when never hit. */
  configOpenvpnLastHit: Schema.NullOr(Schema.String),
});
export type RateLimiting = typeof RateLimiting.Type;

/** A user connected to the agent right now. */
export const ConnectedUser = Schema.Struct({ publicId: Schema.String, name: Schema.String });
export type ConnectedUser = typeof ConnectedUser.Type;

/**
 * An agent with the fields of spec section 3. `activeVpnSession` is null when the device is
 * offline; `rateLimiting` is null when no limit is in force.
 */
export const Agent = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  assets: Schema.Array(Schema.Struct({ publicId: Schema.String })),
  vpnRequireAccessApproval: Schema.Boolean,
  servers: Schema.Array(AgentServer),
  scheduledAccessRequests: Schema.Array(ScheduledAccessRequest),
  activeVpnSession: Schema.NullOr(ActiveVpnSession),
  connectedUsers: Schema.Array(ConnectedUser),
  rateLimiting: Schema.NullOr(RateLimiting),
  useStunnel: Schema.Boolean,
});
export type Agent = typeof Agent.Type;
