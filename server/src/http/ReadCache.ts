/**
 * An in-process cache of what most requests read and rarely change: Bearer secret -> user and
 * token, (user, company) -> company row and rights, and the serialised answers of routes that
 * opt in (company lists whose answer depends only on stored data).
 *
 * Why it is safe: every entry carries the stamp of its scope (the generations of its company and
 * its user, and the epoch) as they were before it was read. A successful write bumps the
 * generation of the company it wrote in and of the user who made it, once it has finished, so a
 * read that raced the write is never kept and the writer's next request never sees the old data.
 * A write in one company leaves every other company's entries alone; a failed call (401, 404,
 * 400, 409...) bumps nothing. Other processes on the same PostgreSQL database hear about the
 * write through NOTIFY on CACHE_CHANNEL, naming the company and user; a lost notification (the
 * listener reconnecting: the epoch is bumped) or a change made outside the API (a migration,
 * the admin script) is bounded by the time-to-live.
 */
import type { Database } from "../db/Database";
import { nowOf, type Clock } from "./Clock";

export const CACHE_CHANNEL = "portal_cache";
/** How long an entry may be served without a write having been seen (ms). */
export const CACHE_TTL_MS = 1_000;
/** Entries per map; the oldest go first beyond it (Map keeps insertion order). */
export const CACHE_MAX_ENTRIES = 5_000;
/** Answers larger than this are not kept (a page of 4,000 translations is not worth the memory). */
export const CACHE_MAX_ANSWER_BYTES = 256 * 1024;
/**
 * Characters of answers kept at once, whatever the number of distinct URLs asked for: a caller
 * cycling through query strings cannot make the process hold more than this (~32 MB of text).
 */
export const CACHE_MAX_ANSWER_CHARS = 16 * 1024 * 1024;

/** A route's answer as sent: status and the bytes of its envelope. */
export interface CachedAnswer {
  readonly status: number;
  readonly body: string;
}

/** What an entry depends on: the company and the user whose writes make it stale. */
export interface Scope {
  readonly company?: number | undefined;
  readonly user?: number | undefined;
}

/** The scope of an entry, or a function that tells it from the loaded value (a token's user). */
export type ScopeOf<V> = Scope | ((value: V) => Scope);

interface Entry<V> {
  readonly scope: Scope;
  readonly stamp: string;
  readonly at: number;
  readonly value: V;
}

/** One map of the cache: get answers only entries of the current generation within the TTL. */
export class CacheMap<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private weight = 0;
  /** Loads under way, so that a burst of misses for one key (e.g. at expiry) costs one query. */
  private readonly loading = new Map<string, { readonly stamp: string; readonly promise: Promise<V> }>();

  /**
   * `weigh` and `maxWeight` bound what the map holds besides its entry count (the oldest entries
   * go first).
   */
  constructor(
    private readonly cache: ReadCache,
    private readonly weigh: (value: V) => number = () => 0,
    private readonly maxWeight = Infinity,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== this.cache.stamp(entry.scope) || this.cache.now() - entry.at >= CACHE_TTL_MS) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` only if no write of its scope finished since `stamp` was taken (ReadCache.stamp). */
  set(key: string, stamp: string, value: V, scope: Scope = {}): void {
    if (stamp !== this.cache.stamp(scope)) return;
    this.delete(key);
    this.entries.set(key, { scope, stamp, at: this.cache.now(), value });
    this.weight += this.weigh(value);
    while (this.entries.size > CACHE_MAX_ENTRIES || this.weight > this.maxWeight) this.delete(this.entries.keys().next().value!);
  }

  /** Drops every entry (their generation is gone; no need to keep the memory until touched). */
  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= this.weigh(entry.value);
  }

  /**
   * The entry, or the value of `load` (shared with every caller asking for the same key while no
   * write of its scope has finished), kept when `keep` allows. A load started before a write is
   * not shared with requests that arrive after it. When the scope is only known from the value
   * (a token's user), the value is kept only if no write at all finished during the load.
   */
  getOrLoad(key: string, scope: ScopeOf<V>, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const before = typeof scope === "function" ? this.cache.anyStamp() : this.cache.stamp(scope);
    const pending = this.loading.get(key);
    if (pending && pending.stamp === before) return pending.promise;
    const promise = load().then((value) => {
      if (!keep(value)) return value;
      if (typeof scope !== "function") this.set(key, before, value, scope);
      else if (before === this.cache.anyStamp()) {
        const known = scope(value);
        this.set(key, this.cache.stamp(known), value, known);
      }
      return value;
    }).finally(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { stamp: before, promise });
    return promise;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The total weight of the entries held (see the constructor). */
  get heldWeight(): number {
    return this.weight;
  }
}

export class ReadCache {
  /** Bumped when every entry must go: the listener came back after a loss (writes went unheard). */
  private epoch = 0;
  /** Writes seen in all, of any scope. */
  private writes = 0;
  private readonly companyGenerations = new Map<number, number>();
  private readonly userGenerations = new Map<number, number>();
  readonly tokens = new CacheMap<unknown>(this);
  readonly memberships = new CacheMap<unknown>(this);
  readonly answers = new CacheMap<CachedAnswer>(this, (a) => a.body.length, CACHE_MAX_ANSWER_CHARS);
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly database: Database, private readonly clock: Clock) {}

  now(): number {
    return nowOf(this.clock);
  }

  /**
   * The stamp of a scope now: equal to an earlier stamp of the same scope exactly when no write
   * of that company or user (and no loss of the listener) finished in between.
   */
  stamp(scope: Scope = {}): string {
    const company = scope.company === undefined ? "" : `${scope.company}:${this.companyGenerations.get(scope.company) ?? 0}`;
    const user = scope.user === undefined ? "" : `${scope.user}:${this.userGenerations.get(scope.user) ?? 0}`;
    return `${this.epoch}|${company}|${user}`;
  }

  /** A stamp that changes with every write of any scope. */
  anyStamp(): string {
    return `${this.epoch}|${this.writes}`;
  }

  /** Listens for other processes' writes; PGlite is one process, so it has no one to hear. */
  async start(): Promise<void> {
    if (this.database.kind !== "postgres") return;
    // Back from a lost connection, any write may have gone unheard: drop everything.
    this.unlisten = await this.database.listen(CACHE_CHANNEL, (payload) => this.heard(payload), () => this.dropAll());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /**
   * Called when a writing request has succeeded: the entries of its company and of its user are
   * stale from now on (the others stay), and the other processes are told. The notification is
   * best effort; the TTL bounds it.
   */
  written(scope: Scope): void {
    this.bump(scope);
    if (this.database.kind !== "postgres") return;
    this.database.notify(CACHE_CHANNEL, JSON.stringify({ c: scope.company ?? null, u: scope.user ?? null })).catch(() => undefined);
  }

  private bump(scope: Scope): void {
    this.writes++;
    if (scope.company !== undefined) this.companyGenerations.set(scope.company, (this.companyGenerations.get(scope.company) ?? 0) + 1);
    if (scope.user !== undefined) this.userGenerations.set(scope.user, (this.userGenerations.get(scope.user) ?? 0) + 1);
  }

  /** Another process wrote; a payload that cannot be read drops everything. */
  private heard(payload: string): void {
    try {
      const { c, u } = JSON.parse(payload) as { c: unknown; u: unknown };
      this.bump({ ...(typeof c === "number" ? { company: c } : {}), ...(typeof u === "number" ? { user: u } : {}) });
    } catch {
      this.dropAll();
    }
  }

  /** A new epoch: every entry read before is void, so the maps let go of them now. */
  dropAll(): void {
    this.epoch++;
    this.writes++;
    this.tokens.clear();
    this.memberships.clear();
    this.answers.clear();
  }
}
