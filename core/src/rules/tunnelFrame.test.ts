import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FRAME_HEADER_BYTES, FRAME_TYPES, creditPayload, decodeFrame, encodeFrame, setFrameStream, jsonPayload, readCredit, readOpenRequest, readReason, type Frame, type FrameType,
} from "./tunnelFrame";

const frameArb: fc.Arbitrary<Frame> = fc.record({
  type: fc.constantFrom(...(Object.values(FRAME_TYPES) as FrameType[])),
  stream: fc.integer({ min: 0, max: 0xffff_ffff }),
  payload: fc.uint8Array({ maxLength: 2048 }),
});

describe("tunnel framing", () => {
  it("decode(encode(frame)) is the frame, for every type, stream id and payload", () => {
    fc.assert(fc.property(frameArb, (f) => {
      const back = decodeFrame(encodeFrame(f))!;
      expect(back.type).toBe(f.type);
      expect(back.stream).toBe(f.stream);
      expect([...back.payload]).toEqual([...f.payload]);
    }));
  });

  it("encodes into a given buffer as into a new one, whatever the buffer held before", () => {
    fc.assert(fc.property(frameArb, fc.integer({ min: 0, max: 255 }), (f, junk) => {
      const out = new Uint8Array(FRAME_HEADER_BYTES + f.payload.byteLength).fill(junk);
      expect(encodeFrame(f, out)).toBe(out);
      expect([...out]).toEqual([...encodeFrame(f)]);
    }));
    expect(() => encodeFrame({ type: FRAME_TYPES.DATA, stream: 1, payload: new Uint8Array(3) }, new Uint8Array(7))).toThrow(RangeError);
  });

  it("setFrameStream moves a frame to another stream and keeps its type and payload", () => {
    fc.assert(fc.property(frameArb, fc.integer({ min: 0, max: 0xffff_ffff }), (f, stream) => {
      const bytes = encodeFrame(f);
      setFrameStream(bytes, stream);
      const back = decodeFrame(bytes)!;
      expect(back.type).toBe(f.type);
      expect(back.stream).toBe(stream);
      expect([...back.payload]).toEqual([...f.payload]);
    }));
    expect(() => setFrameStream(new Uint8Array(9), -1)).toThrow(RangeError);
    expect(() => setFrameStream(new Uint8Array(4), 1)).toThrow(RangeError);
  });

  it("decodes a frame inside a larger buffer (a view with an offset)", () => {
    fc.assert(fc.property(frameArb, fc.uint8Array({ maxLength: 16 }), (f, prefix) => {
      const bytes = encodeFrame(f);
      const buf = new Uint8Array(prefix.length + bytes.length);
      buf.set(prefix);
      buf.set(bytes, prefix.length);
      const back = decodeFrame(buf.subarray(prefix.length))!;
      expect(back.stream).toBe(f.stream);
      expect([...back.payload]).toEqual([...f.payload]);
    }));
  });

  it("never throws on garbage: too short or unknown types are null", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      const f = decodeFrame(bytes);
      if (bytes.length < 5 || !Object.values(FRAME_TYPES).includes(bytes[0] as FrameType)) expect(f).toBeNull();
    }));
  });

  it("refuses to encode a stream id out of range", () => {
    expect(() => encodeFrame({ type: FRAME_TYPES.DATA, stream: 2 ** 32, payload: new Uint8Array() })).toThrow(RangeError);
    expect(() => encodeFrame({ type: FRAME_TYPES.DATA, stream: -1, payload: new Uint8Array() })).toThrow(RangeError);
  });

  it("credit and open payloads round trip; malformed ones read as null or the fallback", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), (n) => readCredit(creditPayload(n)) === n));
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 64 }), (service) => readOpenRequest(jsonPayload({ service }))?.service === service));
    expect(readOpenRequest(jsonPayload({ service: "" }))).toBeNull();
    expect(readOpenRequest(jsonPayload({ service: "a".repeat(65) }))).toBeNull();
    expect(readOpenRequest(new TextEncoder().encode("{not json"))).toBeNull();
    expect(readCredit(new Uint8Array(3))).toBeNull();
    const fallback = { code: "X", message: "y" };
    expect(readReason(new Uint8Array(), fallback)).toBe(fallback);
    expect(readReason(jsonPayload({ code: "A", message: "b" }), fallback)).toEqual({ code: "A", message: "b" });
  });
});
