/**
 * The VpnConnector port: the local VPN client on the user's machine (api.md "Local VPN client
 * connector"). The adapter speaks HTTP and WebSocket to it; the fake is scriptable.
 */
import { Context, type Effect, type Stream } from "effect";
import type { ForceProtocol, VpnClientStatus } from "../domain/VpnClient";
import type { ApiFailure, VpnClientUnreachable } from "../errors";

/** What connect sends: the agent and company, the short-lived ticket for that agent, and the browser session's controller id. */
export interface VpnConnectRequest {
  readonly agentId: string;
  readonly companyId: string;
  /** Sent as Api-Access-Token: a ticket for this agent, never the session token. */
  readonly ticket: string;
  /** Sent as VPN-Client-Controller-Identifier: one id per browser session. */
  readonly controllerId: string;
  /**
   * The stored force-protocol preference (spec 3 and 9): the client reaches the portal's relay
   * over IPv4 only (tcp4), IPv6 only (tcp6), or either (tcp, the default).
   */
  readonly forceProtocol: ForceProtocol;
}

export interface VpnConnectorShape {
  /** The client's current status (`GET /status`). Fails with VpnClientUnreachable when it does not answer. */
  readonly status: () => Effect.Effect<VpnClientStatus, VpnClientUnreachable>;
  /**
   * Asks the client to connect (`POST /connect`). Success means the client accepted the request,
   * not that the session is up: progress and step errors arrive through `changes`. Fails with
   * VpnClientUnreachable, or ApiFailure when the client answers with an error status.
   */
  readonly connect: (request: VpnConnectRequest) => Effect.Effect<void, VpnClientUnreachable | ApiFailure>;
  /** Asks the client to disconnect (`POST /disconnect`). Same errors as connect. */
  readonly disconnect: () => Effect.Effect<void, VpnClientUnreachable | ApiFailure>;
  /** The installed client version (`GET /version`), e.g. "1.8.2". Fails with VpnClientUnreachable. */
  readonly version: () => Effect.Effect<string, VpnClientUnreachable>;
  /**
   * Every status the client pushes (WebSocket at `/`), in order, starting with the status at
   * subscription time. Ends with VpnClientUnreachable when the connection is lost; the caller
   * retries (CONNECTOR_RETRY_INTERVAL_MS) through the connector rules.
   */
  readonly changes: Stream.Stream<VpnClientStatus, VpnClientUnreachable>;
}

export class VpnConnector extends Context.Service<VpnConnector, VpnConnectorShape>()("@portal/core/ports/VpnConnector") {}
