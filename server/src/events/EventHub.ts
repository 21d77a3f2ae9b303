/**
 * Realtime events for signed-in users. An event is a row of the events table (increasing id),
 * written in the transaction of the change that caused it, plus a NOTIFY on one channel. Every
 * server process LISTENs on that channel, so a client connected to any process of the same
 * database gets it. Each subscriber reads "events after the last id I sent" from the table, so
 * a reconnect with Last-Event-ID, a missed notification or a race with the replay loses nothing.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/Database";
import { events } from "../db/schema";
import { LiveDataHub } from "../datapoints/LiveDataHub";

export const EVENTS_CHANNEL = "portal_events";

type EventRow = typeof events.$inferSelect;

export interface PortalEvent {
  readonly id: number;
  readonly type: string;
  readonly data: unknown;
}

interface Subscriber {
  readonly userId: number;
  lastId: number;
  /** Serialises reads so that events go out once and in order. */
  chain: Promise<void>;
  readonly send: (event: PortalEvent) => void;
}

/** Open event streams one user may hold by default: a few tabs and devices, not thousands. */
export const MAX_STREAMS_PER_USER = 10;

export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private unlisten: (() => Promise<void>) | undefined;
  /** Open streams, ended when the server closes (an open SSE response would hold close forever). */
  private readonly streams = new Set<() => void>();
  /** Open streams per user, for the cap. */
  private readonly perUser = new Map<number, number>();
  /** Live data points of watched devices (volatile events, not stored): see LiveDataHub. */
  readonly live = new LiveDataHub();

  constructor(private readonly database: Database, readonly maxStreamsPerUser: number = MAX_STREAMS_PER_USER) {}

  /** Starts listening for notifications of every process on this database. */
  async start(): Promise<void> {
    await this.live.start(this.database);
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => {
      const userId = Number(payload);
      // One read per distinct position for all of this user's streams (a user with many tabs,
      // or thousands of streams in the fan-out benchmark), not one per stream.
      const round = new Map<number, Promise<EventRow[]>>();
      for (const s of this.subscribers) if (s.userId === userId) this.pump(s, round);
    }, () => {
      // Notifications sent while the connection was down are lost; the table is not.
      for (const s of this.subscribers) this.pump(s);
    });
  }

  /**
   * Registers an open stream of a user and its end function; returns the unregister function,
   * or null when the user already holds maxStreamsPerUser streams (the caller answers 429).
   */
  track(userId: number, end: () => void): (() => void) | null {
    const open = this.perUser.get(userId) ?? 0;
    if (open >= this.maxStreamsPerUser) return null;
    this.perUser.set(userId, open + 1);
    this.streams.add(end);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.streams.delete(end);
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }

  /** Ends every open stream; called before the HTTP server closes. */
  endStreams(): void {
    for (const end of [...this.streams]) end();
    this.streams.clear();
  }

  async stop(): Promise<void> {
    this.endStreams();
    this.subscribers.clear();
    await this.unlisten?.();
    await this.live.stop();
  }

  /** Stores an event for a user and notifies all processes when `tx` commits. Returns its id. */
  static async publish(tx: Db, userId: number, type: string, data: unknown): Promise<number> {
    const [row] = await tx.insert(events).values({ userId, type, data }).returning({ id: events.id });
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(userId)})`);
    return row!.id;
  }

  /**
   * Stores one event for each of several users and notifies all processes when `tx` commits, in
   * one statement (a change told to a requester and every approver of a device).
   */
  static async publishToAll(tx: Db, userIds: ReadonlyArray<number>, type: string, data: unknown): Promise<void> {
    if (userIds.length === 0) return;
    await tx.execute(sql`
      with stored as (
        insert into events (user_id, type, data)
        select (u.value)::int, ${type}, ${JSON.stringify(data)}::jsonb from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as u(value)
        returning user_id)
      select pg_notify(${EVENTS_CHANNEL}, user_id::text) from stored`);
  }

  /**
   * Sends a user's events after `afterId` (the replay), then every new one as it arrives.
   * Returns the unsubscribe function.
   */
  subscribe(userId: number, afterId: number, send: (event: PortalEvent) => void): () => void {
    const subscriber: Subscriber = { userId, lastId: afterId, chain: Promise.resolve(), send };
    this.subscribers.add(subscriber);
    this.pump(subscriber);
    return () => { this.subscribers.delete(subscriber); };
  }

  /** The newest event id of a user (0 when none): where a fresh connection starts. */
  async latestId(userId: number): Promise<number> {
    const [row] = await this.database.db.select({ id: sql<number>`coalesce(max(${events.id}), 0)` })
      .from(events).where(eq(events.userId, userId));
    return Number(row?.id ?? 0);
  }

  /**
   * Sends a subscriber the events after its last one. `round` shares reads among the pumps of one
   * notification: each read starts after the notification arrived, so it sees the committed row.
   */
  private pump(s: Subscriber, round?: Map<number, Promise<EventRow[]>>): void {
    s.chain = s.chain.then(async () => {
      if (!this.subscribers.has(s)) return;
      const read = () => this.database.db.select().from(events)
        .where(and(eq(events.userId, s.userId), gt(events.id, s.lastId))).orderBy(asc(events.id)).limit(1000);
      let rows: EventRow[];
      if (round) {
        let shared = round.get(s.lastId);
        // Promise.resolve runs the query once: a drizzle query runs again on every await of it.
        if (!shared) round.set(s.lastId, (shared = Promise.resolve(read())));
        rows = await shared;
      } else {
        rows = await read();
      }
      for (const row of rows) {
        if (!this.subscribers.has(s)) return;
        s.lastId = row.id;
        s.send({ id: row.id, type: row.type, data: row.data });
      }
      if (rows.length === 1000) this.pump(s);
    }).catch(() => undefined);
  }
}
