import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Result } from "effect";
import { RATE_LIMIT_NOT_STOPPED, rateLimitDisplay, tryAgain } from "./rateLimiting";

const soft = (counter: number) => ({ configOpenvpnLimit: "soft" as const, configOpenvpnCounter: counter, configOpenvpnLastHit: "2026-11-21T10:05:00Z" });

describe("rateLimitDisplay", () => {
  it("shows a soft limit of up to 10 attempts as retrying in seconds", () => {
    expect(rateLimitDisplay(soft(1))).toEqual({
      kind: "soft", unit: "seconds", attempts: 1, lastHit: Date.UTC(2026, 10, 21, 10, 5), canTryAgain: false,
    });
    expect(rateLimitDisplay(soft(10)).unit).toBe("seconds");
  });
  it("shows a soft limit of more than 10 attempts as retrying in minutes", () => {
    expect(rateLimitDisplay(soft(11)).unit).toBe("minutes");
  });
  it("offers Try again once the hard limit has stopped the retries", () => {
    expect(rateLimitDisplay({ configOpenvpnLimit: "hard", configOpenvpnCounter: 40, configOpenvpnLastHit: null })).toEqual({
      kind: "hard", unit: null, attempts: 40, lastHit: null, canTryAgain: true,
    });
  });
  it("shows nothing without a limit", () => {
    expect(rateLimitDisplay(null).kind).toBe("none");
  });
  it("property: soft is seconds up to 10 attempts and minutes beyond; only hard offers Try again", () => {
    const limit = fc.record({
      configOpenvpnLimit: fc.constantFrom("soft" as const, "hard" as const),
      configOpenvpnCounter: fc.nat(10_000),
      configOpenvpnLastHit: fc.option(fc.constant("2026-11-21T10:05:00Z"), { nil: null }),
    });
    fc.assert(fc.property(limit, (rl) => {
      const display = rateLimitDisplay(rl);
      expect(display.canTryAgain).toBe(rl.configOpenvpnLimit === "hard");
      expect(display.attempts).toBe(rl.configOpenvpnCounter);
      if (display.kind === "soft") expect(display.unit).toBe(rl.configOpenvpnCounter <= 10 ? "seconds" : "minutes");
      else expect(display.unit).toBeNull();
    }));
  });
});

describe("tryAgain", () => {
  it("resets a hard limit to no limit", () => {
    expect(tryAgain({ configOpenvpnLimit: "hard", configOpenvpnCounter: 12, configOpenvpnLastHit: null })).toEqual(Result.succeed(null));
  });
  it("refuses while the system is still retrying, and without a limit", () => {
    expect(tryAgain(soft(3))).toEqual(Result.fail(RATE_LIMIT_NOT_STOPPED));
    expect(tryAgain(null)).toEqual(Result.fail(RATE_LIMIT_NOT_STOPPED));
  });
  it("property: succeeds exactly when the display offers Try again", () => {
    const limit = fc.option(fc.record({
      configOpenvpnLimit: fc.constantFrom("soft" as const, "hard" as const),
      configOpenvpnCounter: fc.nat(10_000),
      configOpenvpnLastHit: fc.option(fc.constant("2026-11-21T10:05:00Z"), { nil: null }),
    }), { nil: null });
    fc.assert(fc.property(limit, (rl) => {
      expect(Result.isSuccess(tryAgain(rl))).toBe(rateLimitDisplay(rl).canTryAgain);
    }));
  });
});
