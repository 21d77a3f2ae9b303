import type { Effect } from "effect";
import type { AgentCredential, TunnelSession, VpnTicket } from "../../domain/Tunnel";
import type { VpnClientReleaseFeed } from "../../domain/VpnClient";
import type { Conflict, NotFound } from "../../errors";
import type { PortalError } from "../../wire/errorStatus";
import type { CallError } from "./common";

/** Which sessions a list shows (wire/payloads.ts TunnelSessionListQuery): live only, or live and ended. */
export type TunnelSessionState = "live" | "all";

/**
 * Remote access through the portal (issue 10): a ticket for the local VPN client, the device
 * agent's credential, the tunnel sessions of the selected company, and the client's release feed.
 */
export interface TunnelsApi {
  /**
   * A single-use ticket for the agent's VPN ("vpn") or one of its servers (its publicId), bound to
   * me and the agent. Fails with Conflict carrying ACCESS_REQUEST_REQUIRED when no approved request
   * covers now (see isAccessRequestRequired), InvalidInput for a server not on the agent, NotFound
   * or another CallError.
   */
  readonly ticket: (agentPublicId: string, service: string) => Effect.Effect<VpnTicket, CallError | NotFound | Conflict>;
  /**
   * A new credential for the agent; the old one stops working and the running agent is
   * disconnected. Its secret is answered once. Needs manage:access-requests. Fails with Forbidden,
   * NotFound or another CallError.
   */
  readonly rotateCredential: (agentPublicId: string) => Effect.Effect<AgentCredential, CallError | NotFound>;
  /** Live sessions, or live and ended ones ("all"), newest first. Needs manage:access-requests. Fails with a CallError. */
  readonly sessions: (state: TunnelSessionState) => Effect.Effect<ReadonlyArray<TunnelSession>, CallError>;
  /**
   * Disconnects a live session (its streams are reset at once); answers it as it now is, ended.
   * An ended session is answered unchanged. Needs manage:access-requests. Fails with NotFound or a CallError.
   */
  readonly disconnect: (sessionPublicId: string) => Effect.Effect<TunnelSession, CallError | NotFound>;
  /** The VPN client's release feed; needs no session. Fails with a CallError, which callers ignore (spec.md section 8). */
  readonly releaseFeed: () => Effect.Effect<VpnClientReleaseFeed, CallError>;
}

/** The issue message of the ticket route's refusal: no approved access request covers now. */
export const ACCESS_REQUEST_REQUIRED = "ACCESS_REQUEST_REQUIRED";

/**
 * Whether a failed call says the user needs an approved access request (the ticket route's
 * refusal): true exactly when the error carries an issue whose message is ACCESS_REQUEST_REQUIRED.
 */
export const isAccessRequestRequired = (error: PortalError): boolean =>
  "issues" in error && error.issues.some((i) => i.message === ACCESS_REQUEST_REQUIRED);
