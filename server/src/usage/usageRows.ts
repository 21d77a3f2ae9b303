/**
 * The usage rows of a company over a period (core's usagePeriod), bucketed by PostgreSQL in the
 * reader's time zone: VPN sessions per device by the day (or month) they started, with the bytes
 * of the sessions that ended; API calls of the company by the hour they were counted in.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { UsageRow } from "@portal/core/domain/Usage";
import type { UsagePeriod } from "@portal/core/rules/usage";
import type { Db } from "../db/Database";
import { agents, apiCallCounts, tunnelSessions } from "../db/schema";

const bucketOf = (column: typeof tunnelSessions.startedAt | typeof apiCallCounts.hour, p: UsagePeriod) =>
  p.granularity === "day"
    ? sql<string>`to_char(date_trunc('day', ${column} at time zone ${p.timeZone}), 'YYYY-MM-DD')`
    : sql<string>`to_char(date_trunc('month', ${column} at time zone ${p.timeZone}), 'YYYY-MM')`;

/** Rows in bucket order, devices by name within a bucket, the company's API calls last. */
export async function usageRows(db: Db, companyId: number, p: UsagePeriod): Promise<UsageRow[]> {
  const from = new Date(p.from);
  const until = new Date(p.until);
  const vpnBucket = bucketOf(tunnelSessions.startedAt, p);
  const vpn = await db.select({
    bucket: vpnBucket,
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
  const apiBucket = bucketOf(apiCallCounts.hour, p);
  const api = await db.select({ bucket: apiBucket, calls: sql<string>`sum(${apiCallCounts.calls})::text` })
    .from(apiCallCounts)
    .where(and(eq(apiCallCounts.companyId, companyId), gte(apiCallCounts.hour, from), lt(apiCallCounts.hour, until)))
    .groupBy(sql`1`);
  const rows: UsageRow[] = [
    ...vpn.map((r) => ({
      bucket: r.bucket, agent: { publicId: r.publicId, name: r.name },
      vpnSessions: Number(r.sessions), bytesToDevice: Number(r.toDevice), bytesFromDevice: Number(r.fromDevice), apiCalls: 0,
    })),
    ...api.map((r) => ({ bucket: r.bucket, agent: null, vpnSessions: 0, bytesToDevice: 0, bytesFromDevice: 0, apiCalls: Number(r.calls) })),
  ];
  return rows.sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0)
    || (a.agent === null ? 1 : 0) - (b.agent === null ? 1 : 0)
    || (a.agent && b.agent ? a.agent.name.localeCompare(b.agent.name) || (a.agent.publicId < b.agent.publicId ? -1 : 1) : 0));
}
