import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COUPON_NOT_FOR_FEATURE, COUPON_NOT_VALID, DAY_MS, dayOfExpiry, daysLeft, expiryOfDay, endsToTell, extendedExpiry, FEATURE_ALREADY_ACTIVE, isActive, judgeActivation,
  judgeBundleActivation, LICENCE_EXPIRED, LICENCE_HAS_NO_FREE_SEAT, LICENCE_NOT_FOR_FEATURE, TRIAL_ALREADY_USED, TRIAL_DAYS,
  validateBundleActivationBody, type ActivationFacts, type BundleFacts,
} from "./licences";

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const feature = fc.constantFrom("alarming" as const, "logging" as const);
const instant = fc.integer({ min: NOW - 1000 * DAY_MS, max: NOW + 1000 * DAY_MS });
const bundleArb: fc.Arbitrary<BundleFacts> = fc.record({
  features: fc.subarray(["alarming", "logging"] as const),
  seats: fc.integer({ min: 1, max: 50 }),
  seatsUsed: fc.integer({ min: 0, max: 60 }),
  expiresOn: instant,
});
const methodArb: fc.Arbitrary<ActivationFacts["method"]> = fc.oneof(
  fc.constant({ kind: "trial" as const }),
  bundleArb.map((bundle) => ({ kind: "licence" as const, bundle })),
  fc.option(fc.record({ feature, days: fc.integer({ min: 1, max: 3650 }), redeemed: fc.boolean() }), { nil: null }).map((coupon) => ({ kind: "coupon" as const, coupon })),
);
const factsArb: fc.Arbitrary<ActivationFacts> = fc.record({
  feature, now: instant, current: fc.option(fc.record({ expiresOn: instant }), { nil: null }), trialUsed: fc.boolean(), method: methodArb,
});
const messageOf = <A>(r: Result.Result<A, { issues: ReadonlyArray<{ message: string }> }>) => (Result.isFailure(r) ? r.failure.issues[0]!.message : null);

describe("licence rules", () => {
  it("runs a trial TRIAL_DAYS days, a licence until its bundle ends, a coupon its days", () => {
    const trial = judgeActivation({ feature: "alarming", now: NOW, current: null, trialUsed: false, method: { kind: "trial" } });
    expect(trial).toEqual(Result.succeed({ method: "trial", startsOn: NOW, expiresOn: NOW + TRIAL_DAYS * DAY_MS }));
    const bundle = { features: ["alarming" as const], seats: 2, seatsUsed: 1, expiresOn: NOW + 5 * DAY_MS };
    expect(judgeActivation({ feature: "alarming", now: NOW, current: null, trialUsed: true, method: { kind: "licence", bundle } }))
      .toEqual(Result.succeed({ method: "licence", startsOn: NOW, expiresOn: NOW + 5 * DAY_MS }));
    expect(messageOf(judgeActivation({ feature: "logging", now: NOW, current: null, trialUsed: false, method: { kind: "licence", bundle } }))).toBe(LICENCE_NOT_FOR_FEATURE);
    expect(messageOf(judgeActivation({ feature: "alarming", now: NOW, current: null, trialUsed: false, method: { kind: "licence", bundle: { ...bundle, seatsUsed: 2 } } }))).toBe(LICENCE_HAS_NO_FREE_SEAT);
    expect(messageOf(judgeActivation({ feature: "alarming", now: NOW, current: null, trialUsed: false, method: { kind: "coupon", coupon: { feature: "logging", days: 3, redeemed: false } } }))).toBe(COUPON_NOT_FOR_FEATURE);
    expect(messageOf(judgeBundleActivation({ ...bundle, expiresOn: NOW }, false, NOW))).toBe(LICENCE_EXPIRED);
  });

  it("property: an accepted activation starts now, ends later, and every refusal has its reason", () => {
    fc.assert(fc.property(factsArb, (f) => {
      const r = judgeActivation(f);
      const running = f.current !== null && isActive(f.current.expiresOn, f.now);
      if (Result.isSuccess(r)) {
        expect(running).toBe(false);
        expect(r.success.startsOn).toBe(f.now);
        expect(r.success.expiresOn).toBeGreaterThan(f.now);
        if (r.success.method === "trial") expect(f.trialUsed).toBe(false);
        if (f.method.kind === "licence") {
          expect(r.success.expiresOn).toBe(f.method.bundle.expiresOn);
          expect(f.method.bundle.seatsUsed).toBeLessThan(f.method.bundle.seats);
          expect(f.method.bundle.features).toContain(f.feature);
        }
        if (f.method.kind === "coupon") expect(f.method.coupon && !f.method.coupon.redeemed && f.method.coupon.feature === f.feature).toBe(true);
      } else {
        const m = messageOf(r);
        if (running) expect(m).toBe(FEATURE_ALREADY_ACTIVE);
        else if (f.method.kind === "trial") expect(m).toBe(TRIAL_ALREADY_USED);
        else if (f.method.kind === "coupon" && (f.method.coupon === null || f.method.coupon.redeemed)) expect(m).toBe(COUPON_NOT_VALID);
      }
    }));
  });

  it("property: a redeemed coupon is never accepted again (single use)", () => {
    fc.assert(fc.property(factsArb, fc.integer({ min: 1, max: 3650 }), (f, days) => {
      const r = judgeActivation({ ...f, current: null, method: { kind: "coupon", coupon: { feature: f.feature, days, redeemed: true } } });
      expect(messageOf(r)).toBe(COUPON_NOT_VALID);
    }));
  });

  it("property: an extension never shortens a bundle and a lapsed one restarts from now", () => {
    fc.assert(fc.property(instant, instant, fc.integer({ min: 1, max: 3650 }), (expiresOn, now, days) => {
      const next = extendedExpiry(expiresOn, now, days);
      expect(next).toBeGreaterThan(expiresOn);
      expect(next).toBeGreaterThan(now);
      expect(next).toBe(Math.max(expiresOn, now) + days * DAY_MS);
      expect(extendedExpiry(next, now, days)).toBeGreaterThan(next);
    }));
  });

  it("property: an ended activation is told exactly when its expiry has passed, and only once", () => {
    fc.assert(fc.property(fc.array(fc.record({ expiresOn: instant, notified: fc.boolean() })), instant, (rows, now) => {
      const told = endsToTell(rows, now);
      for (const r of rows) expect(told.includes(r)).toBe(!r.notified && r.expiresOn <= now);
      expect(endsToTell(told.map((r) => ({ ...r, notified: true })), now)).toEqual([]);
      for (const r of told) expect(daysLeft(r.expiresOn, now)).toBe(0);
    }));
  });

  it("property: a trial is active until, and not at, its end instant", () => {
    fc.assert(fc.property(instant, fc.integer({ min: 0, max: 2 * TRIAL_DAYS * DAY_MS }), (start, elapsed) => {
      const w = judgeActivation({ feature: "alarming", now: start, current: null, trialUsed: false, method: { kind: "trial" } });
      if (Result.isFailure(w)) throw new Error("trial refused");
      expect(isActive(w.success.expiresOn, start + elapsed)).toBe(elapsed < TRIAL_DAYS * DAY_MS);
    }));
  });

  it("requires the device and the bundle of a bundle activation", () => {
    expect(validateBundleActivationBody({ publicId: " a ", bundle: { publicId: "b" } })).toEqual(Result.succeed({ publicId: "a", bundle: { publicId: "b" } }));
    const bad = validateBundleActivationBody({ bundle: null });
    expect(Result.isFailure(bad) && bad.failure.issues.map((i) => i.propertyName)).toEqual(["publicId", "bundle.publicId"]);
  });

  it("property: a picked day's expiry is the next midnight UTC, and reads back as that day", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 60_000 }), (n) => {
      const day = new Date(Date.UTC(2000, 0, 1) + n * DAY_MS).toISOString().slice(0, 10);
      const expiry = expiryOfDay(day);
      expect(expiry).toBe(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString());
      expect(dayOfExpiry(expiry!)).toBe(day);
    }));
    for (const bad of ["", "2027-02-30", "2027-13-01", "27-01-01", "2027-01-01T00:00:00Z", "1969-12-31"]) expect(expiryOfDay(bad)).toBeNull();
  });
});
