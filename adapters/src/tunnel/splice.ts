/**
 * Joins two byte streams both ways (a TCP socket and a tunnel stream, or two tunnel streams in
 * the relay), with backpressure (pipe pauses the faster side) and half-close passed on. When one
 * side fails or is reset, the other is reset too, with the same reason when it is a tunnel stream.
 * Two tunnel streams (the relay) are also bridged: a frame that finds nothing waiting ahead of it
 * goes from one link to the other as received (MuxStream.bridge), the pipes carry the rest.
 */
import type { Duplex } from "node:stream";
import { MuxStream, TunnelError } from "./Mux";

/** Resolves once both sides are closed; never rejects. */
export const splice = (a: Duplex, b: Duplex): Promise<void> =>
  new Promise((resolve) => {
    let open = 2;
    const kill = (target: Duplex) => (error?: Error | null) => {
      if (target.destroyed) return;
      if (target instanceof MuxStream && error instanceof TunnelError) target.reset(error.reason);
      else target.destroy();
    };
    const closed = (self: Duplex, other: Duplex) => () => {
      // A side that closes before both of its directions are done was cut off: cut the other off.
      if (!(self.readableEnded && self.writableFinished)) kill(other)(self.errored);
      open -= 1;
      if (open === 0) resolve();
    };
    a.on("error", kill(b));
    b.on("error", kill(a));
    a.on("close", closed(a, b));
    b.on("close", closed(b, a));
    if (a instanceof MuxStream && b instanceof MuxStream) {
      a.bridge = b;
      b.bridge = a;
    }
    a.pipe(b);
    b.pipe(a);
  });
