/**
 * The rules of the usage screen (issue 12): which period a query covers, the buckets of a day or
 * month in the reader's time zone, the totals, the chart's series and the top devices, and the CSV
 * export. The server answers rows; the web app, the CSV and the tests all sum them here, so the
 * chart's totals are by construction the sum of the records.
 */
import { Temporal } from "temporal-polyfill";
import { USAGE_CSV_COLUMNS, type UsageDevice, type UsageGranularity, type UsageRow } from "../domain/Usage";
import { auditDayRange } from "./auditRange";
import { csvRow } from "./csv";

/** The longest period one query may cover: about three years of months, or 400 days of days. */
export const USAGE_MAX_DAYS: Readonly<Record<UsageGranularity, number>> = { day: 400, month: 1100 };

/** The counters of a row or of a sum of rows. */
export interface UsageCounts {
  readonly vpnSessions: number;
  readonly bytesToDevice: number;
  readonly bytesFromDevice: number;
  readonly apiCalls: number;
  readonly reportRuns: number;
}

export const NO_USAGE: UsageCounts = { vpnSessions: 0, bytesToDevice: 0, bytesFromDevice: 0, apiCalls: 0, reportRuns: 0 };

/** A usable period: the UTC instants [from, until) of the asked days in the zone, and its buckets. */
export interface UsagePeriod {
  /** The asked days, `YYYY-MM-DD`, both included. */
  readonly fromDay: string;
  readonly toDay: string;
  readonly from: string;
  readonly until: string;
  readonly timeZone: string;
  readonly granularity: UsageGranularity;
  readonly buckets: ReadonlyArray<string>;
}

/** Why a period was refused, naming the query field. */
export interface UsagePeriodProblem {
  readonly field: "from" | "to" | "timeZone";
  readonly message: string;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    Temporal.Now.instant().toZonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The buckets from the bucket of `fromDay` to the bucket of `toDay`, in order, each once:
 * `YYYY-MM-DD` days or `YYYY-MM` months. Both days must be valid `YYYY-MM-DD` with from <= to.
 */
export function usageBuckets(fromDay: string, toDay: string, granularity: UsageGranularity): string[] {
  const out: string[] = [];
  if (granularity === "day") {
    for (let d = Temporal.PlainDate.from(fromDay); Temporal.PlainDate.compare(d, Temporal.PlainDate.from(toDay)) <= 0; d = d.add({ days: 1 })) {
      out.push(d.toString());
    }
    return out;
  }
  const last = Temporal.PlainYearMonth.from(toDay.slice(0, 7));
  for (let m = Temporal.PlainYearMonth.from(fromDay.slice(0, 7)); Temporal.PlainYearMonth.compare(m, last) <= 0; m = m.add({ months: 1 })) {
    out.push(m.toString());
  }
  return out;
}

/**
 * The period of a query, or the problem with it. Guarantees: on success `from < until`, the span
 * is at most USAGE_MAX_DAYS[granularity] days, and `buckets` holds every bucket an instant in
 * [from, until) falls in (usageBucketOf), in order; never throws.
 */
export function usagePeriod(fromDay: string, toDay: string, granularity: UsageGranularity, timeZone: string): UsagePeriod | UsagePeriodProblem {
  if (!isTimeZone(timeZone)) return { field: "timeZone", message: `Unknown time zone: ${timeZone}` };
  if (auditDayRange(fromDay, "", "UTC") === null || fromDay === "") return { field: "from", message: "Enter a valid date (YYYY-MM-DD)" };
  if (auditDayRange("", toDay, "UTC") === null || toDay === "") return { field: "to", message: "Enter a valid date (YYYY-MM-DD)" };
  const range = auditDayRange(fromDay, toDay, timeZone);
  if (range === null) return { field: "to", message: "The end date must not be before the start date" };
  const days = Temporal.PlainDate.from(fromDay).until(Temporal.PlainDate.from(toDay)).days + 1;
  if (days > USAGE_MAX_DAYS[granularity]) {
    return { field: "to", message: `A period of at most ${USAGE_MAX_DAYS[granularity]} days can be shown by ${granularity}` };
  }
  return { fromDay, toDay, from: range.from!, until: range.until!, timeZone, granularity, buckets: usageBuckets(fromDay, toDay, granularity) };
}

/** The bucket of an instant (ISO) in a zone: its local date, or its local year and month. */
export function usageBucketOf(instant: string, timeZone: string, granularity: UsageGranularity): string {
  const day = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainDate().toString();
  return granularity === "day" ? day : day.slice(0, 7);
}

/** The sum of the counters of `rows` (exact for integer counters up to 2^53). */
export function usageTotals(rows: ReadonlyArray<UsageCounts>): UsageCounts {
  let t = { ...NO_USAGE };
  for (const r of rows) {
    t = {
      vpnSessions: t.vpnSessions + r.vpnSessions, bytesToDevice: t.bytesToDevice + r.bytesToDevice,
      bytesFromDevice: t.bytesFromDevice + r.bytesFromDevice, apiCalls: t.apiCalls + r.apiCalls,
      reportRuns: t.reportRuns + r.reportRuns,
    };
  }
  return t;
}

/** One point of the chart: a bucket and the sum of its rows. */
export type UsagePoint = UsageCounts & { readonly bucket: string };

/**
 * The chart's series: one point per bucket of the period, zero where no row falls. Guarantees:
 * `usageTotals(series)` equals `usageTotals(rows)` for rows whose bucket is in `buckets`.
 */
export function usageSeries(rows: ReadonlyArray<UsageRow>, buckets: ReadonlyArray<string>): UsagePoint[] {
  const byBucket = new Map<string, UsageRow[]>();
  for (const r of rows) byBucket.set(r.bucket, [...(byBucket.get(r.bucket) ?? []), r]);
  return buckets.map((bucket) => ({ bucket, ...usageTotals(byBucket.get(bucket) ?? []) }));
}

/** A device's sums over the period. */
export type DeviceUsage = UsageCounts & { readonly agent: UsageDevice };

/**
 * The devices with the most VPN bytes (both ways), at most `limit`, most first, ties by name.
 * Guarantees each device once, and its sums equal the sum of its rows.
 */
export function topDevices(rows: ReadonlyArray<UsageRow>, limit: number): DeviceUsage[] {
  const byDevice = new Map<string, { agent: UsageDevice; rows: UsageRow[] }>();
  for (const r of rows) {
    if (r.agent === null) continue;
    const entry = byDevice.get(r.agent.publicId) ?? { agent: r.agent, rows: [] };
    entry.rows.push(r);
    byDevice.set(r.agent.publicId, entry);
  }
  const bytes = (u: UsageCounts) => u.bytesToDevice + u.bytesFromDevice;
  return [...byDevice.values()]
    .map(({ agent, rows: own }) => ({ agent, ...usageTotals(own) }))
    .sort((a, b) => bytes(b) - bytes(a) || a.agent.name.localeCompare(b.agent.name))
    .slice(0, Math.max(0, limit));
}

/** Bytes as people read them: B, KB, MB, GB, TB (powers of 1024, one decimal from KB on). */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u += 1;
  }
  return u === 0 ? `${n} B` : `${n.toFixed(1)} ${units[u]}`;
}

/** The CSV header row, CRLF-ended. */
export const usageCsvHeader = (): string => csvRow(USAGE_CSV_COLUMNS);

/** One row as CSV: the company's own rows (API calls, report runs of no device) read "all devices" with no id. */
export const usageCsvLine = (r: UsageRow): string =>
  csvRow([r.bucket, r.agent?.name ?? "all devices", r.agent?.publicId ?? "", r.vpnSessions, r.bytesToDevice, r.bytesFromDevice, r.apiCalls, r.reportRuns]);
