/**
 * The audit trail's CSV export, one format for the server's stream and the in-memory fake:
 * core's AUDIT_CSV_COLUMNS, cells escaped by the csv rule, times in UTC ISO, the changes as
 * `field: old -> new` lines (auditDiff), before and after as JSON.
 */
import { AUDIT_CSV_COLUMNS, type AuditLogEntry } from "../domain/AuditLog";
import { auditDiff, formatAuditChange } from "./auditDiff";
import { csvRow } from "./csv";

const json = (v: unknown): string => (v === null || v === undefined ? "" : JSON.stringify(v));

/** The header row, CRLF-ended. */
export const auditCsvHeader = (): string => csvRow(AUDIT_CSV_COLUMNS);

/** One entry as a CRLF-ended row of AUDIT_CSV_COLUMNS.length cells; never spans two rows. */
export const auditCsvLine = (e: AuditLogEntry): string => csvRow([
  e.createdOn, e.actor?.name, e.actor?.publicId, e.action, e.topic, e.targetName, e.target, e.company?.name,
  auditDiff(e.before, e.after).map(formatAuditChange).join("\n"), json(e.before), json(e.after), e.clientAddress, e.publicId,
]);
