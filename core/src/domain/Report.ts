/**
 * A queued report (spec.md section 3 "Report queue request"): a page (report template) rendered
 * to PDF for a period, in a time zone, optionally for a device (agent) or an asset. The server
 * renders it in the background; `status` says where it is (rules/reports.ts has the rules).
 */
import { Schema } from "effect";
import { AgentView } from "./Device";
import { PageVersion } from "./Page";

/** Where a report is: waiting for a worker, being printed, printed (PDF stored), or failed (with the reason). */
export const REPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export const ReportStatus = Schema.Literals(REPORT_STATUSES);
export type ReportStatus = typeof ReportStatus.Type;

/** Which version of the page is printed. */
export const REPORT_VERSIONS = ["draft", "published"] as const;
export const ReportVersionKind = Schema.Literals(REPORT_VERSIONS);
export type ReportVersionKind = typeof ReportVersionKind.Type;

const NamedRef = Schema.Struct({ publicId: Schema.String, name: Schema.String });

/** A report as the list shows it. `page` is null once the page was deleted (the PDF stays). */
export const Report = Schema.Struct({
  publicId: Schema.String,
  page: Schema.NullOr(Schema.Struct({ publicId: Schema.String })),
  /** The version's title when it was queued. */
  title: Schema.String,
  version: ReportVersionKind,
  agent: Schema.NullOr(NamedRef),
  asset: Schema.NullOr(NamedRef),
  /** UTC ISO instants (no milliseconds): the period printed. */
  start: Schema.String,
  end: Schema.String,
  /** IANA time zone the period and every time on the report are shown in. */
  timeZone: Schema.String,
  status: ReportStatus,
  /** Why it failed (a sentence); null unless failed. */
  failureReason: Schema.NullOr(Schema.String),
  /** Size of the PDF in bytes; null unless done. */
  size: Schema.NullOr(Schema.Number),
  requestedBy: Schema.NullOr(NamedRef),
  createdAt: Schema.String,
  finishedAt: Schema.NullOr(Schema.String),
});
export type Report = typeof Report.Type;

/**
 * What the print page of a running report receives (with the worker's render credential): the
 * report, the version to print, the device or asset, and the period as it reads in the zone.
 */
export const ReportPrint = Schema.Struct({
  report: Report,
  version: PageVersion,
  agent: Schema.NullOr(AgentView),
  asset: Schema.NullOr(NamedRef),
  periodLabel: Schema.String,
});
export type ReportPrint = typeof ReportPrint.Type;
