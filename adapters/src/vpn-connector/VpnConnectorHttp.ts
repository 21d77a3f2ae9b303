/**
 * VpnConnectorHttp: the VpnConnector port over HTTP and WebSocket to the local VPN client
 * (api.md; default http://127.0.0.1:9250). Any failure to reach it (refused, no client, wrong
 * origin, timeout, undecodable answer) is VpnClientUnreachable; an answered error status is
 * ApiFailure. It does not retry: the connector rules (missing/found/lost, every 2,500 ms up to
 * 1,440 times) decide that, in the store that drives this port.
 */
import { Cause, Effect, Layer, Queue, Result, Schema, Stream } from "effect";
import { API_VERSION, VPN_CLIENT_DEFAULT_BASE_URL } from "@portal/core/constants";
import { VpnClientStatus } from "@portal/core/domain/VpnClient";
import { ApiFailure, VpnClientUnreachable } from "@portal/core/errors";
import { VpnConnector, type VpnConnectorShape } from "@portal/core/ports/VpnConnector";

export interface VpnConnectorHttpOptions {
  /** Base URL of the local client; VPN_CLIENT_DEFAULT_BASE_URL when omitted. */
  readonly baseUrl?: string;
  /** Time limit per HTTP call; a client that does not answer in time is unreachable. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** WebSocket constructor (the browser's by default). */
  readonly WebSocket?: typeof WebSocket;
}

const decodeStatus = Schema.decodeUnknownResult(VpnClientStatus);
const VersionAnswer = Schema.Union([Schema.String, Schema.Struct({ version: Schema.String })]);
const decodeVersion = Schema.decodeUnknownResult(VersionAnswer);

export function makeVpnConnectorHttp(options: VpnConnectorHttpOptions = {}): VpnConnectorShape {
  const base = (options.baseUrl ?? VPN_CLIENT_DEFAULT_BASE_URL).replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 2000;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  const request = (method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) =>
    Effect.tryPromise({
      try: async (signal) => {
        const res = await doFetch(`${base}${path}`, {
          method,
          headers: { "Api-Version": API_VERSION, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        });
        const text = await res.text();
        let json: unknown = text;
        try {
          json = text === "" ? null : JSON.parse(text);
        } catch {
          // plain text answers (e.g. a bare version string) stay text
        }
        return { status: res.status, json };
      },
      catch: (e) => new VpnClientUnreachable({ reason: e instanceof Error ? e.message : String(e) }),
    });

  const expectOk = (r: { status: number; json: unknown }) =>
    r.status >= 200 && r.status < 300
      ? Effect.succeed(r.json)
      : Effect.fail(new ApiFailure({ status: r.status, issues: [{ message: typeof r.json === "string" ? r.json : `VPN client answered ${r.status}` }] }));

  const status = () =>
    request("GET", "/status").pipe(
      Effect.flatMap((r) => {
        const decoded = r.status === 200 ? decodeStatus(r.json) : undefined;
        return decoded !== undefined && Result.isSuccess(decoded)
          ? Effect.succeed(decoded.success)
          : Effect.fail(new VpnClientUnreachable({ reason: `unexpected answer to /status (${r.status})` }));
      }),
    );

  const changes = Stream.callback<VpnClientStatus, VpnClientUnreachable>((queue) =>
    Effect.acquireRelease(
      Effect.sync(() => {
        const Ws = options.WebSocket ?? globalThis.WebSocket;
        const lost = (reason: string) => Queue.failCauseUnsafe(queue, Cause.fail(new VpnClientUnreachable({ reason })));
        let socket: WebSocket;
        try {
          socket = new Ws(base.replace(/^http/, "ws") + "/");
        } catch (e) {
          lost(e instanceof Error ? e.message : "cannot open WebSocket");
          return null;
        }
        socket.onmessage = (event) => {
          try {
            const decoded = decodeStatus(JSON.parse(String(event.data)));
            if (Result.isSuccess(decoded)) Queue.offerUnsafe(queue, decoded.success);
          } catch {
            // a frame that is not a status is ignored; the next one counts
          }
        };
        socket.onerror = () => lost("WebSocket error");
        socket.onclose = () => lost("WebSocket closed");
        return socket;
      }),
      (socket) => Effect.sync(() => {
        if (socket !== null) {
          socket.onclose = null;
          socket.onerror = null;
          socket.close();
        }
      }),
    ),
  );

  return {
    status,
    connect: (req) =>
      request("POST", "/connect", { agentId: req.agentId, companyId: req.companyId, forceProtocol: req.forceProtocol }, {
        "Api-Access-Token": req.ticket,
        "VPN-Client-Controller-Identifier": req.controllerId,
      }).pipe(Effect.flatMap(expectOk), Effect.asVoid),
    disconnect: () => request("POST", "/disconnect", {}).pipe(Effect.flatMap(expectOk), Effect.asVoid),
    version: () =>
      request("GET", "/version").pipe(
        Effect.flatMap((r) => {
          const decoded = r.status === 200 ? decodeVersion(r.json) : undefined;
          if (decoded === undefined || !Result.isSuccess(decoded)) {
            return Effect.fail(new VpnClientUnreachable({ reason: `unexpected answer to /version (${r.status})` }));
          }
          const v = decoded.success;
          return Effect.succeed(typeof v === "string" ? v : v.version);
        }),
      ),
    // The status at subscription time comes first (the port's promise), then every push.
    changes: Stream.concat(Stream.fromEffect(status()), changes),
  };
}

export const VpnConnectorHttpLayer = (options: VpnConnectorHttpOptions = {}) =>
  Layer.succeed(VpnConnector)(makeVpnConnectorHttp(options));
