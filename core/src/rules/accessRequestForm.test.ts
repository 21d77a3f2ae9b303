import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accessRequestDialogReducer,
  accessRequestDialogView,
  canSendAccessRequest,
  DEFAULT_DURATION,
  DURATION_CHOICES,
  durationMs,
  initialAccessRequestValues,
  INVALID_DATE_AND_TIME,
  LATEST_START_MS,
  minimumStart,
  openAccessRequestDialog,
  REQUIRED,
  TIME_PICKER_MINUTES,
  validateAccessRequestForm,
  type AccessRequestDialogEvent,
  type AccessRequestDialogState,
  type AccessRequestFormValues,
} from "./accessRequestForm";
import { START_CLOCK_SLACK_MS } from "./accessRequestForm";

const NOW = Date.UTC(2026, 10, 21, 10, 5, 42, 123); // 2026-11-21T10:05:42.123Z
const valid: AccessRequestFormValues = {
  services: ["vpn"],
  approvers: ["appr00000001"],
  start: Date.UTC(2026, 10, 21, 10, 5),
  reason: "Firmware update",
  duration: DEFAULT_DURATION,
};

describe("duration options", () => {
  it("offers 30, 60, 90 minutes then 2 to 8 hours, 30 minutes first and default", () => {
    expect(DURATION_CHOICES.map((c) => c.ms / 60_000)).toEqual([30, 60, 90, 120, 180, 240, 300, 360, 420, 480]);
    expect(DEFAULT_DURATION).toEqual({ format: "minutes", value: 30 });
    expect(durationMs({ format: "hours", value: 2 })).toBe(7_200_000);
  });
  it("steps the time picker by 5 minutes", () => {
    expect(TIME_PICKER_MINUTES).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });
});

describe("minimumStart", () => {
  it("rounds the current time down to the minute", () => {
    expect(minimumStart(NOW)).toBe(Date.UTC(2026, 10, 21, 10, 5));
    expect(minimumStart(Date.UTC(2026, 10, 21, 10, 5))).toBe(Date.UTC(2026, 10, 21, 10, 5));
  });
  it("property: the minimum is a whole minute within the last minute", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 4e12 }), (now) => {
      const min = minimumStart(now);
      expect(min % 60_000).toBe(0);
      expect(min <= now && now - min < 60_000).toBe(true);
    }));
  });
});

describe("validateAccessRequestForm", () => {
  it("accepts a complete form starting in the current minute", () => {
    expect(validateAccessRequestForm(valid, NOW)).toEqual({});
  });
  it("requires every field with the text REQUIRED", () => {
    const empty = { services: [], approvers: [], start: null, reason: "  ", duration: null };
    expect(validateAccessRequestForm(empty, NOW)).toEqual({
      services: REQUIRED, approvers: REQUIRED, start: REQUIRED, reason: REQUIRED, duration: REQUIRED,
    });
  });
  it("rejects a start more than START_CLOCK_SLACK_MS before the current minute; a form filled in a minute ago still sends", () => {
    const minute = Math.floor(NOW / 60_000) * 60_000;
    expect(validateAccessRequestForm({ ...valid, start: minute - START_CLOCK_SLACK_MS - 1 }, NOW)).toEqual({ start: INVALID_DATE_AND_TIME });
    expect(validateAccessRequestForm({ ...valid, start: minute - 60_000 }, NOW)).toEqual({});
  });
  it("rejects a start that is not a time or too far away to format", () => {
    expect(validateAccessRequestForm({ ...valid, start: Number.NaN }, NOW).start).toBe(INVALID_DATE_AND_TIME);
    expect(validateAccessRequestForm({ ...valid, start: LATEST_START_MS + 1 }, NOW).start).toBe(INVALID_DATE_AND_TIME);
  });
  it("property: a start is accepted exactly when it is not before the minimum less the clock slack", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: -1e7, max: 1e7 }), (now, offset) => {
      const start = now + offset;
      const errors = validateAccessRequestForm({ ...valid, start }, now);
      expect(errors.start === undefined).toBe(start >= minimumStart(now) - START_CLOCK_SLACK_MS);
    }));
  });
});

describe("canSendAccessRequest", () => {
  it("is disabled while untouched, even when valid", () => {
    expect(canSendAccessRequest(valid, false, NOW)).toBe(false);
    expect(canSendAccessRequest(valid, true, NOW)).toBe(true);
  });
  it("is disabled while invalid", () => {
    expect(canSendAccessRequest({ ...valid, reason: "" }, true, NOW)).toBe(false);
  });
  it("starts a fresh form at the minimum with the default duration, VPN preselected from a connect attempt", () => {
    expect(initialAccessRequestValues(NOW, ["vpn"])).toEqual({
      services: ["vpn"], approvers: [], start: Date.UTC(2026, 10, 21, 10, 5), reason: "", duration: DEFAULT_DURATION,
    });
    expect(initialAccessRequestValues(NOW).services).toEqual([]);
  });
});

const open = (dismissible = true, fromVpnConnect = false, approverCount = 2) =>
  openAccessRequestDialog({ approverCount, dismissible, fromVpnConnect });
const run = (state: AccessRequestDialogState, ...events: AccessRequestDialogEvent["type"][]) =>
  events.reduce((s, type) => accessRequestDialogReducer(s, { type } as AccessRequestDialogEvent), state);

describe("access request dialog", () => {
  it("shows 'Unable to request access' with OK when the device has no approvers", () => {
    const state = open(true, false, 0);
    expect(state.phase).toBe("no-approvers");
    expect(accessRequestDialogView(state).showOk).toBe(true);
    expect(run(state, "ok").phase).toBe("closed");
  });
  it("closes a pristine form on Escape or backdrop at once", () => {
    expect(run(open(), "escape").phase).toBe("closed");
    expect(run(open(), "backdrop").phase).toBe("closed");
  });
  it("closes a dirty form only after the discard warning is confirmed", () => {
    const warned = run(open(), "edit", "escape");
    expect(warned.phase).toBe("discard-warning");
    expect(run(warned, "keep-editing").phase).toBe("form");
    expect(run(warned, "confirm-discard").phase).toBe("closed");
    expect(run(open(), "edit", "backdrop", "confirm-discard").phase).toBe("closed");
  });
  it("is not closed by backdrop when opened from a VPN connect attempt", () => {
    expect(run(open(true, true), "backdrop").phase).toBe("form");
    expect(run(open(true, true), "escape").phase).toBe("closed");
  });
  it("goes from form to submitted and closes with Done when dismissible", () => {
    const submitted = run(open(), "edit", "submitted");
    expect(submitted.phase).toBe("submitted");
    expect(accessRequestDialogView(submitted)).toMatchObject({ showDone: true, showCloseWindowHint: false });
    expect(run(submitted, "done").phase).toBe("closed");
  });
  it("shows Cancel only when dismissible and a 'close window' hint after success otherwise", () => {
    expect(accessRequestDialogView(open(true)).showCancel).toBe(true);
    expect(accessRequestDialogView(open(false)).showCancel).toBe(false);
    const submitted = run(open(false), "submitted");
    expect(accessRequestDialogView(submitted)).toMatchObject({ showDone: false, showCloseWindowHint: true });
    expect(run(submitted, "done", "escape", "backdrop").phase).toBe("submitted");
  });
  const events = fc.constantFrom<AccessRequestDialogEvent["type"]>(
    "edit", "escape", "backdrop", "cancel", "confirm-discard", "keep-editing", "submitted", "done", "ok",
  );
  it("property: a non-dismissible form or success screen is never closed", () => {
    fc.assert(fc.property(fc.boolean(), fc.array(events), (fromVpn, seq) => {
      expect(run(open(false, fromVpn), ...seq).phase).not.toBe("closed");
    }));
  });
  it("property: a dirty form is only closed right after a confirmed discard or after success", () => {
    fc.assert(fc.property(fc.boolean(), fc.array(events), (fromVpn, seq) => {
      let state = open(true, fromVpn);
      for (const type of seq) {
        const next = accessRequestDialogReducer(state, { type } as AccessRequestDialogEvent);
        if (next.phase === "closed" && state.phase !== "closed" && state.dirty) {
          expect(state.phase === "discard-warning" || state.phase === "submitted").toBe(true);
        }
        if (fromVpn && type === "backdrop") expect(next).toBe(state);
        state = next;
      }
    }));
  });
});
