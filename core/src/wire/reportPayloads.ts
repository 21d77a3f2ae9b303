/**
 * The body of a report queue call (spec 3 "Report queue request"; spec 7 "POST queue draft
 * report" / "queue published report"): the page (`report`), which version, optionally a device
 * or an asset, the period and the time zone. The period and zone are judged by
 * rules/reports.ts checkReportRequest, so that a bad one answers the rule's own sentence.
 */
import { Schema } from "effect";
import { ReportVersionKind } from "../domain/Report";
import { TIME_ZONE_MAX_LENGTH } from "../rules/reports";
import { PublicIdText, RuleText } from "./bounds";

const Ref = Schema.Struct({ publicId: PublicIdText });

// Every field is optional in the schema so that a missing one is the rule's REQUIRED naming it
// (checkReportRequest), and a bad one is named even when another is missing.
export const ReportQueueBody = Schema.Struct({
  report: Schema.optional(Schema.NullOr(Ref)),
  /** Which version to print; published unless given. */
  version: Schema.optional(ReportVersionKind),
  agent: Schema.optional(Schema.NullOr(Ref)),
  asset: Schema.optional(Schema.NullOr(Ref)),
  start: Schema.optional(RuleText(32)),
  end: Schema.optional(RuleText(32)),
  timeZone: Schema.optional(RuleText(TIME_ZONE_MAX_LENGTH)),
});
export type ReportQueueBody = typeof ReportQueueBody.Type;

/** The body of a print call: the render credential the worker put in the print page's address. */
export const ReportPrintBody = Schema.Struct({ credential: PublicIdText });
