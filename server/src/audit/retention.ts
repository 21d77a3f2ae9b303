/**
 * The retention job (issue 12): entries older than their company's retention (companies.
 * audit_retention_days; null keeps them) are deleted. The server runs it at start and every
 * AUDIT_RETENTION_INTERVAL_MS beside the access-request expiry. Deletion goes in batches of
 * RETENTION_BATCH rows, one statement each, so a first run over years of entries never holds a
 * long lock or one huge transaction; several processes running it at once only share the work.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/Database";
import { nowOf, type Clock } from "../http/Clock";

export const AUDIT_RETENTION_INTERVAL_MS = 10 * 60_000;
const RETENTION_BATCH = 5000;
const DAY_MS = 86_400_000;

/** Deletes every entry past its company's retention at the clock's now; returns how many. */
export async function pruneAuditLogs(deps: { readonly database: Database; readonly clock: Clock }): Promise<number> {
  const db = deps.database.db;
  const settings = rowsOf<{ id: number; days: number }>(await db.execute(sql`
    select id, audit_retention_days as days from companies where audit_retention_days is not null order by id`));
  let total = 0;
  for (const { id, days } of settings) {
    const cutoff = new Date(nowOf(deps.clock) - days * DAY_MS).toISOString();
    for (;;) {
      // The time index (company_id, created_at, id) finds the batch; skip locked rows another process takes.
      const gone = rowsOf<{ id: number }>(await db.execute(sql`
        delete from audit_logs where id in (
          select id from audit_logs where company_id = ${id}::int and created_at < ${cutoff}::timestamptz
          order by created_at limit ${RETENTION_BATCH} for update skip locked)
        returning id`)).length;
      total += gone;
      if (gone < RETENTION_BATCH) break;
    }
  }
  return total;
}
