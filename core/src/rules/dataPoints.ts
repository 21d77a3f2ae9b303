/**
 * The rules of device data points (issue 13): the instants a page period spec covers, the bucket
 * size of a series, which sample goes in which bucket, which measurement time the server keeps,
 * the live throttle, the state analysis (time share per value) and wear and tear. Pure: the
 * server, the web app and the benchmark call these, never their own copies.
 */
import { Temporal } from "temporal-polyfill";
import { SERIES_DEFAULT_POINTS, SERIES_MAX_POINTS } from "../domain/DataPoint";
import { isTimeZone } from "./usage";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instants [from, until) of a period, epoch ms, from < until. */
export interface PeriodRange {
  readonly from: number;
  readonly until: number;
}

/** Longest `last-N-hours` and `last-N-days`, and the longest from/to span a series may ask. */
export const PERIOD_MAX_HOURS = 24 * 31;
export const PERIOD_MAX_DAYS = 400;

/** The period specs a page takes, for the editor's help text and the tests. */
export const PERIOD_SPECS = ["today", "yesterday", "this-week", "last-week", "this-month", "last-month", "last-N-hours", "last-N-days"] as const;

/**
 * The instants a page period spec covers in `timeZone` at `now` (epoch ms), or null for a spec
 * it does not know or a zone that does not exist. today / yesterday: the local day; this-week /
 * last-week: Monday to Monday; this-month / last-month: the calendar month; last-N-hours
 * (1..PERIOD_MAX_HOURS) and last-N-days (1..PERIOD_MAX_DAYS): the N hours or days up to now.
 * Guarantees from < until; for the "this-" and "today" specs, from <= now < until.
 */
export function periodRange(spec: string, now: number, timeZone: string): PeriodRange | null {
  if (!isTimeZone(timeZone)) return null;
  const s = spec.trim().toLowerCase();
  const last = /^last-(\d{1,4})-(hours|days)$/.exec(s);
  if (last) {
    const n = Number(last[1]);
    const max = last[2] === "hours" ? PERIOD_MAX_HOURS : PERIOD_MAX_DAYS;
    if (n < 1 || n > max) return null;
    return { from: now - n * (last[2] === "hours" ? HOUR : DAY), until: now };
  }
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone).toPlainDate();
  const at = (d: Temporal.PlainDate) => d.toZonedDateTime({ timeZone }).epochMilliseconds;
  const span = (start: Temporal.PlainDate, end: Temporal.PlainDate): PeriodRange => ({ from: at(start), until: at(end) });
  const monday = today.subtract({ days: today.dayOfWeek - 1 });
  const first = today.with({ day: 1 });
  switch (s) {
    case "today": return span(today, today.add({ days: 1 }));
    case "yesterday": return span(today.subtract({ days: 1 }), today);
    case "this-week": return span(monday, monday.add({ days: 7 }));
    case "last-week": return span(monday.subtract({ days: 7 }), monday);
    case "this-month": return span(first, first.add({ months: 1 }));
    case "last-month": return span(first.subtract({ months: 1 }), first);
    default: return null;
  }
}

/** Bucket sizes a series may use, smallest first: round numbers a reader recognises on an axis. */
export const BUCKET_LADDER_MS = [
  1000, 5000, 10_000, 30_000, 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 7 * DAY,
] as const;

/**
 * The bucket size of a series over `range` with at most `maxPoints` buckets: the smallest size of
 * BUCKET_LADDER_MS whose bucket count ceil(span / size) stays within maxPoints (the largest size
 * when none does). Guarantees: a size from the ladder; bucketCount <= maxPoints whenever the span
 * is at most maxPoints weeks; a month (31 days) at the default 300 points gets 3-hour buckets.
 */
export function bucketSize(range: PeriodRange, maxPoints: number = SERIES_DEFAULT_POINTS): number {
  const span = range.until - range.from;
  for (const size of BUCKET_LADDER_MS) if (Math.ceil(span / size) <= maxPoints) return size;
  return BUCKET_LADDER_MS[BUCKET_LADDER_MS.length - 1]!;
}

/** How many buckets of `size` cover `range` (the last one may be partial). */
export const bucketCount = (range: PeriodRange, size: number): number => Math.ceil((range.until - range.from) / size);

/**
 * The start of the bucket of instant `t`: buckets start at the period's `from` (local midnight for
 * "today"), so they line up with the period, not with the epoch. Guarantees for t in [from, until):
 * from <= start <= t < start + size, and start - from is a multiple of size.
 */
export const bucketStart = (range: PeriodRange, size: number, t: number): number => range.from + Math.floor((t - range.from) / size) * size;

/**
 * The number of points a series query asks, from its `points` text: SERIES_DEFAULT_POINTS when
 * absent; null when not a whole number from 1 to SERIES_MAX_POINTS.
 */
export function seriesPoints(text: string | undefined): number | null {
  if (text === undefined || text === "") return SERIES_DEFAULT_POINTS;
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= SERIES_MAX_POINTS ? n : null;
}

/** How far a device clock may run ahead or behind before the receive time is kept instead. */
export const CLOCK_AHEAD_MS = 60_000;
export const CLOCK_BEHIND_MS = DAY;

/**
 * The measurement time the server stores for a message received at `now`: the device's `ts` when
 * it lies within [now - CLOCK_BEHIND_MS, now + CLOCK_AHEAD_MS] (a buffered message after a short
 * outage keeps its time), else `now` (a device with a wrong clock never writes into the future or
 * the distant past). Guarantees the result is within that window.
 */
export const acceptedTime = (ts: number | undefined, now: number): number =>
  ts !== undefined && ts >= now - CLOCK_BEHIND_MS && ts <= now + CLOCK_AHEAD_MS ? ts : now;

/**
 * The live throttle: a data point reaches the browsers at most once per LIVE_INTERVAL_MS with its
 * newest value (the ingest flushes on this beat and sends the last sample of each data point of
 * the flush). A device publishing 10 values a second thus costs each watching browser 2 updates a
 * second per data point, whatever the publish rate.
 */
export const LIVE_INTERVAL_MS = 500;

/** A sample as the ingest holds it. */
export interface Sample {
  readonly agentId: number;
  readonly name: string;
  readonly ts: number;
  readonly value: number;
}

/**
 * The newest sample of each (agent, data point) among `samples`: what the live throttle sends.
 * Guarantees one sample per key, the one with the greatest ts (the later one in the list on a tie).
 */
export function newestPerPoint<S extends Sample>(samples: ReadonlyArray<S>): S[] {
  const newest = new Map<string, S>();
  for (const s of samples) {
    const key = `${s.agentId}\u0000${s.name}`;
    const seen = newest.get(key);
    if (!seen || s.ts >= seen.ts) newest.set(key, s);
  }
  return [...newest.values()];
}

/** A value held from an instant on: the samples of a state data point, in time order. */
export interface Step {
  readonly ts: number;
  readonly value: number;
}

/** The time share of one value over a period. */
export interface StateShare {
  readonly value: number;
  readonly ms: number;
  readonly share: number;
}

/**
 * The state analysis: how long each value was held within [from, min(until, now)), a value being
 * held from its sample until the next one (the value before the period, `before`, holds from the
 * period's start). Time before the first known value is not counted. Guarantees: the ms add up to
 * the known time, shares add up to 1 (or there are none), sorted by time held, longest first.
 */
export function stateShares(range: PeriodRange, now: number, before: Step | null, steps: ReadonlyArray<Step>): StateShare[] {
  const end = Math.min(range.until, now);
  const held = new Map<number, number>();
  const sorted = [...(before ? [{ ts: range.from, value: before.value }] : []), ...steps.filter((s) => s.ts >= range.from && s.ts < end)]
    .sort((a, b) => a.ts - b.ts);
  sorted.forEach((s, i) => {
    const start = Math.max(s.ts, range.from);
    const stop = i + 1 < sorted.length ? sorted[i + 1]!.ts : end;
    if (stop > start) held.set(s.value, (held.get(s.value) ?? 0) + (stop - start));
  });
  const total = [...held.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return [];
  return [...held.entries()].map(([value, ms]) => ({ value, ms, share: ms / total })).sort((a, b) => b.ms - a.ms || a.value - b.value);
}

/** Wear and tear of a machine: its operating hours against a service interval. */
export interface Wear {
  /** Hours run since the last service (operating hours modulo the interval). */
  readonly sinceService: number;
  /** Hours left until the next service. */
  readonly untilService: number;
  /** Share of the interval used, 0 to 1. */
  readonly used: number;
  /** Services due so far (whole intervals run). */
  readonly services: number;
  /** "ok", "soon" (at least warnAt of the interval used) or "due" (within an hour of it). */
  readonly state: "ok" | "soon" | "due";
}

/**
 * Wear and tear from operating hours and a service interval (hours, > 0); `warnAt` is the share
 * of the interval from which service is "soon" (0.9 by default). Guarantees sinceService +
 * untilService = interval, 0 <= sinceService < interval and 0 <= used <= 1; null for a negative or non-finite reading or interval.
 */
export function wearAndTear(operatingHours: number, intervalHours: number, warnAt = 0.9): Wear | null {
  if (!Number.isFinite(operatingHours) || !Number.isFinite(intervalHours) || operatingHours < 0 || intervalHours <= 0) return null;
  // `%` is exact in floating point (0 <= result < interval); floor(h / i) alone can round up to
  // the next whole interval just below it and make sinceService a tiny negative number.
  const sinceService = operatingHours % intervalHours;
  const services = Math.round((operatingHours - sinceService) / intervalHours);
  const untilService = intervalHours - sinceService;
  const used = sinceService / intervalHours;
  return { sinceService, untilService, used, services, state: untilService <= 1 ? "due" : used >= warnAt ? "soon" : "ok" };
}

/** How much of a tank's range a level fills, clamped to 0..1 (0 for an empty or reversed range). */
export const fillRatio = (value: number, min: number, max: number): number =>
  max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0;

/**
 * The names of a state data point's values from a component's "states" text, e.g.
 * "1=Running, 0=Stopped": entries `value=name` separated by commas; an entry that is not a number
 * followed by `=` and a name is skipped. Guarantees finite keys and trimmed, non-empty names.
 */
export function stateNames(text: string): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const entry of text.split(",")) {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*=\s*(.+?)\s*$/.exec(entry);
    if (m && Number.isFinite(Number(m[1]))) names.set(Number(m[1]), m[2]!);
  }
  return names;
}

/** The name of a state value: its configured name, else the number itself. */
export const stateName = (names: ReadonlyMap<number, string>, value: number): string => names.get(value) ?? String(value);
