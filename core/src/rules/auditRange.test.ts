import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { auditDayRange } from "./auditRange";

describe("auditDayRange", () => {
  it("covers the picked days in the user's zone", () => {
    expect(auditDayRange("2026-03-01", "2026-03-02", "Europe/Amsterdam")).toEqual({ from: "2026-02-28T23:00:00Z", until: "2026-03-02T23:00:00Z" });
    expect(auditDayRange("2026-11-25", "2026-11-25", "UTC")).toEqual({ from: "2026-11-25T00:00:00Z", until: "2026-11-26T00:00:00Z" });
  });
  it("keeps a 23-hour day whole across the spring daylight-saving change", () => {
    expect(auditDayRange("2026-03-29", "2026-03-29", "Europe/Amsterdam")).toEqual({ from: "2026-03-28T23:00:00Z", until: "2026-03-29T22:00:00Z" });
  });
  it("leaves an empty side open", () => {
    expect(auditDayRange("", "2026-01-01", "UTC")).toEqual({ until: "2026-01-02T00:00:00Z" });
    expect(auditDayRange("2026-01-01", "", "UTC")).toEqual({ from: "2026-01-01T00:00:00Z" });
    expect(auditDayRange("", "", "UTC")).toEqual({});
  });
  it("is null for a day that does not exist, an unknown zone, or a reversed range", () => {
    expect(auditDayRange("2026-02-30", "", "UTC")).toBeNull();
    expect(auditDayRange("2026-01-01", "", "Mars/Olympus")).toBeNull();
    expect(auditDayRange("2026-01-02", "2026-01-01", "UTC")).toBeNull();
    expect(auditDayRange("yesterday", "", "UTC")).toBeNull();
  });
  it("property: a range of n days lasts n days give or take the daylight-saving hour, and from < until", () => {
    const zones = fc.constantFrom("UTC", "Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe");
    const day = fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(fc.property(day, fc.integer({ min: 0, max: 40 }), zones, (first, extra, zone) => {
      const last = new Date(Date.parse(first) + extra * 86_400_000).toISOString().slice(0, 10);
      const r = auditDayRange(first, last, zone)!;
      const hours = (Date.parse(r.until!) - Date.parse(r.from!)) / 3_600_000;
      expect(Math.abs(hours - (extra + 1) * 24)).toBeLessThanOrEqual(1);
    }));
  });
});
