/**
 * Line graph (issue 13): a data point over the page's period, as the server's buckets (mean per
 * bucket; a month is a few hundred points) with the live values since the last bucket appended.
 */
import { reaction, untracked } from "mobx";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { DataPointSeries } from "@portal/core/domain/DataPoint";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { DataPointsStore, useStore } from "../pageStores";
import type { ComponentContext } from "../ComponentView";
import { LineChartSvg } from "./LineChartSvg";
import { formatValue, NoData, NoDevice, str, useDeviceWatch, useReload } from "./dataPointParts";

/**
 * Graphs redraw their live samples at most this often, all together. With the charting library
 * each redraw was a full chart layout (tens of ms): twenty graphs following every live event kept
 * the main thread busy, and even once a second, in one task, they dropped about a third of the
 * frames (server/bench/pagesBench.ts); the chart is now LineChartSvg (a path string and a few
 * ticks). A line over the page's period loses nothing a reader sees by gaining its newest points
 * once a second, and one commit for every graph lays the page out once.
 */
export const LINE_REDRAW_MS = 1000;

/** A live sample as the store keeps it (DataPointsStore.recentOf). */
type LiveSample = { readonly ts: number; readonly value: number; readonly at: number };

/** The redraws waiting for the next beat (one per graph: its newest samples win). */
const waiting = new Map<object, () => void>();
let beat: ReturnType<typeof setTimeout> | null = null;
function redrawSoon(graph: object, redraw: () => void): void {
  waiting.set(graph, redraw);
  beat ??= setTimeout(() => {
    beat = null;
    const due = [...waiting.values()];
    waiting.clear();
    // One task: React commits every graph's new samples at once (a transition, tried, rendered in
    // slices but dropped more frames in the bench).
    for (const r of due) r();
  }, LINE_REDRAW_MS);
}

/** The live samples of a data point, taken from the store on the shared redraw beat (the newest always arrive). */
function useRedrawnSamples(read: () => ReadonlyArray<LiveSample>, deps: ReadonlyArray<unknown>): ReadonlyArray<LiveSample> {
  // Read untracked: the component itself must not re-render on every live event.
  const [samples, setSamples] = useState(() => untracked(read));
  useEffect(() => {
    const graph = {};
    setSamples(untracked(read));
    const stop = reaction(read, (next) => redrawSoon(graph, () => setSamples(next)));
    return () => { stop(); waiting.delete(graph); };
    // `read` is a new function each render; it changes meaning with `deps` only.
  }, deps);
  return samples;
}

/**
 * Points of the line: bucket means (at the middle of each bucket), then the live samples that
 * arrived after the series was read (`readAt`, this browser's clock), within the period, in time order.
 */
export function linePoints(series: DataPointSeries | null, readAt: number, live: ReadonlyArray<{ ts: number; value: number; at: number }>): Array<{ t: number; v: number }> {
  const points = (series?.buckets ?? []).map((b) => ({ t: Date.parse(b.ts) + (series?.bucketMs ?? 0) / 2, v: b.avg }));
  const from = series ? Date.parse(series.from) : -Infinity;
  const until = series ? Date.parse(series.until) : Infinity;
  for (const s of live) if (s.at > readAt && s.ts >= from && s.ts < until) points.push({ t: s.ts, v: s.value });
  return points.sort((a, b) => a.t - b.t);
}

export const LineGraphView = observer(function LineGraphView({ c, ctx }: { c: PageComponent; ctx: ComponentContext }) {
  const dataPoints = useStore(DataPointsStore);
  const agent = useDeviceWatch(ctx);
  const name = str(c, "dataPoint");
  const [read, setRead] = useState<{ series: DataPointSeries; at: number } | null>(null);
  const series = read?.series ?? null;
  useReload([agent, name, ctx.periodSpec], undefined, async () => {
    const at = Date.now();
    const s = agent ? await dataPoints.series(agent, { name, period: ctx.periodSpec, timeZone: dataPoints.timeZone }) : null;
    return s ? { series: s, at } : null;
  }, setRead);
  const recent = useRedrawnSamples(() => (agent ? dataPoints.recentOf(agent, name) : []), [dataPoints, agent, name]);
  const points = agent ? linePoints(series, read?.at ?? Infinity, recent) : [];
  const last = points[points.length - 1];
  return (
    <div className="pc-graph">
      <div className="pc-label">{str(c, "label")} <span className="bp6-text-muted">({name}, {ctx.periodSpec})</span></div>
      {!agent ? <NoDevice /> : points.length === 0 ? <NoData /> : (
        <div className="pc-graph-chart" role="img" data-testid="pc-line-graph" data-points={points.length}
          aria-label={`${str(c, "label")} over ${ctx.periodSpec}: ${points.length} points${last ? `, latest ${formatValue(last.v)} ${str(c, "unit")}` : ""}`}>
          <LineChartSvg points={points} xDomain={series ? [Date.parse(series.from), Date.parse(series.until)] : null} unit={str(c, "unit")} name={name} />
        </div>
      )}
    </div>
  );
});
