import fc from "fast-check";
import { Result, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { agentOfTopic, DataPointMessage, dataPointTopic, SERIES_MAX_POINTS } from "../domain/DataPoint";
import {
  acceptedTime, BUCKET_LADDER_MS, bucketCount, bucketSize, bucketStart, CLOCK_AHEAD_MS, CLOCK_BEHIND_MS, fillRatio, newestPerPoint,
  periodRange, PERIOD_MAX_DAYS, seriesPoints, stateShares, wearAndTear,
} from "./dataPoints";

const zones = fc.constantFrom("UTC", "Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "Pacific/Chatham");
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) });
const decode = Schema.decodeUnknownResult(DataPointMessage);

describe("periodRange", () => {
  it("gives the local day, week and month", () => {
    const now = Date.UTC(2026, 10, 26, 4, 0); // Thursday 26 Nov 2026, 05:00 in Amsterdam
    expect(periodRange("today", now, "Europe/Amsterdam")).toEqual({ from: Date.UTC(2026, 10, 25, 23), until: Date.UTC(2026, 10, 26, 23) });
    expect(periodRange("yesterday", now, "UTC")).toEqual({ from: Date.UTC(2026, 10, 25), until: Date.UTC(2026, 10, 26) });
    expect(periodRange("this-week", now, "UTC")).toEqual({ from: Date.UTC(2026, 10, 23), until: Date.UTC(2026, 10, 30) });
    expect(periodRange("last-month", now, "UTC")).toEqual({ from: Date.UTC(2026, 9, 1), until: Date.UTC(2026, 10, 1) });
    expect(periodRange("last-7-days", now, "UTC")).toEqual({ from: now - 7 * 86_400_000, until: now });
    expect(periodRange(" Last-24-Hours ", now, "UTC")).toEqual({ from: now - 86_400_000, until: now });
  });
  it("refuses unknown specs, out-of-range counts and unknown zones", () => {
    for (const spec of ["", "tomorrow", "last-0-days", `last-${PERIOD_MAX_DAYS + 1}-days`, "last-x-days", "last-1-weeks"]) {
      expect(periodRange(spec, Date.now(), "UTC")).toBeNull();
    }
    expect(periodRange("today", Date.now(), "Mars/Olympus")).toBeNull();
  });
  it("always has from < until, and the current periods contain now", () => {
    fc.assert(fc.property(instant, zones, fc.constantFrom("today", "this-week", "this-month", "yesterday", "last-week", "last-month", "last-3-hours"), (now, zone, spec) => {
      const r = periodRange(spec, now, zone)!;
      expect(r.from).toBeLessThan(r.until);
      if (spec.startsWith("this-") || spec === "today") expect(r.from <= now && now < r.until).toBe(true);
      else expect(r.until).toBeLessThanOrEqual(now);
    }));
  });
});

describe("bucketing", () => {
  it("keeps a month of seconds to a few hundred points", () => {
    const month = { from: 0, until: 31 * 86_400_000 };
    expect(bucketSize(month)).toBe(3 * 3_600_000);
    expect(bucketCount(month, bucketSize(month))).toBeLessThanOrEqual(300);
    expect(bucketSize({ from: 0, until: 60_000 })).toBe(1000);
  });
  it("picks the smallest ladder size within the asked points", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 400 * 86_400_000 }), fc.integer({ min: 1, max: SERIES_MAX_POINTS }), (span, points) => {
      const range = { from: 0, until: span };
      const size = bucketSize(range, points);
      expect(BUCKET_LADDER_MS).toContain(size);
      if (span <= points * 7 * 86_400_000) expect(bucketCount(range, size)).toBeLessThanOrEqual(points);
      const smaller = BUCKET_LADDER_MS.filter((s) => s < size);
      for (const s of smaller) expect(bucketCount(range, s)).toBeGreaterThan(points);
    }));
  });
  it("puts every instant of the period in exactly one aligned bucket", () => {
    fc.assert(fc.property(instant, fc.integer({ min: 1, max: 40 * 86_400_000 }), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (from, span, at) => {
      const range = { from, until: from + span };
      const size = bucketSize(range);
      const t = from + Math.floor(at * span);
      const start = bucketStart(range, size, t);
      expect(start).toBeLessThanOrEqual(t);
      expect(t).toBeLessThan(start + size);
      expect((start - from) % size).toBe(0);
      expect((start - from) / size).toBeLessThan(bucketCount(range, size));
    }));
  });
  it("reads the points parameter", () => {
    expect(seriesPoints(undefined)).toBe(300);
    expect(seriesPoints("50")).toBe(50);
    for (const bad of ["0", "1001", "-1", "1e3", "abc", "12345"]) expect(seriesPoints(bad)).toBeNull();
  });
});

describe("messages", () => {
  it("decodes a good message and names the topic's agent", () => {
    expect(Result.isSuccess(decode({ ts: 1, values: { temperature: 21.5, "running.state": 1 } }))).toBe(true);
    expect(agentOfTopic(dataPointTopic("abcDEF123456"))).toBe("abcDEF123456");
    expect(agentOfTopic("portal/agents/x/y/data-points")).toBeNull();
    expect(agentOfTopic("portal/agents/../data-points")).toBeNull();
  });
  it("refuses whole any message with a bad part", () => {
    for (const bad of [null, 3, "x", {}, { values: {} }, { values: { t: "1" } }, { values: { "1t": 1 } }, { values: { t: true } },
      { ts: -1, values: { t: 1 } }, { ts: 1.5, values: { t: 1 } }, { values: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, i])) }]) {
      expect(Result.isFailure(decode(bad))).toBe(true);
    }
  });
  it("never accepts a non-finite value or a bad name (fuzz)", () => {
    fc.assert(fc.property(fc.dictionary(fc.string({ maxLength: 70 }), fc.oneof(fc.double(), fc.string(), fc.boolean(), fc.constant(null))), (values) => {
      const r = decode({ values });
      if (Result.isSuccess(r)) {
        for (const [k, v] of Object.entries(r.success.values)) {
          expect(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(k)).toBe(true);
          expect(Number.isFinite(v)).toBe(true);
        }
      }
    }));
  });
  it("keeps a device time only within the clock window", () => {
    fc.assert(fc.property(instant, fc.option(fc.integer({ min: -10 * 86_400_000, max: 10 * 86_400_000 }), { nil: undefined }), (now, off) => {
      const t = acceptedTime(off === undefined ? undefined : now + off, now);
      expect(t).toBeGreaterThanOrEqual(now - CLOCK_BEHIND_MS);
      expect(t).toBeLessThanOrEqual(now + CLOCK_AHEAD_MS);
      if (off !== undefined && off >= -CLOCK_BEHIND_MS && off <= CLOCK_AHEAD_MS) expect(t).toBe(now + off);
    }));
  });
});

describe("live throttle and analyses", () => {
  it("sends the newest sample of each data point once", () => {
    fc.assert(fc.property(fc.array(fc.record({ agentId: fc.nat(3), name: fc.constantFrom("a", "b"), ts: fc.nat(100), value: fc.double({ noNaN: true }) })), (samples) => {
      const out = newestPerPoint(samples);
      expect(new Set(out.map((s) => `${s.agentId}/${s.name}`)).size).toBe(out.length);
      for (const s of samples) {
        const kept = out.find((o) => o.agentId === s.agentId && o.name === s.name)!;
        expect(kept.ts).toBeGreaterThanOrEqual(s.ts);
      }
    }));
  });
  it("shares the time of a period between the states held", () => {
    const range = { from: 0, until: 100 };
    expect(stateShares(range, 1000, { ts: -5, value: 0 }, [{ ts: 25, value: 1 }, { ts: 75, value: 0 }])).toEqual([
      { value: 0, ms: 50, share: 0.5 }, { value: 1, ms: 50, share: 0.5 },
    ]);
    expect(stateShares(range, 50, null, [{ ts: 10, value: 1 }])).toEqual([{ value: 1, ms: 40, share: 1 }]);
    expect(stateShares(range, 1000, null, [])).toEqual([]);
  });
  it("state shares add up to the known time", () => {
    fc.assert(fc.property(fc.array(fc.record({ ts: fc.integer({ min: -50, max: 150 }), value: fc.integer({ min: 0, max: 3 }) })), fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), fc.integer({ min: 0, max: 200 }), (steps, b, now) => {
      const shares = stateShares({ from: 0, until: 100 }, now, b === null ? null : { ts: -1, value: b }, steps);
      if (shares.length === 0) return;
      expect(shares.reduce((a, s) => a + s.share, 0)).toBeCloseTo(1, 9);
      expect(shares.reduce((a, s) => a + s.ms, 0)).toBeLessThanOrEqual(Math.min(100, now));
    }));
  });
  it("tells the service state from operating hours", () => {
    expect(wearAndTear(1250, 500)).toEqual({ sinceService: 250, untilService: 250, used: 0.5, services: 2, state: "ok" });
    expect(wearAndTear(460, 500)?.state).toBe("soon");
    expect(wearAndTear(499.5, 500)?.state).toBe("due");
    expect(wearAndTear(-1, 500)).toBeNull();
    expect(wearAndTear(1, 0)).toBeNull();
    // Just below a whole number of intervals, where h / i rounds up to the next integer.
    // (found by fast-check: floor(h / i) is 99 but h - 99 i is more than one interval).
    const edge = wearAndTear(9999999.999999983, 99999.99999999984)!;
    expect(edge.sinceService).toBeGreaterThanOrEqual(0);
    expect(edge.sinceService).toBeLessThan(99999.99999999984);
    expect(edge.used).toBeLessThan(1);
    expect(edge.services).toBe(99);
    fc.assert(fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), fc.double({ min: 0.5, max: 1e5, noNaN: true }), (h, i) => {
      const w = wearAndTear(h, i)!;
      expect(w.sinceService + w.untilService).toBeCloseTo(i, 6);
      expect(w.used).toBeGreaterThanOrEqual(0);
      expect(w.used).toBeLessThanOrEqual(1);
      expect(w.services).toBe(Math.round((h - w.sinceService) / i));
    }), { numRuns: 2000 });
    expect(fillRatio(5, 0, 10)).toBe(0.5);
    expect(fillRatio(20, 0, 10)).toBe(1);
    expect(fillRatio(5, 10, 0)).toBe(0);
  });
});
