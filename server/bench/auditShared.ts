/** What the audit benchmark's two processes share (imported by both; runs nothing). */

export const AUDIT_ROWS = Number(process.env["AUDIT_BENCH_ROWS"] ?? 1_000_000);
/** Entries are one second apart, the newest at this instant. */
export const NEWEST = Date.UTC(2026, 10, 25, 12, 0, 0);

export interface AuditReady {
  readonly type: "ready";
  readonly url: string;
}
