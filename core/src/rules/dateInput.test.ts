import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { formatDateInput, parseDateInput } from "./dateInput";

const AMS = "Europe/Amsterdam";
const iso = (i: Temporal.Instant | null) => i?.toString() ?? null;

describe("parseDateInput", () => {
  it("reads 'date time' in the user's time zone", () => {
    expect(iso(parseDateInput("2025-03-14 10:30", AMS))).toBe("2025-03-14T09:30:00Z");
    expect(iso(parseDateInput("  2025-07-01T10:30:15 ", AMS))).toBe("2025-07-01T08:30:15Z");
    expect(iso(parseDateInput("2025-03-14 10:30", "America/New_York"))).toBe("2025-03-14T14:30:00Z");
  });
  it("reads a date only as 23:59:59, the end of that day", () => {
    expect(iso(parseDateInput("2025-03-14", AMS))).toBe("2025-03-14T22:59:59Z");
    expect(iso(parseDateInput("2025-03-14", "UTC"))).toBe("2025-03-14T23:59:59Z");
  });
  it("gives no value for invalid input", () => {
    for (const text of ["", "abc", "2025-02-30", "2025-13-01", "2025-03-14 24:00", "2025-03-14 10:60",
      "14-03-2025", "2025-3-14", "2025-03-14 10", "2025-03-14 10:30+01:00", "0000-01-01"]) {
      expect(parseDateInput(text, AMS), text).toBeNull();
    }
    expect(parseDateInput("2025-03-14 10:30", "Mars/Olympus_Mons")).toBeNull();
  });
  it("gives no value for a local time skipped by daylight saving", () => {
    expect(parseDateInput("2025-03-30 02:30", AMS)).toBeNull();
    expect(iso(parseDateInput("2025-03-30 03:00", AMS))).toBe("2025-03-30T01:00:00Z");
  });
  it("reads a repeated local time as the earlier one", () => {
    expect(iso(parseDateInput("2025-10-26 02:30", AMS))).toBe("2025-10-26T00:30:00Z");
  });
});

describe("formatDateInput", () => {
  it("formats as 'YYYY-MM-DD HH:mm' in the zone", () => {
    expect(formatDateInput(Temporal.Instant.from("2025-03-14T09:30:45Z"), AMS)).toBe("2025-03-14 10:30");
    expect(formatDateInput(Date.UTC(2025, 0, 5, 23, 5), "Asia/Kolkata")).toBe("2025-01-06 04:35");
    expect(formatDateInput(new Date(Date.UTC(2025, 0, 5, 23, 5)), "UTC")).toBe("2025-01-05 23:05");
  });
  it("refuses invalid dates", () => {
    expect(formatDateInput(new Date(NaN), AMS)).toBeNull();
    expect(formatDateInput(NaN, AMS)).toBeNull();
    expect(formatDateInput(Infinity, AMS)).toBeNull();
    expect(formatDateInput(null, AMS)).toBeNull();
    expect(formatDateInput(undefined, AMS)).toBeNull();
    expect(formatDateInput(0, "Not/AZone")).toBeNull();
    expect(formatDateInput(8.64e15, AMS)).toBeNull();
  });
  const zones = ["UTC", AMS, "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham", "America/Sao_Paulo"];
  it("property: format then parse is identity at minute precision", () => {
    const from = Date.UTC(1970, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), fc.constantFrom(...zones), (ms, zone) => {
        const text = formatDateInput(ms, zone);
        expect(text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
        const back = parseDateInput(text!, zone);
        expect(back).not.toBeNull();
        expect(formatDateInput(back, zone)).toBe(text);
        // In a repeated daylight-saving hour the text names two instants; parse takes the earlier.
        const local = Temporal.PlainDateTime.from(text!.replace(" ", "T"));
        const earlier = local.toZonedDateTime(zone, { disambiguation: "earlier" }).epochMilliseconds;
        const later = local.toZonedDateTime(zone, { disambiguation: "later" }).epochMilliseconds;
        if (earlier === later) expect(back!.epochMilliseconds).toBe(Math.floor(ms / 60_000) * 60_000);
      }),
      { numRuns: 300 },
    );
  });
  it("property: parse never throws and gives null or an instant that formats to the same minute", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{4}-\d\d-\d\d( \d\d:\d\d(:\d\d)?)?$/)), fc.constantFrom(...zones), (text, zone) => {
        const parsed = parseDateInput(text, zone);
        if (parsed && text.length > 10) expect(formatDateInput(parsed, zone)).toBe(text.trim().slice(0, 16));
      }),
    );
  });
});
