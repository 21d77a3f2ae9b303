import type { Effect } from "effect";
import type { AuditLogEntry, AuditRetention } from "../../domain/AuditLog";
import type { Filter } from "../../wire/filters";
import type { CallError, ListPage, ListRequest } from "./common";

/** A downloaded export: the server's file name (Content-Disposition) and the file. */
export interface AuditExportFile {
  readonly fileName: string;
  readonly file: Blob;
}

/** The audit trail of the selected company, newest first. */
export interface AuditLogsApi {
  /** A page of entries. Needs use:audit-logs. Fails with Forbidden or another CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<AuditLogEntry>, CallError>;
  /** Every entry passing the filters as a CSV file. Needs use:audit-logs. */
  readonly exportCsv: (filters?: ReadonlyArray<Filter>) => Effect.Effect<AuditExportFile, CallError>;
  /** The company's retention. Needs use:audit-logs or manage:roles. */
  readonly retention: () => Effect.Effect<AuditRetention, CallError>;
  /** Sets the retention (audited). Needs manage:roles; InvalidInput for days out of bounds. */
  readonly setRetention: (retention: AuditRetention) => Effect.Effect<AuditRetention, CallError>;
}
