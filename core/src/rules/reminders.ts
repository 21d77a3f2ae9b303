/**
 * Reminders about expiring access (spec.md section 4, "Access requests and reminders"): which
 * requests become reminders, their remind times, when one is visible, muting, and the
 * one-minute tick. Everything takes the time as an argument; the caller's timer ticks every
 * REMINDER_TIMER_MS and keeps the time of its last tick as the `now` that visibility is read at.
 */
import { Result } from "effect";
import { REMINDER_MINUTES_BEFORE_EXPIRY, WIDE_LAYOUT_MIN_PX } from "../constants";
import type { MyAccessRequest } from "../domain/AccessRequest";
import type { Reminder } from "../domain/Reminder";
import { parseIsoInstant, requestDevice } from "./accessRequests";

const MINUTE_MS = 60_000;

/** Icon of an access reminder (a Material icon name, as the reminder snackbar shows them). */
export const ACCESS_REMINDER_ICON = "timer";

/** The remind times of access ending at `expiresOn`: 10 and 2 minutes before, ascending. */
export const accessRemindTimes = (expiresOn: number): number[] =>
  REMINDER_MINUTES_BEFORE_EXPIRY.map((minutes) => expiresOn - minutes * MINUTE_MS).sort((a, b) => a - b);

/** The default reminder text; the web passes its own translated one. */
export const defaultAccessReminderMessage = (deviceName: string): string =>
  `Your access to ${deviceName} is about to expire`;

/**
 * The reminders of the user's requests at `now`: one per approved request whose end is in the
 * future (end > now), id = the request's publicId, expiring at its end, remind times 10 and 2
 * minutes before, not muted. Requests with unreadable times are skipped. Never fails.
 */
export const accessRequestReminders = (
  requests: ReadonlyArray<MyAccessRequest>,
  now: number,
  message: (deviceName: string) => string = defaultAccessReminderMessage,
): Reminder[] =>
  requests.flatMap(({ request, ...rest }) => {
    const end = parseIsoInstant(request.end);
    if (request.status !== "approved" || end === null || end <= now) return [];
    const device = requestDevice({ request, ...rest });
    const name = Result.isSuccess(device) ? device.success.name : "";
    return [{
      id: request.publicId,
      icon: ACCESS_REMINDER_ICON,
      important: false,
      message: message(name),
      expiresOn: end,
      remindOn: accessRemindTimes(end),
      muted: false,
    }];
  });

/** Whether the reminder has expired at `now` (its expiry is not in the future). */
export const isReminderExpired = (reminder: Reminder, now: number): boolean => reminder.expiresOn <= now;

/**
 * Whether the reminder shows at `now`: not expired, at least one remind time has passed, and not
 * muted. Guarantees: never after expiry, never before the first remind time.
 */
export const isReminderVisible = (reminder: Reminder, now: number): boolean =>
  !isReminderExpired(reminder, now) && !reminder.muted && reminder.remindOn.some((t) => t <= now);

/** The visible reminders at `now`, in list order. */
export const visibleReminders = (reminders: ReadonlyArray<Reminder>, now: number): Reminder[] =>
  reminders.filter((r) => isReminderVisible(r, now));

/**
 * The reminder muted at `now`: hidden until its next remind time after `now`, or until its expiry
 * when none is left (mutedUntil records which).
 */
export const muteReminder = (reminder: Reminder, now: number): Reminder => {
  const next = reminder.remindOn.filter((t) => t > now && t < reminder.expiresOn);
  return { ...reminder, muted: true, mutedUntil: next.length > 0 ? Math.min(...next) : reminder.expiresOn };
};

/** Mutes the reminder with `id` (others unchanged). */
export const muteReminderById = (reminders: ReadonlyArray<Reminder>, id: string, now: number): Reminder[] =>
  reminders.map((r) => (r.id === id ? muteReminder(r, now) : r));

/** Mutes every reminder: closing the reminder snackbar does this. */
export const muteAllReminders = (reminders: ReadonlyArray<Reminder>, now: number): Reminder[] =>
  reminders.map((r) => muteReminder(r, now));

/**
 * One tick of the reminder timer at `now`: expired reminders are dropped, and a muted reminder
 * whose mutedUntil has come is unmuted (a muted one without mutedUntil stays muted until it
 * expires). Guarantees: no expired reminder survives; a reminder muted at t stays hidden at every
 * tick before its next remind time after t. Never fails.
 */
export const tickReminders = (reminders: ReadonlyArray<Reminder>, now: number): Reminder[] =>
  reminders
    .filter((r) => !isReminderExpired(r, now))
    .map((r) => (r.muted && r.mutedUntil !== undefined && r.mutedUntil !== null && now >= r.mutedUntil
      ? { ...r, muted: false, mutedUntil: null }
      : r));

/**
 * The fresh reminders (e.g. rebuilt from the requests after a change) keeping the mute of the
 * current reminder with the same id and the same expiry; a changed expiry starts unmuted, as
 * its remind times are new.
 */
export const mergeReminders = (current: ReadonlyArray<Reminder>, fresh: ReadonlyArray<Reminder>): Reminder[] => {
  const byId = new Map(current.map((r) => [r.id, r]));
  return fresh.map((r) => {
    const old = byId.get(r.id);
    return old && old.expiresOn === r.expiresOn && old.muted ? { ...r, muted: true, mutedUntil: old.mutedUntil ?? null } : r;
  });
};

/**
 * How long the muted state must be kept in client storage: until the latest expiry among the
 * reminders (epoch ms), or null when there is none.
 */
export const mutedStateKeepUntil = (reminders: ReadonlyArray<Reminder>): number | null =>
  reminders.length === 0 ? null : Math.max(...reminders.map((r) => r.expiresOn));

/**
 * How reminders are presented at a viewport width: the reminder snackbar (385 px, collapsed by
 * default; closing it mutes all) from WIDE_LAYOUT_MIN_PX (960 px) on, a bell with a badge that
 * opens a bottom sheet below it.
 */
export const reminderPresentation = (viewportWidthPx: number): "snackbar" | "bell" =>
  viewportWidthPx >= WIDE_LAYOUT_MIN_PX ? "snackbar" : "bell";
