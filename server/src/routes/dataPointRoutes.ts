/**
 * Device data points (issue 13): the latest values of a device, a series downsampled on the
 * server into core's buckets (bucketSize / bucketStart: a month is a few hundred points, not
 * millions), the event log (changes of a data point), the state analysis (core stateShares) and
 * the live watch of an event stream. The device is found with findAgent: another company's
 * device, or one of an access category the caller may not see, is a 404.
 */
import { sql } from "drizzle-orm";
import { DATA_POINT_LOG_MAX, DATA_POINT_NAME_PATTERN } from "@portal/core/domain/DataPoint";
import { InvalidInput, NotFound } from "@portal/core/errors";
import { bucketSize, periodRange, PERIOD_MAX_DAYS, seriesPoints, stateShares, type PeriodRange } from "@portal/core/rules/dataPoints";
import { rowsOf } from "../db/Database";
import { findAgent } from "../devices/deviceAccess";
import { companyOf, userOf, type HandlersOf, type RequestContext } from "../http/RequestContext";

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? v[0] ?? "" : v ?? "");
const bad = (propertyName: string, message: string) => new InvalidInput({ issues: [{ message, propertyName }] });
const iso = (t: Date | string | number): string => new Date(t).toISOString();
/** Most samples the event log and the state analysis read back from the newest (bounds their cost on a long period). */
const SCAN_MAX = 50_000;

/** The data point name of the query, checked by core's pattern. */
function nameOf(ctx: RequestContext): string {
  const name = one(ctx.query["name"]);
  if (!DATA_POINT_NAME_PATTERN.test(name)) throw bad("name", "A data point name starts with a letter and has at most 64 letters, digits, '_', '-' or '.'");
  return name;
}

/** The period of the query: a page period spec (default 'today') in timeZone (default UTC), or from/to instants. */
function rangeOf(ctx: RequestContext): PeriodRange {
  const zone = one(ctx.query["timeZone"]) || "UTC";
  const from = one(ctx.query["from"]);
  const to = one(ctx.query["to"]);
  if (from !== "" || to !== "") {
    const f = Date.parse(from);
    const t = Date.parse(to);
    if (!Number.isFinite(f)) throw bad("from", "Enter an instant such as 2026-11-26T00:00:00Z");
    if (!Number.isFinite(t)) throw bad("to", "Enter an instant such as 2026-11-26T00:00:00Z");
    if (t <= f) throw bad("to", "The end must be after the start");
    if (t - f > PERIOD_MAX_DAYS * 86_400_000) throw bad("to", `A period of at most ${PERIOD_MAX_DAYS} days`);
    return { from: f, until: t };
  }
  const spec = one(ctx.query["period"]) || "today";
  const range = periodRange(spec, ctx.now, zone);
  if (!range) throw bad(periodRange("today", ctx.now, zone) ? "period" : "timeZone", periodRange("today", ctx.now, zone) ? `Unknown period: ${spec}` : `Unknown time zone: ${zone}`);
  return range;
}

export const dataPointRoutes: HandlersOf<"AgentDataPointList" | "AgentDataPointSeries" | "AgentDataPointLog" | "AgentDataPointStates" | "DataPointWatch"> = {
  "AgentDataPointList.GET": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    const rows = rowsOf<{ name: string; ts: string; value: number }>(await ctx.db.execute(
      sql`select name, ts, value from data_point_latest where agent_id = ${agent.id} order by name`));
    return { type: "DataPointValue", data: rows.map((r) => ({ name: r.name, ts: iso(r.ts), value: Number(r.value) })) };
  },

  "AgentDataPointSeries.GET": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    const name = nameOf(ctx);
    const range = rangeOf(ctx);
    const points = seriesPoints(one(ctx.query["points"]) || undefined);
    if (points === null) throw bad("points", "Enter a whole number from 1 to 1000");
    const size = bucketSize(range, points);
    const from = new Date(range.from).toISOString();
    const until = new Date(range.until).toISOString();
    // One index range scan of (agent_id, name, ts); the bucket index counts from the period's start (core bucketStart).
    const rows = rowsOf<{ b: number; min: number; max: number; avg: number; last: number; count: number }>(await ctx.db.execute(sql`
      select floor((extract(epoch from ts) * 1000 - ${range.from}::float8) / ${size}::float8)::int as b,
        min(value) as min, max(value) as max, avg(value) as avg, (array_agg(value order by ts desc))[1] as last, count(*)::int as count
      from data_points where agent_id = ${agent.id} and name = ${name} and ts >= ${from}::timestamptz and ts < ${until}::timestamptz
      group by 1 order by 1`));
    const [before] = rowsOf<{ ts: string; value: number }>(await ctx.db.execute(sql`
      select ts, value from data_points where agent_id = ${agent.id} and name = ${name} and ts < ${from}::timestamptz order by ts desc limit 1`));
    return {
      type: "DataPointSeries",
      data: {
        name, from, until, bucketMs: size,
        buckets: rows.map((r) => ({
          ts: iso(range.from + Number(r.b) * size), min: Number(r.min), max: Number(r.max), avg: Number(r.avg), last: Number(r.last), count: Number(r.count),
        })),
        before: before ? { ts: iso(before.ts), value: Number(before.value) } : null,
      },
    };
  },

  "AgentDataPointLog.GET": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    const name = nameOf(ctx);
    const range = rangeOf(ctx);
    const rows = rowsOf<{ ts: string; value: number; previous: number | null }>(await ctx.db.execute(sql`
      select ts, value, previous from (
        select ts, value, lag(value) over (order by ts) as previous from (
          select ts, value from data_points where agent_id = ${agent.id} and name = ${name}
            and ts >= ${iso(range.from)}::timestamptz and ts < ${iso(range.until)}::timestamptz order by ts desc limit ${SCAN_MAX}) newest) s
      where previous is distinct from value order by ts desc limit ${DATA_POINT_LOG_MAX}`));
    return { type: "DataPointChange", data: rows.map((r) => ({ ts: iso(r.ts), value: Number(r.value), previous: r.previous === null ? null : Number(r.previous) })) };
  },

  "AgentDataPointStates.GET": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    const name = nameOf(ctx);
    const range = rangeOf(ctx);
    // Only the changes come back (runs of one value collapse in SQL); core's stateShares weighs them.
    const steps = rowsOf<{ ts: string; value: number }>(await ctx.db.execute(sql`
      select ts, value from (
        select ts, value, lag(value) over (order by ts) as previous from (
          select ts, value from data_points where agent_id = ${agent.id} and name = ${name}
            and ts >= ${iso(range.from)}::timestamptz and ts < ${iso(range.until)}::timestamptz order by ts desc limit ${SCAN_MAX}) newest) s
      where previous is distinct from value order by ts`)).map((r) => ({ ts: Date.parse(iso(r.ts)), value: Number(r.value) }));
    const [before] = rowsOf<{ ts: string; value: number }>(await ctx.db.execute(sql`
      select ts, value from data_points where agent_id = ${agent.id} and name = ${name} and ts < ${iso(range.from)}::timestamptz order by ts desc limit 1`));
    const shares = stateShares(range, ctx.now, before ? { ts: Date.parse(iso(before.ts)), value: Number(before.value) } : null, steps);
    return { type: "DataPointStates", data: { name, from: iso(range.from), until: iso(range.until), shares } };
  },

  "DataPointWatch.PUT": async (ctx) => {
    const stream = ctx.params["publicId"]!;
    // Another user's stream, or a made-up id, is answered like another company's data.
    if (!ctx.deps.events.live.ownedBy(stream, userOf(ctx).id)) throw new NotFound({ entity: "EventStream", publicId: stream });
    const wanted = [...new Set(ctx.body.agents)];
    const found = [];
    for (const publicId of wanted) found.push(await findAgent(ctx, ctx.db, publicId));
    // Checked again while the watch lasts (LiveDataHub.recheck): a right taken away ends it.
    await ctx.deps.events.live.watch(stream, userOf(ctx).id, companyOf(ctx).id, found.map((a) => a.id));
    return { type: "DataPointWatch", data: { stream, agents: found.map((a) => a.publicId) } };
  },
};
