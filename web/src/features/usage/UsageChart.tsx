import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { UsageGranularity } from "@portal/core/domain/Usage";
import { formatBytes, type UsagePoint } from "@portal/core/rules/usage";
import type { UsageMetric } from "../../stores/UsageStore";

const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const MONTH = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
/** A bucket as people read it: "Nov 26" for a day, "Nov 2026" for a month (the bucket is already local). */
export const bucketLabel = (bucket: string, g: UsageGranularity): string =>
  (g === "day" ? DAY : MONTH).format(new Date(g === "day" ? `${bucket}T00:00:00Z` : `${bucket}-01T00:00:00Z`));

const SERIES: Readonly<Record<UsageMetric, ReadonlyArray<{ key: keyof UsagePoint; name: string; color: string }>>> = {
  bytes: [{ key: "bytesToDevice", name: "To devices", color: "#2d72d2" }, { key: "bytesFromDevice", name: "From devices", color: "#238551" }],
  sessions: [{ key: "vpnSessions", name: "VPN sessions", color: "#2d72d2" }],
  apiCalls: [{ key: "apiCalls", name: "API calls", color: "#935610" }],
  reportRuns: [{ key: "reportRuns", name: "Report runs", color: "#7961db" }],
};

/** Round ticks for a byte axis: steps of 1, 2, 2.5 or 5 times a power of ten in the unit of the largest value. */
export function byteTicks(max: number): number[] | undefined {
  if (!(max > 0)) return undefined;
  const unit = 1024 ** Math.min(4, Math.max(0, Math.floor(Math.log(max) / Math.log(1024))));
  const raw = max / unit / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((x) => x * pow).find((x) => x >= raw)!;
  const ticks: number[] = [];
  for (let i = 0; ticks.length === 0 || ticks[ticks.length - 1]! < max; i++) ticks.push(i * step * unit);
  return ticks;
}

/**
 * The usage chart (recharts): bars per bucket, stacked for the two directions of data. The same
 * numbers are in a table below it for screen readers and keyboard users (the bars are not focusable).
 */
export function UsageChart({ points, metric, granularity }: { readonly points: ReadonlyArray<UsagePoint>; readonly metric: UsageMetric; readonly granularity: UsageGranularity }) {
  const value = (n: number) => (metric === "bytes" ? formatBytes(n) : n.toLocaleString("en-US"));
  const data = points.map((p) => ({ ...p, label: bucketLabel(p.bucket, granularity) }));
  const ticks = metric === "bytes" ? byteTicks(Math.max(0, ...points.map((p) => p.bytesToDevice + p.bytesFromDevice))) : undefined;
  return (
    <>
      <div className="usage-chart" data-testid="usage-chart" role="img" aria-label={`Usage chart: ${SERIES[metric].map((s) => s.name).join(" and ")} ${granularity === "day" ? "per day" : "per month"}`}>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
            <YAxis tickFormatter={(n: number) => value(n)} {...(ticks ? { ticks, domain: [0, ticks[ticks.length - 1]!] } : {})} tick={{ fontSize: 12 }} width={metric === "bytes" ? 72 : 48} allowDecimals={false} />
            <Tooltip formatter={(n) => value(Number(n))} />
            {SERIES[metric].length > 1 && <Legend />}
            {SERIES[metric].map((s) => <Bar key={s.key} dataKey={s.key} name={s.name} stackId="usage" fill={s.color} isAnimationActive={false} />)}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="usage-chart-table">
        <summary>The chart's numbers as a table</summary>
        <HTMLTableOf points={points} granularity={granularity} />
      </details>
    </>
  );
}

function HTMLTableOf({ points, granularity }: { readonly points: ReadonlyArray<UsagePoint>; readonly granularity: UsageGranularity }) {
  return (
    <table className="bp6-html-table bp6-compact" data-testid="usage-chart-table">
      <thead><tr><th>{granularity === "day" ? "Day" : "Month"}</th><th>To devices</th><th>From devices</th><th>VPN sessions</th><th>API calls</th><th>Report runs</th></tr></thead>
      <tbody>
        {points.map((p) => (
          <tr key={p.bucket}>
            <td>{bucketLabel(p.bucket, granularity)}</td><td>{formatBytes(p.bytesToDevice)}</td><td>{formatBytes(p.bytesFromDevice)}</td>
            <td>{p.vpnSessions.toLocaleString("en-US")}</td><td>{p.apiCalls.toLocaleString("en-US")}</td>
            <td>{p.reportRuns.toLocaleString("en-US")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
