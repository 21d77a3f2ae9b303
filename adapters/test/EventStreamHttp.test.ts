import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SseParser, type StreamEvent } from "../src/http/EventStreamHttp";

const parse = (chunks: ReadonlyArray<string>): StreamEvent[] => {
  const out: StreamEvent[] = [];
  const parser = new SseParser((e) => out.push(e));
  for (const c of chunks) parser.push(c);
  return out;
};

const WIRE = ": keep-alive\n\nid: 7\nevent: access-request\ndata: {\"a\":1}\n\ndata: line 1\ndata: line 2\r\n\r\nid: 9\nevent: x\n\n";

describe("SseParser", () => {
  it("reads named events with ids, joins data lines, skips comments and events without data", () => {
    expect(parse([WIRE])).toEqual([
      { id: "7", event: "access-request", data: "{\"a\":1}" },
      { id: null, event: "message", data: "line 1\nline 2" },
    ]);
  });

  it("property: however the stream is cut into chunks, the same events come out", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: WIRE.length }), { maxLength: 8 }), (cuts) => {
      const points = [0, ...[...cuts].sort((a, b) => a - b), WIRE.length];
      const chunks = points.slice(1).map((end, i) => WIRE.slice(points[i], end));
      expect(parse(chunks)).toEqual(parse([WIRE]));
    }));
  });
});
