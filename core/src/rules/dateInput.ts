/**
 * Date input (spec.md section 5): a text field that accepts 'date time' or a date only, read in
 * the user's time zone; a date only means the end of that day (23:59:59). Invalid dates cannot
 * be formatted. Used by the web's date fields and the CLI's date options, so both read the same
 * text the same way.
 *
 * Accepted text (surrounding spaces ignored; one or more spaces, or a `T`, between date and time):
 * - `YYYY-MM-DD`            -> that day at 23:59:59 in the zone
 * - `YYYY-MM-DD HH:mm`      -> that minute (24-hour clock, 00-23)
 * - `YYYY-MM-DD HH:mm:ss`   -> that second
 * Years have four digits (0001-9999). Nothing else is accepted: no offsets, no 12-hour clock,
 * no day-first forms, so that "01-02-2025" can never mean two different days.
 *
 * Daylight-saving transitions: a local time that does not exist (skipped when clocks go forward)
 * is invalid, because silently moving it would store a time the user never typed; a local time
 * that occurs twice (clocks go back) is read as the earlier of the two.
 */
import { Temporal } from "temporal-polyfill";

/** The text form of formatDateInput: `YYYY-MM-DD HH:mm`. */
export const DATE_INPUT_FORMAT = "YYYY-MM-DD HH:mm";

const INPUT = /^(\d{4})-(\d{2})-(\d{2})(?:(?:\s+|T)(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The zone's id if it is a valid IANA time zone (or an offset like +01:00), else null. */
const validZone = (timeZone: string): string | null => {
  try {
    // Any fixed instant will do to ask whether the zone exists; never read the clock in core.
    return Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone).timeZoneId;
  } catch {
    return null;
  }
};

/**
 * Reads `text` as a point in time in `timeZone` (an IANA id such as "Europe/Amsterdam").
 * Guarantees null - never an exception - for text outside the accepted forms above, for a day or
 * time that does not exist (2025-02-30, 24:00, a skipped daylight-saving minute) and for an
 * unknown time zone. A date only is read as 23:59:59 at the end of that day.
 */
export const parseDateInput = (text: string, timeZone: string): Temporal.Instant | null => {
  const match = INPUT.exec(text.trim());
  if (!match || validZone(timeZone) === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const dateOnly = hour === undefined;
  if (year === 0) return null;
  try {
    const local = Temporal.PlainDateTime.from(
      {
        year: year!, month: month!, day: day!,
        hour: dateOnly ? 23 : hour!, minute: dateOnly ? 59 : minute!, second: dateOnly ? 59 : (second ?? 0),
      },
      { overflow: "reject" },
    );
    const zoned = local.toZonedDateTime(timeZone, { disambiguation: "earlier" });
    // "earlier" moves a skipped local time back an hour; that is a time the user did not type.
    if (!zoned.toPlainDateTime().equals(local)) return null;
    return zoned.toInstant();
  } catch {
    return null;
  }
};

/** A value a date field may hold: a Temporal instant, a Date, epoch milliseconds, or nothing. */
export type DateValue = Temporal.Instant | Date | number | null | undefined;

const toInstant = (value: DateValue): Temporal.Instant | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Temporal.Instant) return value;
  const ms = value instanceof Date ? value.getTime() : value;
  if (!Number.isFinite(ms)) return null;
  try {
    return Temporal.Instant.fromEpochMilliseconds(Math.trunc(ms));
  } catch {
    return null;
  }
};

/**
 * The text `YYYY-MM-DD HH:mm` of `value` in `timeZone` (seconds dropped). Guarantees null for
 * an invalid date (a Date holding NaN, a non-finite number, nothing at all), for an unknown time
 * zone and for a year outside 0001-9999; otherwise parseDateInput reads the text back to the
 * same minute (except in a repeated daylight-saving hour, where it reads the earlier one).
 */
export const formatDateInput = (value: DateValue, timeZone: string): string | null => {
  const instant = toInstant(value);
  if (!instant || validZone(timeZone) === null) return null;
  const t = instant.toZonedDateTimeISO(timeZone);
  if (t.year < 1 || t.year > 9999) return null;
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}`;
};
