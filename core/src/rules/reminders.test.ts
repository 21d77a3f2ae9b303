import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MyAccessRequest } from "../domain/AccessRequest";
import type { Reminder } from "../domain/Reminder";
import { toUtcIsoSeconds } from "./accessRequests";
import {
  accessRemindTimes,
  accessRequestReminders,
  isReminderVisible,
  mergeReminders,
  muteAllReminders,
  muteReminder,
  muteReminderById,
  mutedStateKeepUntil,
  reminderPresentation,
  tickReminders,
  visibleReminders,
} from "./reminders";

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 21, 10, 0);
const myRequest = (publicId: string, status: MyAccessRequest["request"]["status"], end: number): MyAccessRequest => ({
  request: { publicId, status, start: toUtcIsoSeconds(NOW - 60 * MIN), end: toUtcIsoSeconds(end), user: { publicId: "u" }, vpn: true, servers: [] },
  user: { publicId: "u" },
  agent: { publicId: "ag", name: "Press 1" },
});
const reminder = (expiresOn: number): Reminder => ({
  id: "r1", icon: "timer", important: false, message: "m", expiresOn, remindOn: accessRemindTimes(expiresOn), muted: false,
});

describe("accessRequestReminders", () => {
  it("makes reminders only of approved requests whose end is in the future", () => {
    const reminders = accessRequestReminders([
      myRequest("ok", "approved", NOW + 30 * MIN),
      myRequest("past", "approved", NOW),
      myRequest("rej", "rejected", NOW + 30 * MIN),
      myRequest("rev", "revoked", NOW + 30 * MIN),
    ], NOW);
    expect(reminders).toEqual([{
      id: "ok", icon: "timer", important: false, message: "Your access to Press 1 is about to expire",
      expiresOn: NOW + 30 * MIN, remindOn: [NOW + 20 * MIN, NOW + 28 * MIN], muted: false,
    }]);
  });
});

describe("visibility", () => {
  const r = reminder(NOW + 30 * MIN);
  it("shows from 10 minutes before expiry until expiry", () => {
    expect(isReminderVisible(r, NOW + 20 * MIN - 1)).toBe(false);
    expect(isReminderVisible(r, NOW + 20 * MIN)).toBe(true);
    expect(isReminderVisible(r, NOW + 30 * MIN - 1)).toBe(true);
    expect(isReminderVisible(r, NOW + 30 * MIN)).toBe(false);
  });
  it("hides a muted reminder until the 2-minute remind time, then shows it again", () => {
    let list = muteReminderById([r], "r1", NOW + 21 * MIN);
    expect(visibleReminders(list, NOW + 21 * MIN)).toEqual([]);
    list = tickReminders(list, NOW + 27 * MIN);
    expect(visibleReminders(list, NOW + 27 * MIN)).toEqual([]);
    list = tickReminders(list, NOW + 28 * MIN);
    expect(visibleReminders(list, NOW + 28 * MIN).map((x) => x.id)).toEqual(["r1"]);
  });
  it("keeps a reminder muted after the last remind time until it expires, then drops it", () => {
    let list = muteAllReminders([r], NOW + 29 * MIN);
    expect(list[0]?.mutedUntil).toBe(NOW + 30 * MIN);
    list = tickReminders(list, NOW + 29 * MIN + 59_000);
    expect(visibleReminders(list, NOW + 29 * MIN + 59_000)).toEqual([]);
    expect(tickReminders(list, NOW + 30 * MIN)).toEqual([]);
  });
  it("keeps the mute when the reminders are rebuilt with the same expiry, not with a new one", () => {
    const muted = muteReminder(r, NOW + 21 * MIN);
    expect(mergeReminders([muted], [r])[0]).toEqual(muted);
    expect(mergeReminders([muted], [reminder(NOW + 90 * MIN)])[0]?.muted).toBe(false);
  });
  it("keeps the muted state until the latest expiry", () => {
    expect(mutedStateKeepUntil([reminder(NOW + MIN), reminder(NOW + 9 * MIN)])).toBe(NOW + 9 * MIN);
    expect(mutedStateKeepUntil([])).toBeNull();
  });
});

describe("reminderPresentation", () => {
  it("uses the snackbar from 960 px and the bell below", () => {
    expect([reminderPresentation(960), reminderPresentation(959), reminderPresentation(1920)]).toEqual(["snackbar", "bell", "snackbar"]);
  });
});

describe("reminder properties", () => {
  const expiry = fc.integer({ min: NOW, max: NOW + 600 * MIN });
  const time = fc.integer({ min: NOW - 60 * MIN, max: NOW + 700 * MIN });
  it("property: a reminder is never visible after expiry, and is dropped by the tick", () => {
    fc.assert(fc.property(expiry, fc.integer({ min: 0, max: 1e9 }), fc.boolean(), (exp, after, muted) => {
      const r = { ...reminder(exp), muted };
      expect(isReminderVisible(r, exp + after)).toBe(false);
      expect(tickReminders([r], exp + after)).toEqual([]);
    }));
  });
  it("property: a reminder is never visible before its first remind time", () => {
    fc.assert(fc.property(expiry, fc.integer({ min: 1, max: 1e9 }), (exp, before) => {
      const r = reminder(exp);
      const first = Math.min(...r.remindOn);
      expect(isReminderVisible(r, first - before)).toBe(false);
      expect(visibleReminders(tickReminders([r], first - before), first - before)).toEqual([]);
    }));
  });
  it("property: mute then tick before the next remind time stays hidden", () => {
    // Muted around the remind times (15 minutes before expiry up to expiry), ticks a few minutes apart.
    const ticks = fc.array(fc.integer({ min: 0, max: 3 * MIN }), { maxLength: 12 });
    fc.assert(fc.property(expiry, fc.integer({ min: 0, max: 15 * MIN }), ticks, (exp, ahead, steps) => {
      const r = reminder(exp);
      const mutedAt = exp - ahead;
      let list = muteReminderById([r], r.id, mutedAt);
      const wake = Math.min(...r.remindOn.filter((t) => t > mutedAt), exp);
      let now = mutedAt;
      for (const step of steps) {
        now += step;
        if (now >= wake) break;
        list = tickReminders(list, now);
        expect(visibleReminders(list, now)).toEqual([]);
      }
    }));
  });
  it("property: a muted reminder shows again at the first tick from its next remind time until expiry", () => {
    fc.assert(fc.property(expiry, time, fc.integer({ min: 0, max: 60 * MIN }), (exp, mutedAt, late) => {
      const r = reminder(exp);
      const next = r.remindOn.find((t) => t > mutedAt);
      fc.pre(next !== undefined && next + late < exp);
      const list = tickReminders(muteReminderById([r], r.id, mutedAt), next! + late);
      expect(visibleReminders(list, next! + late)).toHaveLength(1);
    }));
  });
});
