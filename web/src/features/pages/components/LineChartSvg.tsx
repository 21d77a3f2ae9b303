/**
 * The line graph's chart (issue 13): one SVG with a grid, time and value ticks, the line as a
 * single path, and a hover readout of the nearest point. Drawn here rather than with the charting
 * library: a dashboard of twenty live graphs redrawing their new samples each second spent tens of
 * ms per graph in the library's layout (its store, axes and scales are rebuilt on every update),
 * all in one task, and dropped about 40 % of frames (server/bench/pagesBench.ts). This draws the
 * same picture with a few elements and one path string.
 */
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { formatTime, formatValue } from "./dataPointParts";

export interface ChartPoint { readonly t: number; readonly v: number }

const PAD = { top: 6, right: 10, bottom: 18, left: 42 };
const TICKS = 4;

/** About `count` round steps covering [min, max] (1, 2 or 5 times a power of ten). */
export function niceTicks(min: number, max: number, count = TICKS): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Math.round(v / step) * step);
  return ticks;
}

/** The value range shown: the points' range widened to round ticks (a flat line gets a band around it). */
export function valueDomain(points: ReadonlyArray<ChartPoint>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) {
    if (p.v < lo) lo = p.v;
    if (p.v > hi) hi = p.v;
  }
  if (lo === hi) return [lo - 1, hi + 1];
  const ticks = niceTicks(lo, hi);
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : hi - lo;
  return [Math.min(lo, Math.floor(lo / step) * step), Math.max(hi, Math.ceil(hi / step) * step)];
}

/** The size of an element, followed as it changes (0 x 0 until laid out). */
function useSize<T extends Element>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      setSize((s) => (s.width === Math.round(r.width) && s.height === Math.round(r.height) ? s : { width: Math.round(r.width), height: Math.round(r.height) }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

export function LineChartSvg({ points, xDomain, unit, name }: { points: ReadonlyArray<ChartPoint>; xDomain: [number, number] | null; unit: string; name: string }) {
  const [ref, { width, height }] = useSize<HTMLDivElement>();
  const [hover, setHover] = useState<ChartPoint | null>(null);
  const [x0, x1] = xDomain ?? [points[0]?.t ?? 0, points[points.length - 1]?.t ?? 1];
  const [y0, y1] = useMemo(() => valueDomain(points), [points]);
  const w = Math.max(1, width - PAD.left - PAD.right);
  const h = Math.max(1, height - PAD.top - PAD.bottom);
  const sx = (t: number) => PAD.left + ((t - x0) / (x1 - x0 || 1)) * w;
  const sy = (v: number) => PAD.top + (1 - (v - y0) / (y1 - y0 || 1)) * h;
  const path = useMemo(() => {
    let d = "";
    for (const p of points) d += `${d ? "L" : "M"}${sx(p.t).toFixed(1)},${sy(p.v).toFixed(1)}`;
    return d;
    // sx and sy are fixed by these.
  }, [points, x0, x1, y0, y1, w, h]);
  const xTicks = niceTimeTicks(x0, x1, Math.max(2, Math.floor(w / 90)));
  const yTicks = niceTicks(y0, y1);

  const onMove = (e: React.MouseEvent<SVGSVGElement>) => {
    if (points.length === 0) return;
    const box = e.currentTarget.getBoundingClientRect();
    const t = x0 + ((e.clientX - box.left - PAD.left) / w) * (x1 - x0);
    let best = points[0]!;
    for (const p of points) if (Math.abs(p.t - t) < Math.abs(best.t - t)) best = p;
    setHover(best);
  };

  return (
    <div ref={ref} className="pc-graph-canvas">
      {width > 0 && height > 0 && (
        <svg width={width} height={height} onMouseMove={onMove} onMouseLeave={() => setHover(null)} aria-hidden="true">
          <g className="pc-graph-grid">
            {yTicks.map((v) => <line key={`y${v}`} x1={PAD.left} x2={PAD.left + w} y1={sy(v)} y2={sy(v)} />)}
            {xTicks.map((t) => <line key={`x${t}`} x1={sx(t)} x2={sx(t)} y1={PAD.top} y2={PAD.top + h} />)}
          </g>
          <g className="pc-graph-ticks">
            {yTicks.map((v) => <text key={`y${v}`} x={PAD.left - 4} y={sy(v)} textAnchor="end" dominantBaseline="middle">{formatValue(v, 1)}</text>)}
            {xTicks.map((t) => <text key={`x${t}`} x={sx(t)} y={PAD.top + h + 12} textAnchor="middle">{formatTime(t).slice(0, -3)}</text>)}
          </g>
          <path d={path} className="pc-graph-line" />
          {hover && (
            <g className="pc-graph-hover">
              <line x1={sx(hover.t)} x2={sx(hover.t)} y1={PAD.top} y2={PAD.top + h} />
              <circle cx={sx(hover.t)} cy={sy(hover.v)} r={3} />
              <text x={PAD.left + 4} y={PAD.top + 10}>{`${formatTime(hover.t)} · ${name} ${formatValue(hover.v)} ${unit}`}</text>
            </g>
          )}
        </svg>
      )}
    </div>
  );
}

const TIME_STEPS = [1, 5, 15, 30, 60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86_400, 7 * 86_400].map((s) => s * 1000);
/** About `count` instants on round minutes or hours (local time) across [from, until). */
export function niceTimeTicks(from: number, until: number, count: number): number[] {
  if (!(until > from)) return [];
  const step = TIME_STEPS.find((s) => (until - from) / s <= count) ?? TIME_STEPS[TIME_STEPS.length - 1]!;
  // Round in local time: an hour step starts on the hour as the reader's clock shows it.
  const offset = new Date(from).getTimezoneOffset() * 60_000;
  const ticks: number[] = [];
  // The period's end is left out: its label (the next day's date) would not fit at the right edge.
  for (let t = Math.ceil((from - offset) / step) * step + offset; t < until; t += step) ticks.push(t);
  return ticks;
}
