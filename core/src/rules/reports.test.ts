import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkReportRequest, isTimeZone, nextReportStatus, parseUtcInstant, reportPeriodLabel, reportStatusesBefore, utcToZonedWallTime, zonedWallTimeToUtc,
} from "./reports";

describe("report requests", () => {
  const ok = { report: { publicId: "page00000001" }, start: "2026-11-01T00:00:00Z", end: "2026-11-02T00:00:00Z", timeZone: "Europe/Berlin" };

  it("accepts a period in a known zone, refuses each bad field with its sentence", () => {
    expect(Result.isSuccess(checkReportRequest(ok))).toBe(true);
    const bad = checkReportRequest({ report: ok.report, start: "2026-11-02T00:00:00Z", end: "2026-11-01T00:00:00Z", timeZone: "Mars/Olympus" });
    expect(Result.isFailure(bad) && bad.failure).toEqual([
      { message: "The end must be after the start", propertyName: "end" },
      { message: "Unknown time zone", propertyName: "timeZone" },
    ]);
    const missing = checkReportRequest({ start: null, end: "", timeZone: undefined });
    expect(Result.isFailure(missing) && missing.failure.map((i) => `${i.propertyName}:${i.message}`)).toEqual(["report:REQUIRED", "start:REQUIRED", "end:REQUIRED", "timeZone:REQUIRED"]);
    const both = checkReportRequest({ ...ok, agent: { publicId: "a" }, asset: { publicId: "b" } });
    expect(Result.isFailure(both) && both.failure[0]!.propertyName).toBe("asset");
    const long = checkReportRequest({ ...ok, end: "2028-11-02T00:00:00Z" });
    expect(Result.isFailure(long) && long.failure[0]!.message).toBe("A report covers at most 367 days");
  });

  it("takes only UTC instants without milliseconds that exist", () => {
    expect(parseUtcInstant("2026-11-01T00:00:00Z")).toBe(Date.UTC(2026, 10, 1));
    for (const bad of ["2026-11-01T00:00:00.000Z", "2026-11-01T00:00:00+01:00", "2026-02-30T00:00:00Z", "yesterday"]) expect(parseUtcInstant(bad)).toBeNull();
  });

  it("reads the period in the report's zone", () => {
    expect(reportPeriodLabel(ok.start, ok.end, ok.timeZone)).toBe("1 Nov 2026, 01:00 – 2 Nov 2026, 01:00 (Europe/Berlin)");
    expect(reportPeriodLabel(ok.start, ok.end, "UTC")).toBe("1 Nov 2026, 00:00 – 2 Nov 2026, 00:00 (UTC)");
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("")).toBe(false);
  });

  it("turns a wall-clock time in a zone into UTC and back (property, across summer time)", () => {
    expect(zonedWallTimeToUtc("2026-11-01T00:00", "Europe/Berlin")).toBe("2026-10-31T23:00:00Z");
    expect(zonedWallTimeToUtc("2026-07-01T00:00", "Europe/Berlin")).toBe("2026-06-30T22:00:00Z");
    expect(zonedWallTimeToUtc("nonsense", "Europe/Berlin")).toBeNull();
    const zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"];
    fc.assert(fc.property(fc.integer({ min: Date.UTC(2000, 0, 1) / 60000, max: Date.UTC(2040, 0, 1) / 60000 }), fc.constantFrom(...zones), (minute, zone) => {
      const ms = minute * 60000;
      const wall = utcToZonedWallTime(ms, zone);
      const back = zonedWallTimeToUtc(wall, zone)!;
      // A wall time shown twice (clocks going back) may map to the other instant with the same wall time.
      expect(utcToZonedWallTime(Date.parse(back), zone)).toBe(wall);
    }));
  });

  it("lets a worker move a report forward only", () => {
    expect(nextReportStatus("queued", "running")).toBe("running");
    expect(nextReportStatus("running", "done")).toBe("done");
    expect(nextReportStatus("done", "running")).toBeNull();
    expect(nextReportStatus("failed", "done")).toBeNull();
    expect(reportStatusesBefore("running")).toEqual(["queued", "running"]);
    expect(reportStatusesBefore("done")).toEqual(["running"]);
    expect(reportStatusesBefore("failed")).toEqual(["queued", "running"]);
  });
});
