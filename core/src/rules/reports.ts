/**
 * The rules of queued reports (spec.md sections 3 and 7 "Pages": queue a draft or published
 * report for a device or an asset, a period and a time zone): what a valid request is, how the
 * period reads in its time zone, which components go in the printed page's margins, and the
 * status changes a worker may make.
 */
import { Result } from "effect";
import type { ValidationIssue } from "../errors";
import { REPORT_STATUSES, type ReportStatus } from "../domain/Report";
import type { Right } from "../domain/Right";

/**
 * The rights that see the company's reports: list, download and delete them, and hear each one's
 * status change live (every member holding one of them, not only the one who queued it).
 */
export const REPORT_RIGHTS: ReadonlyArray<Right> = ["manage:pages"];

/** Longest period a report may cover (a year and a day: a leap year with its closing midnight). */
export const REPORT_MAX_PERIOD_MS = 367 * 24 * 60 * 60 * 1000;
/** Longest IANA time-zone name taken ("America/Argentina/ComodRivadavia" is 32). */
export const TIME_ZONE_MAX_LENGTH = 64;
/** How long a worker waits for the print page's components to say they are ready. */
export const REPORT_READY_TIMEOUT_MS = 60_000;
/** How long a render credential lives: the worker uses it at once, once. */
export const RENDER_CREDENTIAL_TTL_MS = 2 * 60_000;
/** Largest PDF stored; a bigger one fails the report with a reason. */
export const REPORT_MAX_BYTES = 25 * 1024 * 1024;

/** A UTC ISO instant as the API takes it (spec 3: UTC ISO time, no milliseconds), e.g. 2026-11-01T00:00:00Z. */
const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * Whether `zone` is an IANA time zone this runtime knows. Guarantees: true exactly when
 * Intl.DateTimeFormat accepts it (so the server and the browser agree on Node and Chromium).
 */
export const isTimeZone = (zone: string): boolean => {
  if (zone.length === 0 || zone.length > TIME_ZONE_MAX_LENGTH) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The instant of a UTC ISO text, or null when it is not one (format, or a date such as Feb 30). */
export const parseUtcInstant = (text: string): number | null => {
  if (!UTC_ISO.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) + "Z" !== text ? null : ms;
};

export interface ReportPeriodInput {
  /** The page (report template); REQUIRED. */
  readonly report?: { readonly publicId: string } | null | undefined;
  readonly start?: string | null | undefined;
  readonly end?: string | null | undefined;
  readonly timeZone?: string | null | undefined;
  readonly agent?: { readonly publicId: string } | null | undefined;
  readonly asset?: { readonly publicId: string } | null | undefined;
}

/**
 * Checks a queue request's period, time zone and target. Guarantees on success: start and end
 * names a page, start and end are UTC ISO instants with start < end and at most REPORT_MAX_PERIOD_MS apart, the time zone is
 * known, and at most one of agent and asset is given. On failure: every failing field, with the
 * catalogue's sentences (REQUIRED for a missing one).
 */
export function checkReportRequest(input: ReportPeriodInput): Result.Result<{ report: string; start: number; end: number; timeZone: string }, ReadonlyArray<ValidationIssue>> {
  const issues: ValidationIssue[] = [];
  if (input.report === undefined || input.report === null) issues.push({ message: "REQUIRED", propertyName: "report" });
  const instant = (value: string | null | undefined, field: string): number | null => {
    if (value === null || value === undefined || value === "") { issues.push({ message: "REQUIRED", propertyName: field }); return null; }
    const ms = parseUtcInstant(value);
    if (ms === null) issues.push({ message: "Must be a UTC time such as 2026-11-01T00:00:00Z", propertyName: field });
    return ms;
  };
  const start = instant(input.start, "start");
  const end = instant(input.end, "end");
  if (start !== null && end !== null) {
    if (end <= start) issues.push({ message: "The end must be after the start", propertyName: "end" });
    else if (end - start > REPORT_MAX_PERIOD_MS) issues.push({ message: "A report covers at most 367 days", propertyName: "end" });
  }
  const zone = input.timeZone ?? "";
  if (zone === "") issues.push({ message: "REQUIRED", propertyName: "timeZone" });
  else if (!isTimeZone(zone)) issues.push({ message: "Unknown time zone", propertyName: "timeZone" });
  if (input.agent && input.asset) issues.push({ message: "Choose a device or an asset, not both", propertyName: "asset" });
  return issues.length > 0 ? Result.fail(issues) : Result.succeed({ report: input.report!.publicId, start: start!, end: end!, timeZone: zone });
}

/**
 * The period as a reader sees it, in the report's time zone, e.g.
 * "1 Nov 2026, 00:00 – 2 Nov 2026, 00:00 (Europe/Berlin)". Guarantees: the same text for the same
 * inputs on every runtime with full ICU data (Node, Chromium); both ends shown in `timeZone`.
 */
export function reportPeriodLabel(start: string, end: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
  });
  return `${format.format(new Date(start))} – ${format.format(new Date(end))} (${timeZone})`;
}

/**
 * The status a worker may write next. Guarantees: queued → running; running → done or failed;
 * running → running (a job retried after its worker died); anything else is refused (null), so a
 * deleted or finished report is never overwritten by a late worker.
 */
export function nextReportStatus(from: ReportStatus, to: ReportStatus): ReportStatus | null {
  if (from === "queued" && (to === "running" || to === "failed")) return to;
  if (from === "running" && (to === "running" || to === "done" || to === "failed")) return to;
  return null;
}

/** Component kinds printed in the margins of every PDF page rather than in the page's body. */
export const MARGIN_KINDS: ReadonlySet<string> = new Set(["report-header", "report-footer"]);

/** The failure reasons a worker writes (sentences shown as they are). */
export const REPORT_FAILURES = {
  chromiumMissing: (path: string) => `Chromium is not installed at ${path}, so reports cannot be printed on this server.`,
  notReady: (seconds: number) => `The report page did not become ready within ${seconds} s.`,
  tooLarge: (mib: number) => `The PDF is larger than ${mib} MiB.`,
  pageGone: "The page of this report was deleted before it was printed.",
  versionGone: "The version of the page this report prints no longer exists.",
  printFailed: (reason: string) => `Printing failed: ${reason}`,
} as const;

/** Offset of `zone` from UTC at instant `ms`, in ms (positive east of Greenwich). */
const zoneOffsetMs = (ms: number, zone: string): number => {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - Math.floor(ms / 1000) * 1000;
};

/**
 * A wall-clock time typed in a form ("2026-11-01T00:00", as a datetime-local input gives it) in
 * `zone`, as the UTC ISO instant the API takes; null for a text that is not such a time.
 * Guarantees: formatting the answer in `zone` shows the typed time, except for a time that does
 * not exist there (the hour skipped when clocks go forward), which moves forward by the gap.
 */
export function zonedWallTimeToUtc(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m || !isTimeZone(zone)) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (Number.isNaN(wall)) return null;
  // Two rounds settle the offset around a change of summer time.
  let utc = wall - zoneOffsetMs(wall, zone);
  utc = wall - zoneOffsetMs(utc, zone);
  return new Date(utc).toISOString().slice(0, 19) + "Z";
}

/** The wall-clock time ("YYYY-MM-DDTHH:mm") of a UTC instant in `zone`, as a datetime-local input takes it. */
export function utcToZonedWallTime(ms: number, zone: string): string {
  return new Date(ms + zoneOffsetMs(ms, zone)).toISOString().slice(0, 16);
}

/** The statuses a report may be in for a worker to move it to `to` (nextReportStatus, as a SQL condition needs it). */
export const reportStatusesBefore = (to: ReportStatus): ReportStatus[] =>
  REPORT_STATUSES.filter((from) => nextReportStatus(from, to) !== null);
