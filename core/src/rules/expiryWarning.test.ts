import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companyAccessEnd, expiringAccessNoticeDue, expiringAccessNoticeKey, expiryWarningReminder, expiryWarningRemindTimes, temporaryAccessWarning } from "./expiryWarning";
import { isReminderVisible, muteReminder, tickReminders, visibleReminders } from "./reminders";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe("expiryWarningRemindTimes", () => {
  it("starts 30 days before expiry and reminds at the end of every day until then", () => {
    const expiry = Date.UTC(2026, 11, 31, 12, 0);
    const times = Result.getOrThrow(expiryWarningRemindTimes(expiry, "UTC"));
    expect(times).toHaveLength(31);
    expect(iso(times[0]!)).toBe("2026-12-01T12:00:00.000Z");
    expect(iso(times[1]!)).toBe("2026-12-01T23:59:59.000Z");
    expect(iso(times[30]!)).toBe("2026-12-30T23:59:59.000Z");
  });
  it("uses the end of the day in the user's time zone, across a daylight-saving change", () => {
    const expiry = Date.UTC(2026, 3, 10, 8, 0); // 10:00 in Amsterdam (summer time)
    const times = Result.getOrThrow(expiryWarningRemindTimes(expiry, "Europe/Amsterdam"));
    expect(iso(times[0]!)).toBe("2026-03-11T09:00:00.000Z"); // 10:00 in Amsterdam (winter time)
    expect(iso(times[1]!)).toBe("2026-03-11T22:59:59.000Z");
    expect(iso(times.at(-1)!)).toBe("2026-04-09T21:59:59.000Z");
  });
  it("fails with InvalidInput for an unknown time zone", () => {
    const result = expiryWarningRemindTimes(0, "Mars/Olympus");
    expect(Result.isFailure(result) && result.failure.issues[0]?.propertyName).toBe("timeZone");
  });
  it("property: remind times strictly increasing, all before expiry, at most 31", () => {
    const zones = fc.constantFrom("UTC", "Europe/Amsterdam", "America/Sao_Paulo", "America/Santiago",
      "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata", "Pacific/Apia");
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), zones, (expiry, zone) => {
      const times = Result.getOrThrow(expiryWarningRemindTimes(expiry, zone));
      expect(times.length).toBeGreaterThanOrEqual(1);
      expect(times.length).toBeLessThanOrEqual(31);
      for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
      expect(times.every((t) => t < expiry)).toBe(true);
      // 30 calendar days in the zone: a DST change moves it by hours, and Samoa (Pacific/Apia)
      // skipped 30 December 2011 entirely (found by this property: [1325239200000, "Pacific/Apia"]).
      expect(expiry - times[0]!).toBeGreaterThanOrEqual(30 * DAY - 26 * 3_600_000);
    }));
  });
});

describe("expiry warning as a reminder", () => {
  const expiry = Date.UTC(2026, 11, 31, 12, 0);
  const reminder = Result.getOrThrow(expiryWarningReminder({ id: "w", message: "Access ends", expiresOn: expiry, timeZone: "UTC" }));
  it("is hidden before the 30-day mark and shown after it", () => {
    expect(isReminderVisible(reminder, expiry - 30 * DAY - 1)).toBe(false);
    expect(isReminderVisible(reminder, expiry - 30 * DAY)).toBe(true);
  });
  it("comes back at the end of the day after being muted", () => {
    const mutedAt = Date.UTC(2026, 11, 10, 9, 0);
    const muted = [muteReminder(reminder, mutedAt)];
    expect(visibleReminders(tickReminders(muted, Date.UTC(2026, 11, 10, 23, 59)), Date.UTC(2026, 11, 10, 23, 59))).toEqual([]);
    const later = Date.UTC(2026, 11, 11, 0, 0);
    expect(visibleReminders(tickReminders(muted, later), later)).toHaveLength(1);
  });
  it("is built from a temporary access, refusing an unreadable expiry", () => {
    const ok = temporaryAccessWarning({ publicId: "t1", expiresOn: "2026-12-31T12:00:00Z" }, "UTC", "Access ends");
    expect(Result.getOrThrow(ok)).toMatchObject({ id: "t1", expiresOn: expiry, muted: false });
    expect(Result.isFailure(temporaryAccessWarning({ publicId: "t1", expiresOn: "soon" }, "UTC", "m"))).toBe(true);
  });
});

describe("expiringAccessNoticeDue", () => {
  const expiry = Date.UTC(2026, 11, 31, 12, 0);
  it("is due from the 30-day mark until the expiry, and never after", () => {
    expect(expiringAccessNoticeDue(expiry, expiry - 30 * DAY - 1, "UTC")).toBe(false);
    expect(expiringAccessNoticeDue(expiry, expiry - 30 * DAY, "UTC")).toBe(true);
    expect(expiringAccessNoticeDue(expiry, expiry - 1, "UTC")).toBe(true);
    expect(expiringAccessNoticeDue(expiry, expiry, "UTC")).toBe(false);
  });
  it("reads an unknown time zone as UTC", () => {
    expect(expiringAccessNoticeDue(expiry, expiry - 30 * DAY, "Mars/Olympus")).toBe(true);
  });
  it("property: never due at or after expiry, never before the first remind time", () => {
    const zones = fc.constantFrom("UTC", "Europe/Amsterdam", "Pacific/Apia", "Asia/Kolkata");
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer({ min: -40 * DAY, max: DAY }), zones, (exp, offset, zone) => {
      const now = exp + offset;
      const due = expiringAccessNoticeDue(exp, now, zone);
      if (now >= exp) expect(due).toBe(false);
      const first = Result.getOrThrow(expiryWarningRemindTimes(exp, zone))[0]!;
      expect(due).toBe(now >= first && now < exp);
    }));
  });
  it("keys one notice per company and expiry", () => {
    expect(expiringAccessNoticeKey("companyAAAAA", expiry)).not.toBe(expiringAccessNoticeKey("companyAAAAA", expiry + 1));
    expect(expiringAccessNoticeKey("companyAAAAA", expiry)).not.toBe(expiringAccessNoticeKey("companyBBBBB", expiry));
  });
});

describe("companyAccessEnd", () => {
  it("is permanent while one membership is, else the latest end", () => {
    expect(companyAccessEnd([])).toBeNull();
    expect(companyAccessEnd([5, null, 9])).toBeNull();
    expect(companyAccessEnd([5, 9, 7])).toBe(9);
  });
  it("property: null or one of the ends, and no end after it", () => {
    fc.assert(fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 4_102_444_800_000 }), { nil: null }), { maxLength: 6 }), (ends) => {
      const end = companyAccessEnd(ends);
      expect(end === null).toBe(ends.length === 0 || ends.includes(null));
      if (end !== null) {
        expect(ends).toContain(end);
        expect(ends.every((e) => e !== null && e <= end)).toBe(true);
      }
    }));
  });
});
