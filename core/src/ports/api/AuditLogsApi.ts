import type { Effect } from "effect";
import type { AuditLogEntry } from "../../domain/AuditLog";
import type { CallError, ListPage, ListRequest } from "./common";

/** The audit trail of the selected company, newest first. */
export interface AuditLogsApi {
  /** A page of entries. Needs use:audit-logs. Fails with Forbidden or another CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<AuditLogEntry>, CallError>;
}
