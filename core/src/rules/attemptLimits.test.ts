import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SIGN_IN_PER_ACCOUNT, attemptRefused, attemptVerdict, countAttempt, minutesText, settleAttempt,
  type AttemptCounter, type AttemptPolicy,
} from "./attemptLimits";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 23, 12);

/** Runs attempts at the given instants (failures unless `succeeds`), returning which were allowed. */
const run = (policy: AttemptPolicy, times: number[], succeeds: (i: number) => boolean = () => false) => {
  let counter: AttemptCounter | null = null;
  return times.map((now, i) => {
    counter = countAttempt(counter, now, policy);
    const verdict = attemptVerdict(counter, now);
    if (verdict.allowed && succeeds(i)) counter = settleAttempt(counter, policy);
    return { now, allowed: verdict.allowed, windowStart: counter.windowStart, verdict };
  });
};

describe("countAttempt and attemptVerdict", () => {
  it("allows ten attempts, refuses the eleventh for 15 minutes, then starts afresh", () => {
    const results = run(SIGN_IN_PER_ACCOUNT, [...Array.from({ length: 11 }, () => T0), T0 + 14 * MIN, T0 + 15 * MIN]);
    expect(results.map((r) => r.allowed)).toEqual([...Array(10).fill(true), false, false, true]);
    expect(results[10]!.verdict).toEqual({ allowed: false, retryAfterMs: 15 * MIN });
    expect(results[11]!.verdict).toEqual({ allowed: false, retryAfterMs: MIN });
  });

  it("a success resets an account's count; nine more failures do not lock", () => {
    const times = Array.from({ length: 20 }, (_, i) => T0 + i);
    expect(run(SIGN_IN_PER_ACCOUNT, times, (i) => i === 9).every((r) => r.allowed)).toBe(true);
  });

  it("a refund takes back only the successful attempt", () => {
    const policy: AttemptPolicy = { ...SIGN_IN_PER_ACCOUNT, maxAttempts: 3, onSuccess: "refund" };
    const c = countAttempt(countAttempt(null, T0, policy), T0, policy);
    expect(settleAttempt(c, policy).count).toBe(1);
    expect(settleAttempt({ count: 0, windowStart: T0, lockedUntil: null }, policy).count).toBe(0);
  });

  it("property: at most maxAttempts attempts are allowed per window, and none for lockMs after a refusal", () => {
    const policy = fc.record({
      maxAttempts: fc.integer({ min: 1, max: 12 }), windowMs: fc.integer({ min: 1, max: 20 * MIN }),
      lockMs: fc.integer({ min: 1, max: 20 * MIN }), onSuccess: fc.constantFrom("reset" as const, "refund" as const),
    });
    const steps = fc.array(fc.integer({ min: 0, max: 3 * MIN }), { maxLength: 80 });
    fc.assert(fc.property(policy, steps, (p, gaps) => {
      let now = T0;
      const times = gaps.map((g) => (now += g));
      const results = run(p, times);
      const perWindow = new Map<number, number>();
      for (const r of results.filter((x) => x.allowed)) perWindow.set(r.windowStart, (perWindow.get(r.windowStart) ?? 0) + 1);
      for (const n of perWindow.values()) expect(n).toBeLessThanOrEqual(p.maxAttempts);
      const firstRefusal = results.find((r) => !r.allowed);
      if (firstRefusal) {
        expect(results.some((r) => r.allowed && r.now > firstRefusal.now && r.now < firstRefusal.now + p.lockMs)).toBe(false);
      }
    }));
  });

  it("property: refused attempts change nothing", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 15 * MIN }), (later) => {
      const locked: AttemptCounter = { count: 11, windowStart: T0, lockedUntil: T0 + 15 * MIN };
      const now = T0 + later - 1;
      expect(countAttempt(locked, now, SIGN_IN_PER_ACCOUNT)).toBe(locked);
      expect(attemptVerdict(locked, now).allowed).toBe(false);
    }));
  });
});

describe("attemptRefused", () => {
  it("names the wait in whole minutes, rounded up, with Retry-After seconds", () => {
    expect(minutesText(1)).toBe("1 minute");
    expect(minutesText(15 * MIN)).toBe("15 minutes");
    const account = attemptRefused("sign-in-account", 15 * MIN);
    expect(account.message).toBe("Too many failed sign-ins: this account is locked for 15 more minutes. Try again later.");
    expect(account.retryAfterSeconds).toBe(900);
    expect(attemptRefused("sign-in-address", 14 * MIN + 1).message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(attemptRefused("password-change", 30_000).message).toBe("Too many password change attempts. Try again in 1 minute.");
    expect(attemptRefused("registration", 60 * MIN).message).toBe("Too many registrations from this address. Try again in 60 minutes.");
  });
});
