/**
 * The date range of the audit-trail filter (issue 12): whole days picked in the user's time zone,
 * turned into the UTC instants the server compares with. The range runs from the start of the
 * first day to the start of the day after the last one (exclusive), so the last day counts whole,
 * whatever its length across a daylight-saving change.
 */
import { Temporal } from "temporal-polyfill";

/** A half-open range of UTC ISO instants; a missing side is open. */
export interface InstantRange {
  readonly from?: string;
  readonly until?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const startOfDay = (day: string, timeZone: string): Temporal.ZonedDateTime | null => {
  if (!DAY.test(day)) return null;
  try {
    return Temporal.PlainDate.from(day, { overflow: "reject" }).toZonedDateTime({ timeZone });
  } catch {
    return null;
  }
};

/**
 * The instants of the days `fromDay` to `toDay` (both `YYYY-MM-DD`, both included; either may be
 * empty for an open side) in `timeZone` (IANA id). Guarantees null, never an exception, for a day
 * that does not exist, an unknown zone, or a first day after the last; otherwise `from < until`
 * when both are given.
 */
export function auditDayRange(fromDay: string, toDay: string, timeZone: string): InstantRange | null {
  const from = fromDay === "" ? undefined : startOfDay(fromDay, timeZone);
  const to = toDay === "" ? undefined : startOfDay(toDay, timeZone);
  if (from === null || to === null) return null;
  const until = to?.add({ days: 1 }).startOfDay();
  if (from && until && Temporal.ZonedDateTime.compare(from, until) >= 0) return null;
  return {
    ...(from ? { from: from.toInstant().toString() } : {}),
    ...(until ? { until: until.toInstant().toString() } : {}),
  };
}
