import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UsageRow } from "../domain/Usage";
import { formatBytes, isTimeZone, topDevices, usageBucketOf, usageBuckets, usageCsvHeader, usageCsvLine, usagePeriod, usageSeries, usageTotals } from "./usage";

const zones = fc.constantFrom("UTC", "Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "Pacific/Chatham");
const devices = [{ publicId: "a1", name: "Line 1 Router" }, { publicId: "a2", name: "Line 2 Router" }, { publicId: "a3", name: "Pump" }];
const row = (buckets: string[]) => fc.record({
  bucket: fc.constantFrom(...buckets),
  agent: fc.option(fc.constantFrom(...devices), { nil: null }),
  vpnSessions: fc.nat(1000), bytesToDevice: fc.nat(2 ** 40), bytesFromDevice: fc.nat(2 ** 40), apiCalls: fc.nat(10_000), reportRuns: fc.nat(500),
});

describe("usagePeriod", () => {
  it("covers the asked days in the zone, with a bucket per day or month", () => {
    const p = usagePeriod("2026-10-30", "2026-11-02", "day", "Europe/Amsterdam");
    expect(p).toEqual({
      fromDay: "2026-10-30", toDay: "2026-11-02", from: "2026-10-29T23:00:00Z", until: "2026-11-02T23:00:00Z", timeZone: "Europe/Amsterdam", granularity: "day",
      buckets: ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"],
    });
    expect(usagePeriod("2025-12-15", "2026-02-01", "month", "UTC")).toMatchObject({ buckets: ["2025-12", "2026-01", "2026-02"] });
  });
  it("names the field of a bad query", () => {
    expect(usagePeriod("2026-02-30", "2026-03-01", "day", "UTC")).toMatchObject({ field: "from" });
    expect(usagePeriod("2026-03-01", "tomorrow", "day", "UTC")).toMatchObject({ field: "to" });
    expect(usagePeriod("2026-03-02", "2026-03-01", "day", "UTC")).toMatchObject({ field: "to", message: "The end date must not be before the start date" });
    expect(usagePeriod("2026-03-01", "2026-03-02", "day", "Mars/Olympus")).toMatchObject({ field: "timeZone" });
    expect(usagePeriod("2020-01-01", "2026-01-01", "day", "UTC")).toMatchObject({ field: "to" });
    expect(isTimeZone("Europe/Berlin")).toBe(true);
  });
  it("property: every instant of the period falls in one of its buckets", () => {
    const day = fc.date({ min: new Date("2001-01-01"), max: new Date("2090-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(fc.property(day, fc.integer({ min: 0, max: 90 }), zones, fc.constantFrom("day" as const, "month" as const), fc.double({ min: 0, max: 1, noNaN: true }),
      (first, extra, zone, g, at) => {
        const last = new Date(Date.parse(first) + extra * 86_400_000).toISOString().slice(0, 10);
        const p = usagePeriod(first, last, g, zone);
        if (!("buckets" in p)) throw new Error(p.message);
        const from = Date.parse(p.from);
        const instant = new Date(Math.min(Date.parse(p.until) - 1, from + Math.floor(at * (Date.parse(p.until) - from)))).toISOString();
        expect(p.buckets).toContain(usageBucketOf(instant, zone, g));
        expect(new Set(p.buckets).size).toBe(p.buckets.length);
      }));
  });
});

describe("sums", () => {
  it("property: the chart's series adds up to the records, and so do the top devices", () => {
    const buckets = usageBuckets("2026-11-01", "2026-11-10", "day");
    fc.assert(fc.property(fc.array(row(buckets), { maxLength: 60 }), (rows: UsageRow[]) => {
      const totals = usageTotals(rows);
      expect(usageTotals(usageSeries(rows, buckets))).toEqual(totals);
      const top = topDevices(rows, 10);
      const deviceRows = rows.filter((r) => r.agent !== null);
      expect(usageTotals(top)).toEqual({ ...usageTotals(deviceRows), apiCalls: usageTotals(deviceRows).apiCalls });
      expect(new Set(top.map((d) => d.agent.publicId)).size).toBe(top.length);
      for (let i = 1; i < top.length; i++) {
        expect(top[i - 1]!.bytesToDevice + top[i - 1]!.bytesFromDevice).toBeGreaterThanOrEqual(top[i]!.bytesToDevice + top[i]!.bytesFromDevice);
      }
    }));
  });
  it("keeps empty buckets as zero points and limits the top list", () => {
    const rows: UsageRow[] = [
      { bucket: "2026-11-02", agent: devices[0]!, vpnSessions: 2, bytesToDevice: 10, bytesFromDevice: 5, apiCalls: 0, reportRuns: 1 },
      { bucket: "2026-11-02", agent: null, vpnSessions: 0, bytesToDevice: 0, bytesFromDevice: 0, apiCalls: 7, reportRuns: 2 },
      { bucket: "2026-11-03", agent: devices[1]!, vpnSessions: 1, bytesToDevice: 100, bytesFromDevice: 0, apiCalls: 0, reportRuns: 0 },
    ];
    expect(usageSeries(rows, ["2026-11-01", "2026-11-02", "2026-11-03"]).map((p) => [p.bucket, p.vpnSessions, p.apiCalls, p.reportRuns]))
      .toEqual([["2026-11-01", 0, 0, 0], ["2026-11-02", 2, 7, 3], ["2026-11-03", 1, 0, 0]]);
    expect(topDevices(rows, 1).map((d) => d.agent.name)).toEqual(["Line 2 Router"]);
  });
});

describe("formatting", () => {
  it("reads bytes and writes CSV rows", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
    expect(usageCsvHeader()).toBe("period,device,device id,VPN sessions,bytes to device,bytes from device,API calls,report runs\r\n");
    expect(usageCsvLine({ bucket: "2026-11", agent: { publicId: "x", name: "=cmd" }, vpnSessions: 1, bytesToDevice: 2, bytesFromDevice: 3, apiCalls: 0, reportRuns: 4 }))
      .toBe("2026-11,'=cmd,x,1,2,3,0,4\r\n");
    expect(usageCsvLine({ bucket: "2026-11", agent: null, vpnSessions: 0, bytesToDevice: 0, bytesFromDevice: 0, apiCalls: 9, reportRuns: 1 })).toBe("2026-11,all devices,,0,0,0,9,1\r\n");
  });
});
