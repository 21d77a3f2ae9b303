/**
 * The usage rows of a company over a period (core's usagePeriod), bucketed by PostgreSQL in the
 * reader's time zone: VPN sessions per device by the day (or month) they started, with the bytes
 * of the sessions that ended; report runs per device by when they ended; API calls of the company
 * by the hour they were counted in. One row per bucket and device (or company), whatever counted.
 */
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { UsageDevice, UsageRow } from "@portal/core/domain/Usage";
import { NO_USAGE, type UsageCounts, type UsagePeriod } from "@portal/core/rules/usage";
import type { Db } from "../db/Database";
import { agents, apiCallCounts, reportRuns, tunnelSessions } from "../db/schema";

const bucketOf = (column: AnyPgColumn, p: UsagePeriod): SQL<string> =>
  p.granularity === "day"
    ? sql<string>`to_char(date_trunc('day', ${column} at time zone ${p.timeZone}), 'YYYY-MM-DD')`
    : sql<string>`to_char(date_trunc('month', ${column} at time zone ${p.timeZone}), 'YYYY-MM')`;

/** Rows in bucket order, devices by name within a bucket, the company's own row last. */
export async function usageRows(db: Db, companyId: number, p: UsagePeriod): Promise<UsageRow[]> {
  const from = new Date(p.from);
  const until = new Date(p.until);
  const vpn = await db.select({
    bucket: bucketOf(tunnelSessions.startedAt, p),
    publicId: agents.publicId,
    name: agents.name,
    sessions: sql<number>`count(*)::int`,
    toDevice: sql<string>`coalesce(sum(${tunnelSessions.bytesToDevice}), 0)::text`,
    fromDevice: sql<string>`coalesce(sum(${tunnelSessions.bytesFromDevice}), 0)::text`,
  }).from(tunnelSessions)
    .innerJoin(agents, eq(agents.id, tunnelSessions.agentId))
    .where(and(eq(tunnelSessions.companyId, companyId), gte(tunnelSessions.startedAt, from), lt(tunnelSessions.startedAt, until)))
    // By position: the bucket repeated here would be a second parameter, which PostgreSQL does not see as the same expression.
    .groupBy(sql`1`, sql`2`, sql`3`);
  const api = await db.select({ bucket: bucketOf(apiCallCounts.hour, p), calls: sql<string>`sum(${apiCallCounts.calls})::text` })
    .from(apiCallCounts)
    .where(and(eq(apiCallCounts.companyId, companyId), gte(apiCallCounts.hour, from), lt(apiCallCounts.hour, until)))
    .groupBy(sql`1`);
  const runs = await db.select({
    bucket: bucketOf(reportRuns.finishedAt, p), publicId: agents.publicId, name: agents.name, runs: sql<number>`count(*)::int`,
  }).from(reportRuns)
    .leftJoin(agents, eq(agents.id, reportRuns.agentId))
    .where(and(eq(reportRuns.companyId, companyId), gte(reportRuns.finishedAt, from), lt(reportRuns.finishedAt, until)))
    .groupBy(sql`1`, sql`2`, sql`3`);

  const byKey = new Map<string, { bucket: string; agent: UsageDevice | null; counts: UsageCounts }>();
  const add = (bucket: string, agent: UsageDevice | null, counts: Partial<UsageCounts>) => {
    const key = `${bucket}|${agent?.publicId ?? ""}`;
    const row = byKey.get(key) ?? { bucket, agent, counts: NO_USAGE };
    byKey.set(key, { ...row, counts: { ...row.counts, ...counts } });
  };
  for (const r of vpn) {
    add(r.bucket, { publicId: r.publicId, name: r.name }, {
      vpnSessions: Number(r.sessions), bytesToDevice: Number(r.toDevice), bytesFromDevice: Number(r.fromDevice),
    });
  }
  for (const r of api) add(r.bucket, null, { apiCalls: Number(r.calls) });
  for (const r of runs) add(r.bucket, r.publicId === null || r.name === null ? null : { publicId: r.publicId, name: r.name }, { reportRuns: Number(r.runs) });

  const rows: UsageRow[] = [...byKey.values()].map((r) => ({ bucket: r.bucket, agent: r.agent, ...r.counts }));
  return rows.sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0)
    || (a.agent === null ? 1 : 0) - (b.agent === null ? 1 : 0)
    || (a.agent && b.agent ? a.agent.name.localeCompare(b.agent.name) || (a.agent.publicId < b.agent.publicId ? -1 : 1) : 0));
}
