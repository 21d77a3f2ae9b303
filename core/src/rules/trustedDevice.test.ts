import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { needsSecondFactor } from "./trustedDevice";

describe("needsSecondFactor", () => {
  it("skips the second factor only on a browser that passed it before", () => {
    expect(needsSecondFactor(true, { secondFactorAt: 1_000 })).toBe(false);
    expect(needsSecondFactor(true, undefined)).toBe(true);
    expect(needsSecondFactor(true, { secondFactorAt: null })).toBe(true);
    expect(needsSecondFactor(false, undefined)).toBe(false);
  });
  it("property: asked exactly when enabled and the device has not proved it", () => {
    const device = fc.option(fc.record({ secondFactorAt: fc.option(fc.nat()) }), { nil: undefined });
    fc.assert(fc.property(fc.boolean(), device, (enabled, d) => {
      expect(needsSecondFactor(enabled, d)).toBe(enabled && (d === undefined || d.secondFactorAt === null));
      if (!enabled) expect(needsSecondFactor(enabled, d)).toBe(false);
    }));
  });
});
