/**
 * The expiry warning reminder (spec.md section 9): from EXPIRY_WARNING_DAYS (30) days before
 * something expires (temporary access, for one), the user is reminded daily until it expires.
 *
 * Reading of "30 days before expiry, and daily until then (reminder at end of day)": the first
 * remind time is the expiry minus 30 calendar days in the user's time zone; after it, one remind
 * time at the end of every day (23:59:59 local, the same end of day that a date-only input means,
 * see dateInput.ts) that comes before the expiry. With the reminder rules of reminders.ts this
 * shows the warning from the 30-day mark on, and a mute lasts until the end of that day.
 */
import { Result } from "effect";
import { Temporal } from "temporal-polyfill";
import { EXPIRY_WARNING_DAYS } from "../constants";
import type { Reminder, TemporaryAccess } from "../domain/Reminder";
import { InvalidInput } from "../errors";
import { parseIsoInstant } from "./accessRequests";
import { parseDateInput } from "./dateInput";

/** Icon of an expiry warning (a Material icon name). */
export const EXPIRY_WARNING_ICON = "event_busy";

const unknownZone = (timeZone: string) =>
  new InvalidInput({ issues: [{ message: `Unknown time zone: ${timeZone}`, propertyName: "timeZone" }] });

/**
 * The remind times of an expiry at `expiresOn` (epoch ms) in `timeZone` (IANA id). Guarantees:
 * strictly increasing, all before the expiry, at most EXPIRY_WARNING_DAYS + 1 (31), the first
 * being the 30-day mark. An end of day that does not exist locally (skipped by a daylight-saving
 * change) is left out. Errors: InvalidInput (propertyName timeZone) for an unknown time zone.
 */
export const expiryWarningRemindTimes = (expiresOn: number, timeZone: string): Result.Result<number[], InvalidInput> => {
  let expiry: Temporal.ZonedDateTime;
  try {
    expiry = Temporal.Instant.fromEpochMilliseconds(expiresOn).toZonedDateTimeISO(timeZone);
  } catch {
    return Result.fail(unknownZone(timeZone));
  }
  const start = expiry.subtract({ days: EXPIRY_WARNING_DAYS });
  const times = [start.epochMilliseconds];
  const lastDay = expiry.toPlainDate();
  for (let day = start.toPlainDate(); Temporal.PlainDate.compare(day, lastDay) <= 0; day = day.add({ days: 1 })) {
    const endOfDay = parseDateInput(day.toString(), timeZone)?.epochMilliseconds;
    if (endOfDay !== undefined && endOfDay > start.epochMilliseconds && endOfDay < expiresOn) times.push(endOfDay);
  }
  return Result.succeed(times);
};

/**
 * The expiry warning as a reminder: id, message and expiry as given, the remind times above,
 * not muted. Errors: InvalidInput for an unknown time zone.
 */
export const expiryWarningReminder = (warning: {
  readonly id: string;
  readonly message: string;
  readonly expiresOn: number;
  readonly timeZone: string;
  readonly important?: boolean;
}): Result.Result<Reminder, InvalidInput> =>
  Result.map(expiryWarningRemindTimes(warning.expiresOn, warning.timeZone), (remindOn) => ({
    id: warning.id,
    icon: EXPIRY_WARNING_ICON,
    important: warning.important ?? false,
    message: warning.message,
    expiresOn: warning.expiresOn,
    remindOn,
    muted: false,
  }));

/**
 * The expiry warning of a temporary access (id = its publicId). Errors: InvalidInput for an
 * expiresOn that is not an ISO time with a zone (propertyName expiresOn) or an unknown time zone.
 */
export const temporaryAccessWarning = (
  access: TemporaryAccess,
  timeZone: string,
  message: string,
): Result.Result<Reminder, InvalidInput> => {
  const expiresOn = parseIsoInstant(access.expiresOn);
  if (expiresOn === null) {
    return Result.fail(new InvalidInput({ issues: [{ message: "Invalid date and time", propertyName: "expiresOn" }] }));
  }
  return expiryWarningReminder({ id: access.publicId, message, expiresOn, timeZone });
};

/**
 * When my access to a company ends, from the ends of my memberships there (epoch ms; null for a
 * permanent one): never while one membership is permanent (null), else at the latest end; null
 * for no memberships. Guarantees: the result is null or one of the given ends, and no given end
 * lies after it. Pure and total.
 */
export const companyAccessEnd = (ends: ReadonlyArray<number | null>): number | null => {
  if (ends.length === 0 || ends.includes(null)) return null;
  return Math.max(...(ends as ReadonlyArray<number>));
};

/**
 * Whether the one expiring-access notice (my messages, issue 11) is due at `now` for a temporary
 * access ending at `expiresOn` (epoch ms), read in `timeZone`: from the first remind time of the
 * expiry warning (the 30-day mark, expiryWarningRemindTimes) until the expiry itself. Guarantees:
 * never due at or after the expiry, never due before the 30-day mark. An unknown time zone is
 * read as UTC (a notice late by hours beats no notice). Pure and total.
 */
export const expiringAccessNoticeDue = (expiresOn: number, now: number, timeZone: string): boolean => {
  if (now >= expiresOn) return false;
  const times = expiryWarningRemindTimes(expiresOn, timeZone);
  const first = Result.isSuccess(times) ? times.success[0] : Result.getOrThrow(expiryWarningRemindTimes(expiresOn, "UTC"))[0];
  return first !== undefined && now >= first;
};

/**
 * The dedupe key of the expiring-access notice of one company access: one notice per user,
 * company and expiry instant, so a periodic check never writes it twice, and an access that is
 * extended (a new expiry) gets a notice of its own when its new end comes near.
 */
export const expiringAccessNoticeKey = (companyPublicId: string, expiresOn: number): string =>
  `expiring-access:${companyPublicId}:${expiresOn}`;
