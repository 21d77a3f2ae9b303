import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonStringLength, rowsThatFit } from "./pageBytes";

describe("rowsThatFit", () => {
  it("ends a page before the row that would pass the bound, keeping at least one row", () => {
    expect(rowsThatFit([10, 10, 10], 20, (n) => n, 25)).toBe(2);
    expect(rowsThatFit([1_000_000, 1], 20, (n) => n, 25)).toBe(1);
    expect(rowsThatFit([1, 1_000_000, 1], 20, (n) => n, 25)).toBe(1);
    expect(rowsThatFit([1, 1, 1], 2, (n) => n, 25)).toBe(2);
    expect(rowsThatFit([], 20, (n: number) => n, 25)).toBe(0);
  });

  it("property: a page holds at least one row, at most pageSize, and more than one only within the bound", () => {
    fc.assert(fc.property(fc.array(fc.nat({ max: 100 })), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 300 }), (rows, pageSize, max) => {
      const n = rowsThatFit(rows, pageSize, (x) => x, max);
      expect(n).toBeLessThanOrEqual(Math.min(pageSize, rows.length));
      if (rows.length > 0) expect(n).toBeGreaterThanOrEqual(1);
      if (n > 1) expect(rows.slice(0, n).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(max);
      if (n < Math.min(pageSize, rows.length)) expect(rows.slice(0, n + 1).reduce((a, b) => a + b, 0)).toBeGreaterThan(max);
    }));
  });
});

describe("jsonStringLength", () => {
  it("property: equals the length of JSON.stringify for any text, lone surrogates and controls included", () => {
    const text = fc.oneof(fc.string({ unit: "binary" }), fc.string(), fc.string({ unit: fc.constantFrom("a", "\"", "\\", "\n", "\u0001", "\ud800", "\udc00", "é", "😀") }));
    fc.assert(fc.property(text, (s) => { expect(jsonStringLength(s)).toBe(JSON.stringify(s).length); }), { numRuns: 500 });
  });
});
