/**
 * The reminder of my temporary access to the selected company (issue 9): core's expiry warning
 * from 30 days before the end of my membership (my-companies' expiresOn), again at the end of
 * every day in my time zone, muted like the request reminders, kept muted across a reload.
 */
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import type { Right } from "@portal/core/domain/Right";
import { ApiUnavailable } from "@portal/core/errors";
import { companyAccessReminderId, isCompanyAccessReminder, MUTED_REMINDERS_KEY, ReminderStore } from "../src/stores/ReminderStore";
import { accessHarness } from "./accessHarness";
import { company, flush, START } from "./harness";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const REQUESTER: ReadonlyArray<Right> = ["use:access-requests"];
const iso = (ms: number) => new Date(ms).toISOString();

/** START is 2026-11-21 10:00 UTC (11:00 in Amsterdam); the access ends `endsIn` later. */
function setup(endsIn: number, options: { otherEndsIn?: number } = {}) {
  const h = accessHarness({
    timeZone: "Europe/Amsterdam",
    companies: [
      { company: company("companyAAAAA", "Alpha"), rights: REQUESTER, expiresOn: iso(START + endsIn) },
      { company: company("companyBBBBB", "Beta"), rights: REQUESTER, expiresOn: options.otherEndsIn === undefined ? null : iso(START + options.otherEndsIn) },
    ],
  });
  const store = h.root.get(ReminderStore);
  /** Moves the clock by `ms` and lets the one-minute timer tick once. */
  const later = (ms: number) => {
    h.clock.advance(ms - MINUTE);
    h.clock.advance(MINUTE);
    h.timers.advance(MINUTE);
  };
  return { h, store, later };
}

describe("ReminderStore: my temporary access to the company", () => {
  it("shows a sentence of the catalogue from 30 days before the end, without Extend", async () => {
    const { store } = setup(10 * DAY);
    await store.start();
    expect(store.visible).toHaveLength(1);
    const [reminder] = store.visible;
    expect(reminder!.id).toBe(companyAccessReminderId("companyAAAAA"));
    expect(reminder!.message).toMatch(/^Your access to Alpha ends on .*2026\.$/);
    expect(reminder!.message).toContain("December 1");
    expect(isCompanyAccessReminder(reminder!)).toBe(true);
    expect(reminder!.expiresOn).toBe(START + 10 * DAY);
    store.stop();
  });

  it("stays hidden until the 30-day mark, then shows; only the selected company counts", async () => {
    const { store, later } = setup(40 * DAY, { otherEndsIn: 5 * DAY });
    await store.start();
    expect(store.reminders.map((r) => r.id)).toEqual([companyAccessReminderId("companyAAAAA")]);
    expect(store.visible).toHaveLength(0);
    later(10 * DAY - 2 * MINUTE);
    expect(store.visible).toHaveLength(0);
    later(2 * MINUTE);
    expect(store.visible).toHaveLength(1);
    store.stop();
  });

  it("a mute lasts until the end of the day in my time zone, and survives a reload", async () => {
    const { h, store, later } = setup(10 * DAY);
    await store.start();
    store.mute(companyAccessReminderId("companyAAAAA"));
    await flush();
    expect(store.visible).toHaveLength(0);
    expect(await Effect.runPromise(h.storage.get(MUTED_REMINDERS_KEY))).toBeDefined();
    // The page again: a store of its own reads the mute from client storage.
    store.stop();
    const again = new ReminderStore(h.root);
    await again.start();
    expect(again.visible).toHaveLength(0);
    // 11:00 in Amsterdam now; the day ends at 23:59:59 there (22:59:59 UTC), 12 h 59 min 59 s on.
    later(12 * HOUR + 58 * MINUTE);
    expect(again.visible).toHaveLength(0);
    later(2 * MINUTE);
    expect(again.visible).toHaveLength(1);
    again.muteAll();
    later(23 * HOUR);
    expect(again.visible).toHaveLength(0);
    later(2 * HOUR);
    expect(again.visible).toHaveLength(1);
    again.stop();
  });

  it("is dropped when the access has ended, and the kept mutes are removed", async () => {
    const { h, store, later } = setup(2 * HOUR);
    await store.start();
    store.muteAll();
    await flush();
    later(2 * HOUR);
    await flush();
    expect(store.reminders).toHaveLength(0);
    expect(await Effect.runPromise(h.storage.get(MUTED_REMINDERS_KEY))).toBeUndefined();
    store.stop();
  });

  it("a member who may not request access (my requests answer Forbidden) still gets it", async () => {
    const h = accessHarness({ timeZone: "UTC", companies: [{ company: company("companyVVVVV", "Viewers"), rights: [], expiresOn: iso(START + 3 * DAY) }] });
    h.api.setRights([]);
    const store = h.root.get(ReminderStore);
    await store.start();
    expect(store.visible.map((r) => r.message)).toEqual(["Your access to Viewers ends on November 24, 2026."]);
    store.stop();
  });

  it("a failed my-companies load leaves the reminders unknown; the next tick loads them", async () => {
    const { h, store, later } = setup(10 * DAY);
    h.api.failNext("me.myCompanies", new ApiUnavailable({ status: 0 }));
    await store.start();
    expect(store.reminders).toHaveLength(0);
    later(MINUTE);
    await flush();
    expect(store.visible).toHaveLength(1);
    store.stop();
  });
  it("takes the list the session has just read: one my-companies call at a signed-in start, not two", async () => {
    const { h, store } = setup(10 * DAY);
    const reads = () => h.api.state.calls.filter((c) => c === "me.myCompanies").length;
    await h.root.session.loadCompanies();
    expect(reads()).toBe(1);
    await store.start();
    expect(reads()).toBe(1);
    expect(store.visible).toHaveLength(1);
    // Older than RECENT_COMPANY_MS: the reminders read the list again.
    h.clock.advance(10_001);
    await store.reload();
    expect(reads()).toBe(2);
    expect(store.visible).toHaveLength(1);
    store.stop();
  });

  it("a failed read by the session is not reused: the reminders read the list themselves", async () => {
    const { h, store } = setup(10 * DAY);
    h.api.failNext("me.myCompanies", new ApiUnavailable({ status: 0 }));
    await h.root.session.loadCompanies();
    await store.start();
    expect(h.api.state.calls.filter((c) => c === "me.myCompanies")).toHaveLength(2);
    expect(store.visible).toHaveLength(1);
    store.stop();
  });
});
