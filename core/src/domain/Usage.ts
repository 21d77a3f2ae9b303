/**
 * Data usage of a company (issue 12, spec section 2 "usage", right use:data-usage): per device and
 * per day or month in the reader's time zone, the VPN sessions through the relay with the bytes
 * each way, the API calls made in the company, and the report runs (a queued report the worker
 * printed or failed, counted for its device or its asset's device when it ended). A row is one
 * bucket of one device; the API calls, and report runs of no device, are the company's, on rows
 * whose `agent` is null.
 */
import { Schema } from "effect";

export const USAGE_GRANULARITIES = ["day", "month"] as const;
export const UsageGranularity = Schema.Literals(USAGE_GRANULARITIES);
export type UsageGranularity = typeof UsageGranularity.Type;

/** The device of a row: its publicId and name. */
export const UsageDevice = Schema.Struct({ publicId: Schema.String, name: Schema.String });
export type UsageDevice = typeof UsageDevice.Type;

/** One bucket (`YYYY-MM-DD` or `YYYY-MM` in the asked time zone) of one device, or of the company (agent null). */
export const UsageRow = Schema.Struct({
  bucket: Schema.String,
  agent: Schema.NullOr(UsageDevice),
  vpnSessions: Schema.Number,
  bytesToDevice: Schema.Number,
  bytesFromDevice: Schema.Number,
  apiCalls: Schema.Number,
  reportRuns: Schema.Number,
});
export type UsageRow = typeof UsageRow.Type;

/** The query of the usage list and export: whole days `from` to `to` (both included) in `timeZone`. */
export const UsageQuery = Schema.Struct({
  from: Schema.String,
  to: Schema.String,
  granularity: Schema.optional(UsageGranularity),
  timeZone: Schema.optional(Schema.String),
});
export type UsageQuery = typeof UsageQuery.Type;

/** The columns of the usage CSV export, in order. */
export const USAGE_CSV_COLUMNS = [
  "period", "device", "device id", "VPN sessions", "bytes to device", "bytes from device", "API calls", "report runs",
] as const;
