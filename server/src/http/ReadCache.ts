/**
 * An in-process cache of what most requests read and rarely change: Bearer secret -> user and
 * token, (user, company) -> company row and rights, and the serialised answers of routes that
 * opt in (company lists whose answer depends only on stored data).
 *
 * Why it is safe: every entry carries the generation it was read under, and every mutating
 * request (any method but GET and HEAD) bumps the generation once it has finished, so a read
 * that raced a write is never kept, and the writer's next request never sees the old data.
 * Other processes on the same PostgreSQL database hear about the write through NOTIFY on
 * CACHE_CHANNEL and bump theirs; a lost notification (listener reconnecting) or a change made
 * outside the API (a migration, the admin script) is bounded by the time-to-live.
 * One generation for everything keeps the rule obvious; writes are rare next to reads.
 */
import type { Database } from "../db/Database";
import type { Clock } from "./Clock";

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

interface Entry<V> {
  readonly generation: number;
  readonly at: number;
  readonly value: V;
}

/** One map of the cache: get answers only entries of the current generation within the TTL. */
export class CacheMap<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private weight = 0;
  /** Loads under way, so that a burst of misses for one key (e.g. at expiry) costs one query. */
  private readonly loading = new Map<string, { readonly generation: number; readonly promise: Promise<V> }>();

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
    if (entry.generation !== this.cache.generation || this.cache.now() - entry.at >= CACHE_TTL_MS) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` only if no write finished since `generation` was read (see ReadCache.begin). */
  set(key: string, generation: number, value: V): void {
    if (generation !== this.cache.generation) return;
    this.delete(key);
    this.entries.set(key, { generation, at: this.cache.now(), value });
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
   * The entry, or the value of `load` (shared with every caller asking for the same key under
   * the same generation while it runs), kept when `keep` allows. A load started before a write
   * is not shared with requests that arrive after it.
   */
  getOrLoad(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const generation = this.cache.generation;
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.promise;
    const promise = load().then((value) => {
      if (keep(value)) this.set(key, generation, value);
      return value;
    }).finally(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { generation, promise });
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
  /** Bumped after every write of this process and on every notification of another's. */
  generation = 0;
  readonly tokens = new CacheMap<unknown>(this);
  readonly memberships = new CacheMap<unknown>(this);
  readonly answers = new CacheMap<CachedAnswer>(this, (a) => a.body.length, CACHE_MAX_ANSWER_CHARS);
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly database: Database, private readonly clock: Clock) {}

  now(): number {
    return this.clock.now();
  }

  /** The generation to pass to `set` for a value about to be read. */
  begin(): number {
    return this.generation;
  }

  /** Listens for other processes' writes; PGlite is one process, so it has no one to hear. */
  async start(): Promise<void> {
    if (this.database.kind !== "postgres") return;
    // Back from a lost connection, any write may have gone unheard: drop everything.
    this.unlisten = await this.database.listen(CACHE_CHANNEL, () => this.bump(), () => this.bump());
  }

  /** A new generation: every entry read before is void, so the maps let go of them now. */
  private bump(): void {
    this.generation++;
    this.tokens.clear();
    this.memberships.clear();
    this.answers.clear();
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /**
   * Called when a mutating request has finished (committed or not): drops every entry here at
   * once, and tells the other processes. The notification is best effort; the TTL bounds it.
   */
  written(): void {
    this.bump();
    if (this.database.kind !== "postgres") return;
    this.database.notify(CACHE_CHANNEL, "").catch(() => undefined);
  }
}
