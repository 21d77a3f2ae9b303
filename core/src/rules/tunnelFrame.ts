/**
 * The framing of the remote-access relay (issue 10): many TCP streams multiplexed over one
 * WebSocket link (client to relay, relay to agent, relay to relay). Each binary WebSocket message
 * is one frame: a type byte, a 32-bit big-endian stream id, and the payload. Control payloads are
 * UTF-8 JSON; DATA is raw bytes; CREDIT is a 32-bit byte count (flow control: a sender never has
 * more than the window in flight per stream, so a slow reader bounds every hop's memory).
 */
export const FRAME_TYPES = {
  /** Open a stream; payload JSON `OpenRequest`. */
  OPEN: 1,
  /** The stream is open end to end; empty payload. */
  OPENED: 2,
  /** The stream was not opened; payload JSON `{ code, message }`. */
  REFUSED: 3,
  /** Bytes of the stream. */
  DATA: 4,
  /** The sender will send no more bytes (half close). */
  END: 5,
  /** The stream is gone (error, revoke, or both ends done); payload JSON `{ code, message }` or empty. */
  RESET: 6,
  /** The receiver consumed bytes: the sender may send this many more; payload u32. */
  CREDIT: 7,
  /** Link-level message on stream 0, e.g. the services of a tunnel or why access ended; payload JSON. */
  NOTICE: 8,
} as const;

export type FrameType = (typeof FRAME_TYPES)[keyof typeof FRAME_TYPES];
const KNOWN_TYPES: ReadonlySet<number> = new Set(Object.values(FRAME_TYPES));

export interface Frame {
  readonly type: FrameType;
  /** 0 for link-level frames (NOTICE), 1..2^32-1 for streams. */
  readonly stream: number;
  readonly payload: Uint8Array;
}

/** What OPEN asks for: a service (server publicId) of an agent; `agent` only between relays. */
export interface OpenRequest {
  readonly service: string;
  readonly agent?: string;
}

/** Why something was refused or reset: a key of the message catalogue and its sentence. */
export interface FrameReason {
  readonly code: string;
  readonly message: string;
}

export const FRAME_HEADER_BYTES = 5;
export const MAX_STREAM_ID = 0xffff_ffff;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * One frame as bytes. Guarantees: `decodeFrame(encodeFrame(f))` equals `f` for every valid frame;
 * throws RangeError for a stream id outside 0..2^32-1 or an unknown type (a programming error).
 * With `out` (FRAME_HEADER_BYTES + the payload's length, e.g. an uninitialised Node Buffer) the
 * frame is written there and `out` returned: the hot path saves the zero fill of a new array.
 */
export const encodeFrame = (frame: Frame, out?: Uint8Array): Uint8Array => {
  if (!KNOWN_TYPES.has(frame.type)) throw new RangeError(`Unknown frame type ${frame.type}`);
  checkStream(frame.stream);
  const size = FRAME_HEADER_BYTES + frame.payload.byteLength;
  if (out && out.byteLength !== size) throw new RangeError(`A frame of ${size} bytes does not fit ${out.byteLength}`);
  const bytes = out ?? new Uint8Array(size);
  bytes[0] = frame.type;
  writeStream(bytes, frame.stream);
  bytes.set(frame.payload, FRAME_HEADER_BYTES);
  return bytes;
};

/**
 * Rewrites the stream id of the encoded frame `bytes` in place (a relay passing a frame from one
 * link to another without copying its payload). Guarantees: `decodeFrame(bytes)` then has
 * `stream` and the same type and payload; throws RangeError for an id outside 0..2^32-1 or fewer
 * bytes than a header.
 */
export const setFrameStream = (bytes: Uint8Array, stream: number): void => {
  checkStream(stream);
  if (bytes.byteLength < FRAME_HEADER_BYTES) throw new RangeError("Not a frame");
  writeStream(bytes, stream);
};

const checkStream = (stream: number): void => {
  if (!Number.isInteger(stream) || stream < 0 || stream > MAX_STREAM_ID) throw new RangeError(`Stream id out of range: ${stream}`);
};

const writeStream = (bytes: Uint8Array, stream: number): void => {
  bytes[1] = stream >>> 24;
  bytes[2] = (stream >>> 16) & 0xff;
  bytes[3] = (stream >>> 8) & 0xff;
  bytes[4] = stream & 0xff;
};

/**
 * The frame in `bytes`, or null when they are not one (too short, unknown type). The payload is
 * a view into `bytes`, not a copy. Never throws: a peer's garbage is refused, not fatal.
 */
export const decodeFrame = (bytes: Uint8Array): Frame | null => {
  if (bytes.byteLength < FRAME_HEADER_BYTES) return null;
  const type = bytes[0]!;
  if (!KNOWN_TYPES.has(type)) return null;
  const stream = ((bytes[1]! << 24) | (bytes[2]! << 16) | (bytes[3]! << 8) | bytes[4]!) >>> 0;
  return { type: type as FrameType, stream, payload: bytes.subarray(FRAME_HEADER_BYTES) };
};

/** A JSON control payload as bytes. */
export const jsonPayload = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));

/** The JSON value of a control payload, or null when it is not UTF-8 JSON. Never throws. */
export const readJsonPayload = (payload: Uint8Array): unknown => {
  if (payload.byteLength === 0) return null;
  try {
    return JSON.parse(decoder.decode(payload));
  } catch {
    return null;
  }
};

/** An OPEN payload's request, or null when it is malformed (no service string, or non-string agent). */
export const readOpenRequest = (payload: Uint8Array): OpenRequest | null => {
  const v = readJsonPayload(payload);
  if (typeof v !== "object" || v === null) return null;
  const { service, agent } = v as Record<string, unknown>;
  if (typeof service !== "string" || service.length === 0 || service.length > 64) return null;
  if (agent !== undefined && (typeof agent !== "string" || agent.length === 0 || agent.length > 64)) return null;
  return agent === undefined ? { service } : { service, agent };
};

/** A REFUSED or RESET payload's reason; a missing or malformed one reads as `fallback`. */
export const readReason = (payload: Uint8Array, fallback: FrameReason): FrameReason => {
  const v = readJsonPayload(payload);
  if (typeof v !== "object" || v === null) return fallback;
  const { code, message } = v as Record<string, unknown>;
  return typeof code === "string" && typeof message === "string" ? { code, message } : fallback;
};

/** A CREDIT payload: a u32 byte count. */
export const creditPayload = (bytes: number): Uint8Array => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, bytes);
  return out;
};

/** The byte count of a CREDIT payload, or null when it is not 4 bytes. */
export const readCredit = (payload: Uint8Array): number | null =>
  payload.byteLength === 4 ? new DataView(payload.buffer, payload.byteOffset, 4).getUint32(0) : null;
