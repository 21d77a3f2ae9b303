/**
 * Counts the API calls answered in each company (issue 12, usage). A call costs one map increment
 * on the request path; the counts go to `api_call_counts` (per company and UTC hour) every
 * FLUSH_INTERVAL_MS in ONE upsert that adds, so several server processes share the rows and a
 * failed write keeps its counts for the next try. The usage screen flushes before it reads.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/Database";
import { apiCallCounts, companies } from "../db/schema";
import { nowOf, type Clock } from "../http/Clock";

export const FLUSH_INTERVAL_MS = 10_000;
const HOUR_MS = 3_600_000;

export class ApiCallCounter {
  /** `companyId|hour start in ms` to calls not written yet. */
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly database: Database, private readonly clock: Clock) {}

  /** One call answered in the company, now. */
  count(companyId: number): void {
    const key = `${companyId}|${Math.floor(nowOf(this.clock) / HOUR_MS) * HOUR_MS}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  start(): void {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Writes the counts so far (after any write in flight); on failure they stay for the next flush. */
  flush(): Promise<void> {
    this.writing = this.writing.catch(() => undefined).then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      const rows = [...batch].map(([key, calls]) => {
        const [companyId, hour] = key.split("|").map(Number) as [number, number];
        return { companyId, hour: new Date(hour), calls };
      });
      try {
        // Joined with companies: the counts of a company deleted meanwhile are dropped, not retried forever.
        const values = sql.join(rows.map((r) => sql`(${r.companyId}::integer, ${r.hour.toISOString()}::timestamptz, ${r.calls}::bigint)`), sql`, `);
        await this.database.db.execute(sql`
          insert into ${apiCallCounts} (company_id, hour, calls)
          select v.company_id, v.hour, v.calls from (values ${values}) as v(company_id, hour, calls) join ${companies} c on c.id = v.company_id
          on conflict (company_id, hour) do update set calls = ${apiCallCounts}.calls + excluded.calls`);
      } catch (e) {
        for (const [key, calls] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + calls);
        throw e;
      }
    });
    return this.writing;
  }

  /** Stops the timer and writes what is left (a company deleted meanwhile drops its counts). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => undefined);
  }
}
