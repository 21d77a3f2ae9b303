/**
 * Device data points for the page components (issue 13): the latest value of each data point of
 * the devices on screen, kept live. A component asks `watch(agent)` while it is shown (counted,
 * so a dashboard of twenty components on one device watches it once); the store reads the stored
 * latest values, and tells the server which devices this tab's event stream watches (PUT
 * data-point-watches, again whenever the stream reconnects with a new id). Live values arrive as
 * "data-points" events (at most one per data point per LIVE_INTERVAL_MS, the server's throttle)
 * and are also kept, RECENT_MAX per data point, for the graphs to append.
 *
 * When the server takes a device away from the watch (the user lost the right to see it: a
 * "data-point-watch" event naming the devices still watched), its values are forgotten and the
 * device is `revoked`: the components show that access ended instead of a stale value, and the
 * watch PUTs leave it out (the server refuses a whole PUT naming a device it hides). It is tried
 * again when rights change, an access request changes, the stream reopens or a component starts
 * watching it anew; once its values can be read again it is watched again and values resume.
 */
import { Result, Schema } from "effect";
import { action, makeObservable, observable } from "mobx";
import { DataPointsEvent, DataPointWatch, StreamEvent, type DataPointValue } from "@portal/core/domain/DataPoint";
import type { DataPointPeriodQuery } from "@portal/core/ports/PortalApi";
import type { RootStore } from "./RootStore";

/** Live samples kept per data point for the graphs (about five minutes at the throttle's pace). */
export const RECENT_MAX = 600;

export interface LiveSample {
  readonly ts: number;
  readonly value: number;
  /** When it arrived (this browser's clock): a graph appends the samples that came after it read its series. */
  readonly at: number;
}

const key = (agent: string, name: string) => `${agent}\u0000${name}`;
const decodeLive = Schema.decodeUnknownResult(DataPointsEvent);
const decodeStream = Schema.decodeUnknownResult(StreamEvent);
const decodeWatch = Schema.decodeUnknownResult(DataPointWatch);

export class DataPointsStore {
  /** The latest value per device and data point (key: agent, NUL, name). */
  readonly latest = observable.map<string, DataPointValue>({}, { deep: false });
  /** Live samples per device and data point, oldest first, at most RECENT_MAX. */
  readonly recent = observable.map<string, ReadonlyArray<LiveSample>>({}, { deep: false });
  /** Devices whose stored values could not be read (not found or refused). */
  readonly failed = observable.set<string>();
  /** Devices the server stopped delivering because this user may no longer see them. */
  readonly revoked = observable.set<string>();
  /** The id of this tab's event stream (from its "stream" event); null until it is open. */
  stream: string | null = null;
  private readonly watchers = new Map<string, number>();
  private syncQueued = false;
  /** Counts revocations per device: a read that started before the latest one cannot undo it. */
  private readonly revocations = new Map<string, number>();

  constructor(private readonly root: RootStore) {
    makeObservable(this, { stream: observable, streamOpened: action, applyLive: action, apply: action, watchChanged: action });
    // Built on first use: the stream may have opened before, so it starts from the last "stream" event.
    root.events.on("stream-opened", (data) => this.streamOpened(data));
    root.events.on("data-points", (data) => this.applyLive(data));
    root.events.on("data-point-watch", (data) => this.watchChanged(data));
    // A right given back shows here as one of these: the revoked devices still on screen are tried again.
    root.events.on("rights-changed", () => this.retryRevoked());
    root.events.on("access-request", () => this.retryRevoked());
    if (root.events.lastStream !== null) this.streamOpened(root.events.lastStream);
  }

  /** The time zone periods are read in: the browser's. */
  get timeZone(): string {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  }

  /** The latest value of a data point of a device, or undefined when none is known. */
  value(agent: string, name: string): DataPointValue | undefined {
    return this.latest.get(key(agent, name));
  }

  /** Every latest value of a device, by name. */
  valuesOf(agent: string): DataPointValue[] {
    const prefix = `${agent}\u0000`;
    return [...this.latest.entries()].filter(([k]) => k.startsWith(prefix)).map(([, v]) => v).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Whether the server stopped this device's live values because its data may no longer be seen. */
  isRevoked(agent: string): boolean {
    return this.revoked.has(agent);
  }

  /** Live samples of a data point (oldest first). */
  recentOf(agent: string, name: string): ReadonlyArray<LiveSample> {
    return this.recent.get(key(agent, name)) ?? [];
  }

  /** Watches a device while a component shows it; returns the function that stops watching. */
  watch(agent: string): () => void {
    const count = this.watchers.get(agent) ?? 0;
    this.watchers.set(agent, count + 1);
    if (count === 0) {
      void this.loadLatest(agent);
      this.queueSync();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.watchers.get(agent) ?? 1) - 1;
      if (left > 0) this.watchers.set(agent, left);
      else {
        this.watchers.delete(agent);
        this.queueSync();
      }
    };
  }

  /** Reads the stored latest values of a device. */
  async loadLatest(agent: string): Promise<void> {
    const revocation = this.revocations.get(agent) ?? 0;
    const result = await this.root.run(this.root.ports.api.dataPoints.latest(agent));
    action(() => {
      if (Result.isFailure(result)) {
        this.failed.add(agent);
        return;
      }
      this.failed.delete(agent);
      // Read before the latest revocation: those values may be ones the user no longer sees.
      if ((this.revocations.get(agent) ?? 0) !== revocation) return;
      if (this.revoked.delete(agent) && this.watchers.has(agent)) this.queueSync();
      this.apply(result.success.map((v) => ({ ...v, agent })), false);
    })();
  }

  /**
   * A "data-point-watch" event of this tab's stream: the devices it still watches. Every device
   * watched here that is not among them is revoked and its values forgotten (never shown stale).
   */
  watchChanged(data: string): void {
    const decoded = decodeWatch(safeJson(data));
    if (Result.isFailure(decoded) || decoded.success.stream !== this.stream) return;
    const still = new Set(decoded.success.agents);
    for (const agent of this.watchers.keys()) {
      if (still.has(agent)) continue;
      this.revocations.set(agent, (this.revocations.get(agent) ?? 0) + 1);
      this.revoked.add(agent);
      const prefix = `${agent}\u0000`;
      for (const k of [...this.latest.keys()]) if (k.startsWith(prefix)) this.latest.delete(k);
      for (const k of [...this.recent.keys()]) if (k.startsWith(prefix)) this.recent.delete(k);
    }
  }

  /** Reads the revoked devices still watched again: one that can be read is watched again. */
  retryRevoked(): void {
    for (const agent of this.revoked) if (this.watchers.has(agent)) void this.loadLatest(agent);
  }

  /** A series, the event log or the state analysis of a data point (null when the call failed). */
  async series(agent: string, query: DataPointPeriodQuery) {
    const r = await this.root.run(this.root.ports.api.dataPoints.series(agent, query));
    return Result.isSuccess(r) ? r.success : null;
  }

  async log(agent: string, query: DataPointPeriodQuery) {
    const r = await this.root.run(this.root.ports.api.dataPoints.log(agent, query));
    return Result.isSuccess(r) ? r.success : null;
  }

  async states(agent: string, query: DataPointPeriodQuery) {
    const r = await this.root.run(this.root.ports.api.dataPoints.states(agent, query));
    return Result.isSuccess(r) ? r.success : null;
  }

  /** The event stream (re)opened with a new id: the watches are told again, and values re-read (live ones are not replayed). */
  streamOpened(data: string): void {
    const decoded = decodeStream(safeJson(data));
    if (Result.isFailure(decoded)) return;
    this.stream = decoded.success.stream;
    for (const agent of this.watchers.keys()) void this.loadLatest(agent);
    this.queueSync();
  }

  /** A "data-points" event of the stream. */
  applyLive(data: string): void {
    const decoded = decodeLive(safeJson(data));
    if (Result.isFailure(decoded)) return;
    this.apply(decoded.success.values, true);
  }

  apply(values: ReadonlyArray<DataPointValue & { agent: string }>, live: boolean): void {
    for (const v of values) {
      // A live value already on its way when the device was revoked is not shown.
      if (this.revoked.has(v.agent)) continue;
      const k = key(v.agent, v.name);
      const seen = this.latest.get(k);
      if (!seen || seen.ts <= v.ts) this.latest.set(k, { name: v.name, ts: v.ts, value: v.value });
      if (live) {
        const list = this.recent.get(k) ?? [];
        const next = [...list, { ts: Date.parse(v.ts), value: v.value, at: Date.now() }];
        this.recent.set(k, next.length > RECENT_MAX ? next.slice(next.length - RECENT_MAX) : next);
      }
    }
  }

  /** One PUT per burst of watch changes (a dashboard mounting twenty components sends one). */
  private queueSync(): void {
    if (this.syncQueued) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      const stream = this.stream;
      if (stream === null || !this.root.session.selectedCompanyId) return;
      void this.root.run(this.root.ports.api.dataPoints.watch(stream, [...this.watchers.keys()].filter((a) => !this.revoked.has(a))));
    });
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
