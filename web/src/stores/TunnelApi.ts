/**
 * The remote-access calls of issue 10 as the web app needs them: a ticket for the local client,
 * the agent credential rotation, the live and ended tunnel sessions, and the client's release feed.
 *
 * A web-side port until core's PortalApi gets a `tunnels` area (the route entries already exist in
 * core's route table): the composition root builds it over PortalApiHttp's HttpClient
 * (app/tunnelApiHttp.ts), tests over an in-memory fake (web/test/TunnelApiMemory.ts).
 */
import type { Effect } from "effect";
import type { AgentCredential, TunnelSession, VpnTicket } from "@portal/core/domain/Tunnel";
import type { VpnClientReleaseFeed } from "@portal/core/domain/VpnClient";
import type { PortalError } from "@portal/core/wire/errorStatus";

export type TunnelSessionState = "live" | "all";

export interface TunnelApiShape {
  /**
   * A single-use ticket for the agent's VPN ("vpn") or one of its servers (its publicId). Fails
   * with Conflict or Forbidden carrying ACCESS_REQUEST_REQUIRED when no approved request covers now.
   */
  readonly ticket: (agentPublicId: string, service: string) => Effect.Effect<VpnTicket, PortalError>;
  /** A new credential for the agent (the running agent is disconnected); its secret is shown once. */
  readonly rotateCredential: (agentPublicId: string) => Effect.Effect<AgentCredential, PortalError>;
  /** Live sessions, or live and ended ones ("all"). */
  readonly sessions: (state: TunnelSessionState) => Effect.Effect<ReadonlyArray<TunnelSession>, PortalError>;
  /** Disconnects a live session; answers it as it now is (ended). */
  readonly disconnect: (sessionPublicId: string) => Effect.Effect<TunnelSession, PortalError>;
  /** The VPN client release feed (no auth). Fails like any call; callers ignore the failure (spec 8). */
  readonly releaseFeed: () => Effect.Effect<VpnClientReleaseFeed, PortalError>;
}

/** Whether a failed call says the user needs an approved access request (the ticket route's refusal). */
export const isAccessRequestRequired = (error: PortalError): boolean =>
  "issues" in error && Array.isArray(error.issues) && error.issues.some((i: { message: string }) => i.message === "ACCESS_REQUEST_REQUIRED");
