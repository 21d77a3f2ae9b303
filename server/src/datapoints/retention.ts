/**
 * Data-point retention: samples older than DATA_POINT_RETENTION_DAYS are deleted in batches of
 * RETENTION_BATCH rows, one statement each (the BRIN index on ts finds them), so that a first run
 * over months of samples never holds a long lock. Runs at start and every RETENTION_INTERVAL_MS.
 */
import { sql } from "drizzle-orm";
import { DATA_POINT_RETENTION_DAYS } from "@portal/core/domain/DataPoint";
import { rowsOf, type Database } from "../db/Database";
import { nowOf, type Clock } from "../http/Clock";

export const DATA_POINT_RETENTION_INTERVAL_MS = 60 * 60_000;
const RETENTION_BATCH = 20_000;

/** Deletes every sample past the retention at the clock's now; returns how many. */
export async function pruneDataPoints(deps: { readonly database: Database; readonly clock: Clock }, days = DATA_POINT_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(nowOf(deps.clock) - days * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const gone = rowsOf<{ n: number }>(await deps.database.db.execute(sql`
      with gone as (delete from data_points where ctid in (
        select ctid from data_points where ts < ${cutoff}::timestamptz limit ${RETENTION_BATCH}) returning 1)
      select count(*)::int as n from gone`))[0]?.n ?? 0;
    total += Number(gone);
    if (gone < RETENTION_BATCH) return total;
  }
}
