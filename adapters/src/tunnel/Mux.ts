/**
 * Many TCP-like streams over one WebSocket link, in core's framing (rules/tunnelFrame.ts). Used
 * by all three programs of remote access: the relay in the server, the device agent and the local
 * VPN client. Each stream is a Node Duplex with credit-based flow control: a sender has at most
 * TUNNEL_STREAM_WINDOW_BYTES in flight per stream, and the reader grants more only as its consumer
 * takes the bytes, so a slow reader stops the writer at the far end instead of growing a buffer on
 * any hop.
 */
import { EventEmitter } from "node:events";
import { Duplex } from "node:stream";
import type { ClientOptions, WebSocket } from "ws";
import { TUNNEL_MAX_FRAME_BYTES, TUNNEL_STREAM_WINDOW_BYTES } from "@portal/core/constants";
import {
  FRAME_HEADER_BYTES, FRAME_TYPES, creditPayload, decodeFrame, encodeFrame, jsonPayload, readCredit, readJsonPayload, readOpenRequest, readReason,
  setFrameStream,
  type Frame, type FrameReason, type FrameType, type OpenRequest,
} from "@portal/core/rules/tunnelFrame";

/**
 * Buffers for outgoing DATA frames, each of the largest frame's size, taken back once ws has
 * written a frame out. Every new ArrayBuffer counts towards V8's external memory, and each 64 MB
 * of it starts a full collection of the heap (seen in --trace-gc as "external memory pressure"):
 * reuse keeps a sender's part of that at zero. At most SLABS_KEPT wait here (4 MiB).
 */
const SLAB_BYTES = FRAME_HEADER_BYTES + TUNNEL_MAX_FRAME_BYTES;
const SLABS_KEPT = 64;
const slabs: Buffer[] = [];
const takeSlab = (): Buffer => slabs.pop() ?? Buffer.allocUnsafeSlow(SLAB_BYTES);
const giveSlab = (slab: Buffer): void => {
  if (slabs.length < SLABS_KEPT) slabs.push(slab);
};

/** Why a stream could not be opened, or why it was reset: the far end's reason. */
export class TunnelError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = "TunnelError";
  }
  get reason(): FrameReason {
    return { code: this.code, message: this.message };
  }
}

export const LINK_LOST: FrameReason = { code: "LINK_LOST", message: "The connection to the portal was lost." };
const OPEN_TIMEOUT_MS = 15_000;

/**
 * Options for a WebSocket that a tunnel end dials (agent, VPN client, one relay to another): no
 * compression (the bytes are the user's own, often compressed already), and, when no intermediary
 * can read the link (TLS, or a loopback address), a zero masking key. RFC 6455 masks what clients
 * send so that bytes chosen by a web page cannot pass for another protocol to a proxy that reads
 * the link; masking costs a copy of every frame at the sender and a pass over it at the relay,
 * and ws skips both for a zero key (what its `generateMask` option is for). Over plain ws to
 * another host the random key stays.
 */
export const tunnelDialOptions = (url: string): ClientOptions => {
  const { protocol, hostname } = new URL(url);
  const unreadable = protocol === "wss:" || hostname === "localhost" || /^127\./.test(hostname) || hostname === "[::1]";
  return unreadable ? { perMessageDeflate: false, generateMask: (mask: Buffer) => void mask.fill(0) } : { perMessageDeflate: false };
};

export interface MuxOptions {
  /** Which stream ids this end allocates: the relay side "even", the agent and client "odd". */
  readonly side: "even" | "odd";
  /** Per-stream window in bytes; tests use a small one. */
  readonly window?: number;
  /** An OPEN arrived: accept or refuse the stream (possibly after an async check). */
  readonly onOpen?: (request: OpenRequest, stream: MuxStream) => void;
  /** A link-level NOTICE arrived. */
  readonly onNotice?: (value: unknown) => void;
}

/** One multiplexed stream. Data written is sent as DATA frames as credit allows. */
export class MuxStream extends Duplex {
  bytesIn = 0;
  bytesOut = 0;
  private credit: number;
  private owed = 0;
  private stalled = false;
  private pending: { chunk: Buffer; callback: (error?: Error | null) => void } | null = null;
  private resetByPeer = false;
  /** Set by the relay or an end before destroying, to tell the far end why. */
  resetReason: FrameReason | null = null;
  /**
   * The relay's other half of a spliced pair (splice.ts): a DATA frame that arrives while nothing
   * of this stream waits in between goes on to it as received, only its stream id rewritten, within
   * its credit; otherwise the bytes take the stream path (push, pipe, write) behind what waits.
   */
  bridge: MuxStream | null = null;

  constructor(private readonly mux: Mux, readonly id: number, readonly request: OpenRequest, private readonly window: number) {
    super({ allowHalfOpen: true, readableHighWaterMark: window, writableHighWaterMark: TUNNEL_MAX_FRAME_BYTES });
    this.credit = window;
    // A reset or a lost link destroys the stream with its reason; an end that does not listen
    // for errors must not crash its process for it.
    this.on("error", () => undefined);
  }

  /** Accepts an incoming stream: the opener's `open` resolves and data may flow. */
  accept(): void {
    this.mux.send(FRAME_TYPES.OPENED, this.id, new Uint8Array(0));
  }

  /** Refuses an incoming stream with a reason; the stream is gone. */
  refuse(reason: FrameReason): void {
    this.resetByPeer = true; // nothing more to tell the far end
    this.mux.send(FRAME_TYPES.REFUSED, this.id, jsonPayload(reason));
    this.destroy();
  }

  /** Ends the stream at once on both ends, telling the far end why. */
  reset(reason: FrameReason): void {
    this.resetReason = reason;
    this.destroy(new TunnelError(reason.code, reason.message));
  }

  /** @internal a frame for this stream arrived; `raw` is the whole frame as received. */
  receive(frame: Frame, raw?: Buffer): void {
    switch (frame.type) {
      case FRAME_TYPES.DATA: {
        const n = frame.payload.byteLength;
        this.bytesIn += n;
        this.owed += n;
        const to = this.bridge;
        if (to && raw && this.readableLength === 0 && !this.readableEnded && to.canForward(n)) {
          to.forward(raw, n);
          if (this.owed >= this.window / 4) this.grant();
          return;
        }
        const more = this.push(Buffer.from(frame.payload.buffer, frame.payload.byteOffset, frame.payload.byteLength));
        if (!more) this.stalled = true;
        else if (this.owed >= this.window / 4) this.grant();
        return;
      }
      case FRAME_TYPES.CREDIT:
        this.credit += readCredit(frame.payload) ?? 0;
        this.pump();
        return;
      case FRAME_TYPES.END:
        this.push(null);
        return;
      case FRAME_TYPES.RESET: {
        this.resetByPeer = true;
        const reason = readReason(frame.payload, { code: "RESET", message: "The connection was closed by the other end." });
        this.destroy(new TunnelError(reason.code, reason.message));
        return;
      }
    }
  }

  /** @internal the link is gone. */
  lost(): void {
    this.gone(LINK_LOST);
  }

  /** @internal the far end refused or dropped the stream (nothing more to tell it): destroyed with its reason. */
  gone(reason: FrameReason): void {
    this.resetByPeer = true;
    this.destroy(new TunnelError(reason.code, reason.message));
  }

  /** Whether `n` bytes may go out as one frame at once: credit for them, and nothing written before them still waiting. */
  private canForward(n: number): boolean {
    return this.writable && this.pending === null && this.writableLength === 0 && this.credit >= n;
  }

  /** Sends the received frame `raw` (`n` payload bytes) as this stream's, without copying it. */
  private forward(raw: Buffer, n: number): void {
    setFrameStream(raw, this.id);
    this.credit -= n;
    this.bytesOut += n;
    this.mux.sendFrame(raw);
  }

  private grant(): void {
    if (this.owed === 0 || this.destroyed) return;
    this.mux.send(FRAME_TYPES.CREDIT, this.id, creditPayload(this.owed));
    this.owed = 0;
  }

  override _read(): void {
    if (this.stalled || this.owed >= this.window / 4) {
      this.stalled = false;
      this.grant();
    }
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending = { chunk, callback };
    this.pump();
  }

  private pump(): void {
    const p = this.pending;
    if (!p || this.destroyed) return;
    while (p.chunk.byteLength > 0 && this.credit > 0) {
      const n = Math.min(p.chunk.byteLength, this.credit, TUNNEL_MAX_FRAME_BYTES);
      // One copy into a reused slab (no zero fill, no new ArrayBuffer); ws sends it as it is.
      const slab = takeSlab();
      const frame = encodeFrame({ type: FRAME_TYPES.DATA, stream: this.id, payload: p.chunk.subarray(0, n) }, slab.subarray(0, FRAME_HEADER_BYTES + n));
      this.mux.sendFrame(frame, () => giveSlab(slab));
      this.bytesOut += n;
      this.credit -= n;
      p.chunk = p.chunk.subarray(n);
    }
    if (p.chunk.byteLength === 0) {
      this.pending = null;
      p.callback();
    }
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.mux.send(FRAME_TYPES.END, this.id, new Uint8Array(0));
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const clean = this.readableEnded && this.writableFinished;
    if (!this.resetByPeer && !clean) {
      const reason = this.resetReason ?? (error instanceof TunnelError ? error.reason : null);
      this.mux.send(FRAME_TYPES.RESET, this.id, reason ? jsonPayload(reason) : new Uint8Array(0));
    }
    const p = this.pending;
    this.pending = null;
    // Both directions done means the far end accepted (it sends END only then), even if its
    // OPENED is still on the way behind the bytes; anything else is a failed open.
    this.mux.forget(this.id, clean ? null : error instanceof TunnelError ? error : new TunnelError("RESET", "The stream was closed."));
    callback(error);
    p?.callback(error ?? new TunnelError("RESET", "The stream was closed."));
  }
}

/** The multiplexer over one WebSocket. Emits "close" once when the link is gone. */
export class Mux extends EventEmitter {
  private readonly streams = new Map<number, MuxStream>();
  private readonly opening = new Map<number, { resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private nextId: number;
  private readonly window: number;
  closed = false;

  constructor(readonly ws: WebSocket, private readonly options: MuxOptions) {
    super();
    this.nextId = options.side === "even" ? 2 : 1;
    this.window = options.window ?? TUNNEL_STREAM_WINDOW_BYTES;
    ws.binaryType = "nodebuffer";
    ws.on("message", (data: Buffer, isBinary: boolean) => {
      if (isBinary) this.onFrame(decodeFrame(data), data);
    });
    ws.on("close", () => this.shutdown());
    ws.on("error", () => this.shutdown());
  }

  /** Live streams on this link. */
  get size(): number {
    return this.streams.size;
  }

  /** Opens a stream; resolves when the far end accepts, rejects with its TunnelError otherwise. */
  open(request: OpenRequest): Promise<MuxStream> {
    const { stream, opened } = this.openNow(request);
    return opened.then(() => stream);
  }

  /**
   * Opens a stream without waiting for the far end: bytes written to it go out at once, as credit
   * allows (at most one window, which the far end holds until it accepts, or drops if it
   * refuses). `opened` resolves when the far end accepts; on a refusal it rejects with the far
   * end's TunnelError and the stream is destroyed with it. Saves a round trip before the first byte.
   */
  openNow(request: OpenRequest): { stream: MuxStream; opened: Promise<void> } {
    const id = this.nextId;
    this.nextId = this.nextId + 2 > 0xffff_ffff ? (this.options.side === "even" ? 2 : 1) : this.nextId + 2;
    const stream = new MuxStream(this, id, request, this.window);
    if (this.closed) {
      stream.lost();
      return { stream, opened: Promise.reject(new TunnelError(LINK_LOST.code, LINK_LOST.message)) };
    }
    this.streams.set(id, stream);
    const opened = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => this.refused(id, { code: "OPEN_TIMEOUT", message: "The device did not answer in time." }, true), OPEN_TIMEOUT_MS);
      this.opening.set(id, { resolve, reject, timer });
      this.send(FRAME_TYPES.OPEN, id, jsonPayload(request));
    });
    return { stream, opened };
  }

  /** Sends a link-level NOTICE (stream 0). */
  notice(value: unknown): void {
    this.send(FRAME_TYPES.NOTICE, 0, jsonPayload(value));
  }

  /** Closes the link: every stream is reset, the WebSocket closes with `code` and `reason`. */
  close(code = 1000, reason = ""): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason.slice(0, 120));
    this.shutdown();
  }

  /** @internal */
  send(type: FrameType, stream: number, payload: Uint8Array): void {
    this.sendFrame(encodeFrame({ type, stream, payload }));
  }

  /**
   * @internal an encoded frame, sent as it is (ws does not copy it: no compression, and no
   * masking or a zero key). `written` runs once the frame's bytes are no longer needed: written
   * out, failed, or not sent at all.
   */
  sendFrame(frame: Uint8Array, written?: () => void): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return written?.();
    this.ws.send(frame, { binary: true }, written && (() => written()));
  }

  /** @internal the stream is destroyed: gone from the link; an open still waiting for its answer settles (`error`: it failed). */
  forget(id: number, error: TunnelError | null): void {
    this.streams.delete(id);
    const waiting = this.opening.get(id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.opening.delete(id);
    if (error) waiting.reject(error);
    else waiting.resolve();
  }

  /** The far end refused stream `id` (or did not answer: `tellPeer` resets it there too). */
  private refused(id: number, reason: FrameReason, tellPeer = false): void {
    const waiting = this.opening.get(id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.opening.delete(id);
    const stream = this.streams.get(id);
    this.streams.delete(id);
    if (tellPeer) stream?.reset(reason);
    else stream?.gone(reason);
    waiting.reject(new TunnelError(reason.code, reason.message));
  }

  private onFrame(frame: Frame | null, raw: Buffer): void {
    if (!frame) return;
    if (frame.type === FRAME_TYPES.NOTICE) {
      this.options.onNotice?.(readJsonPayload(frame.payload));
      return;
    }
    if (frame.type === FRAME_TYPES.OPEN) {
      const request = readOpenRequest(frame.payload);
      if (!request || this.streams.has(frame.stream) || !this.options.onOpen) {
        this.send(FRAME_TYPES.REFUSED, frame.stream, jsonPayload({ code: "BAD_OPEN", message: "The stream request was not understood." }));
        return;
      }
      const stream = new MuxStream(this, frame.stream, request, this.window);
      this.streams.set(frame.stream, stream);
      this.options.onOpen(request, stream);
      return;
    }
    // A stream opened with openNow may be reset before it is accepted (the relay passing on a refusal): a refusal too.
    if (frame.type === FRAME_TYPES.RESET && this.opening.has(frame.stream)) {
      this.refused(frame.stream, readReason(frame.payload, { code: "REFUSED", message: "The connection was refused." }));
      return;
    }
    if (frame.type === FRAME_TYPES.OPENED || frame.type === FRAME_TYPES.REFUSED) {
      const waiting = this.opening.get(frame.stream);
      if (!waiting) return;
      if (frame.type === FRAME_TYPES.REFUSED) {
        this.refused(frame.stream, readReason(frame.payload, { code: "REFUSED", message: "The connection was refused." }));
        return;
      }
      clearTimeout(waiting.timer);
      this.opening.delete(frame.stream);
      waiting.resolve();
      return;
    }
    this.streams.get(frame.stream)?.receive(frame, raw);
  }

  private shutdown(): void {
    if (this.closed) return;
    this.closed = true;
    for (const id of [...this.opening.keys()]) this.refused(id, LINK_LOST);
    for (const stream of [...this.streams.values()]) stream.lost();
    this.streams.clear();
    this.emit("close");
  }
}
