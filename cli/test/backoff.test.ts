import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffDelay, slowestDelay } from "../src/tunnel/backoff";

describe("reconnect back-off", () => {
  it("starts at 1 s, doubles, and stops at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, {}, 0.999_999))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(backoffDelay(0, {}, 0)).toBe(500);
    expect(slowestDelay({}, 0)).toBe(15_000);
  });

  it("is always within [step / 2, step] and never above the maximum", () => {
    fc.assert(fc.property(fc.nat(1000), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, random) => {
      const step = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 31));
      const d = backoffDelay(attempt, {}, random);
      return d >= step / 2 && d <= step && d <= 30_000;
    }));
  });
});
