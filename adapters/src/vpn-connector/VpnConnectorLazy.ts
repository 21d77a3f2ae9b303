/**
 * The VpnConnector port whose adapter is imported on first use: the browser's first load (the
 * sign-in page) never talks to the local VPN client, so it need not carry the adapter, its
 * WebSocket stream and its decoders. Each method is the loaded adapter's own Effect; an adapter
 * that cannot load (the server that serves it is gone) reads as a client that does not answer
 * (VpnClientUnreachable), which the connector rules already retry.
 *
 * `changes` is the loaded adapter's own stream, so it may be read only after a call has loaded
 * the adapter: the web's ConnectorStore watches only once a status probe has answered. Reading it
 * earlier is a bug and throws (wrapping it in Stream.unwrap would put effect's Stream, about 4 kB
 * gzip, back into the sign-in page's first load).
 */
import { Effect } from "effect";
import { VpnClientUnreachable } from "@portal/core/errors";
import type { VpnConnectorShape } from "@portal/core/ports/VpnConnector";

/** A port that loads the real one with `load` on its first call (again after a failed load). */
export function lazyVpnConnector(load: () => Promise<VpnConnectorShape>): VpnConnectorShape {
  let loading: Promise<VpnConnectorShape> | null = null;
  let loaded: VpnConnectorShape | null = null;
  const port = Effect.tryPromise({
    try: () => (loading ??= load().then((real) => (loaded = real)).catch((e: unknown) => {
      loading = null;
      throw e;
    })),
    catch: () => new VpnClientUnreachable({ reason: "the connector module could not load" }),
  });
  return {
    status: () => Effect.flatMap(port, (c) => c.status()),
    connect: (request) => Effect.flatMap(port, (c) => c.connect(request)),
    disconnect: () => Effect.flatMap(port, (c) => c.disconnect()),
    version: () => Effect.flatMap(port, (c) => c.version()),
    get changes() {
      if (loaded === null) throw new Error("lazyVpnConnector: changes read before any call loaded the adapter");
      return loaded.changes;
    },
  };
}
