import type { Effect } from "effect";
import type { Report, ReportPrint } from "../../domain/Report";
import type { Conflict, NotFound } from "../../errors";
import type { ReportQueueBody } from "../../wire/reportPayloads";
import type { AuditExportFile } from "./AuditLogsApi";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** Queued reports (issue 13): a page printed to PDF for a period by the server. Needs manage:pages. */
export interface ReportsApi {
  /** A page of the company's reports, newest first. Fails with a CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<Report>, CallError>;
  /** One report. Fails with NotFound or a CallError. */
  readonly get: (publicId: string) => Effect.Effect<Report, CallError | NotFound>;
  /**
   * Queues a report; the server prints it in the background and tells the caller through the
   * event stream (REPORT_EVENT). Fails with InvalidInput (the period or zone, naming the field),
   * NotFound (page, device or asset), Conflict (no such version) or a CallError.
   */
  readonly queue: (body: ReportQueueBody) => Effect.Effect<Created, CallError | NotFound | Conflict>;
  /** The PDF of a done report. Fails with Conflict (not printed yet), NotFound or a CallError. */
  readonly download: (publicId: string) => Effect.Effect<AuditExportFile, CallError | NotFound | Conflict>;
  /** Deletes a report and its PDF. Fails with NotFound or a CallError. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
  /**
   * What the print page shows, with the worker's single-use render credential (no session).
   * Fails with NotFound for a wrong, used or expired credential, or a CallError.
   */
  readonly print: (publicId: string, credential: string) => Effect.Effect<ReportPrint, CallError | NotFound>;
}
