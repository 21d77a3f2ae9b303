import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, type CursorKey } from "./cursor";

const keyArb: fc.Arbitrary<CursorKey> = fc.array(
  fc.oneof(fc.string({ unit: "binary" }), fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)), fc.constant(null)),
  { minLength: 1, maxLength: 4 },
);

describe("cursor", () => {
  it("is url-safe and opaque", () => {
    const cursor = encodeCursor([2000, "Zürich / hall?", "abcDEF123456"]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(Result.succeed([2000, "Zürich / hall?", "abcDEF123456"]));
  });

  it.each(["", "!!!", "bm90IGpzb24", encodeCursor([]), "e30", "W3siYSI6MX1d", "a".repeat(3000)])(
    "rejects the bad cursor %j as InvalidInput on page-after",
    (cursor) => {
      const r = decodeCursor(cursor);
      expect(Result.isFailure(r) && r.failure.issues).toEqual([{ message: "Invalid cursor", propertyName: "page-after" }]);
    },
  );

  it("property: decode(encode(cursor)) = cursor", () => {
    fc.assert(fc.property(keyArb, (key) => {
      expect(decodeCursor(encodeCursor(key))).toEqual(Result.succeed(key));
    }));
  });

  it("property: decoding arbitrary text never throws", () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const r = decodeCursor(text);
      expect(Result.isSuccess(r) || r.failure._tag === "InvalidInput").toBe(true);
    }));
  });
});
