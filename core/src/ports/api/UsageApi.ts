import type { Effect } from "effect";
import type { UsageQuery, UsageRow } from "../../domain/Usage";
import type { AuditExportFile } from "./AuditLogsApi";
import type { CallError } from "./common";

/** Data usage of the selected company (issue 12). Both need use:data-usage. */
export interface UsageApi {
  /** The rows of a period; InvalidInput naming `from`, `to` or `timeZone` for a bad one. */
  readonly rows: (query: UsageQuery) => Effect.Effect<ReadonlyArray<UsageRow>, CallError>;
  /** The same rows as a CSV file (core's usageCsvLine). */
  readonly exportCsv: (query: UsageQuery) => Effect.Effect<AuditExportFile, CallError>;
}
