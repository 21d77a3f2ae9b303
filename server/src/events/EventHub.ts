/**
 * Realtime events for signed-in users. An event is a row of the events table, written in the
 * transaction of the change that caused it, plus a NOTIFY on one channel. Every server process
 * LISTENs on that channel, so a client connected to any process of the same database gets it.
 *
 * Each subscriber reads "events after the last one I sent" from the table, so a reconnect with
 * Last-Event-ID, a missed notification or a race with the replay loses nothing. "After" is in
 * (transaction id, id) order, and only up to the oldest transaction still running: ids come from
 * a sequence in insert order, so two transactions can commit in the other order, and a reader
 * that had moved past the later id never saw the earlier one (seen: an approval's notice lost
 * while the MQTT status events of the same users were being written). Every transaction that
 * could still add an event older than the cursor has ended once its xid is below the snapshot's
 * xmin; events above it wait, and are read again shortly.
 */
import { sql } from "drizzle-orm";
import { rowsOf } from "../db/Database";
import type { Database, Db } from "../db/Database";
import { events } from "../db/schema";
import { LiveDataHub } from "../datapoints/LiveDataHub";

export const EVENTS_CHANNEL = "portal_events";

/** Where a stream stands: the (transaction id, id) of the last event sent. */
export interface EventCursor {
  readonly xid: number;
  readonly id: number;
}

/** A cursor as the SSE id the client sends back in Last-Event-ID: "xid-id". */
export const encodeCursor = (c: EventCursor): string => `${c.xid}-${c.id}`;

/** The cursor of a Last-Event-ID; undefined when it is not one this server wrote. */
export function decodeCursor(text: string): EventCursor | undefined {
  const m = /^(\d{1,15})-(\d{1,15})$/.exec(text);
  return m ? { xid: Number(m[1]), id: Number(m[2]) } : undefined;
}

/** How soon events held back by an older running transaction are read again. */
export const SETTLE_RETRY_MS = 25;
/**
 * The longest an event waits for older transactions. Past it, it goes out: a transaction left
 * open somewhere on the database server (xids are server-wide) must not stop every stream, and
 * then a still older event can be missed, as before events carried their transaction.
 */
export const SETTLE_MAX_MS = 2000;

interface EventRow {
  readonly id: number;
  readonly xid: number;
  readonly type: string;
  readonly data: unknown;
  /** Written by a transaction older than every running one: no earlier event can still appear. */
  readonly settled: boolean;
}

export interface PortalEvent {
  /** The encoded cursor of this event (encodeCursor). */
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
}

interface Subscriber {
  readonly userId: number;
  last: EventCursor;
  /** Since when (Date.now) an unsettled event has been held back; null when none is. */
  waitingSince: number | null;
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
      const round = new Map<string, Promise<EventRow[]>>();
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
    for (const timer of this.settling.values()) clearTimeout(timer);
    this.settling.clear();
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
   * Sends a user's events after `after` (the replay), then every new one as it arrives.
   * Returns the unsubscribe function.
   */
  subscribe(userId: number, after: EventCursor, send: (event: PortalEvent) => void): () => void {
    const subscriber: Subscriber = { userId, last: after, waitingSince: null, chain: Promise.resolve(), send };
    this.subscribers.add(subscriber);
    this.pump(subscriber);
    return () => { this.subscribers.delete(subscriber); };
  }

  /**
   * Where a fresh connection starts: after every event of a finished transaction (those below the
   * snapshot's xmin), so that the events of transactions still running when it connects reach it.
   */
  async startCursor(): Promise<EventCursor> {
    const [row] = rowsOf<{ xmin: string | number }>(await this.database.db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin`));
    return { xid: Number(row!.xmin) - 1, id: Number.MAX_SAFE_INTEGER };
  }

  /**
   * The cursor of an event id sent before events carried their transaction (a plain number): the
   * event's own, or where a fresh connection starts when it is gone.
   */
  async cursorOfId(userId: number, id: number): Promise<EventCursor> {
    const [row] = rowsOf<{ xid: string | number }>(await this.database.db.execute(sql`select xid from events where id = ${id} and user_id = ${userId}`));
    return row ? { xid: Number(row.xid), id } : this.startCursor();
  }

  /**
   * Sends a subscriber the events after its cursor. `round` shares reads among the pumps of one
   * notification: each read starts after the notification arrived, so it sees the committed row.
   * Events not yet settled (an older transaction still runs) stop the batch: they are read again
   * after SETTLE_RETRY_MS, once per user for all of its streams, for at most SETTLE_MAX_MS.
   */
  private pump(s: Subscriber, round?: Map<string, Promise<EventRow[]>>): void {
    s.chain = s.chain.then(async () => {
      if (!this.subscribers.has(s)) return;
      const from = s.last;
      const read = async () => rowsOf<{ id: string | number; xid: string | number; type: string; data: unknown; settled: boolean }>(await this.database.db.execute(sql`
        select id, xid, type, data, xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint as settled
        from events where user_id = ${s.userId} and (xid, id) > (${from.xid}::bigint, ${from.id}::bigint)
        order by xid, id limit 1000`)).map((r) => ({ id: Number(r.id), xid: Number(r.xid), type: r.type, data: r.data, settled: r.settled }));
      let rows: EventRow[];
      if (round) {
        const key = encodeCursor(from);
        let shared = round.get(key);
        if (!shared) round.set(key, (shared = read()));
        rows = await shared;
      } else {
        rows = await read();
      }
      for (const row of rows) {
        if (!this.subscribers.has(s)) return;
        if (!row.settled) {
          s.waitingSince ??= Date.now();
          if (Date.now() - s.waitingSince < SETTLE_MAX_MS) return this.settleLater(s.userId);
        }
        s.last = { xid: row.xid, id: row.id };
        s.send({ id: encodeCursor(s.last), type: row.type, data: row.data });
      }
      s.waitingSince = null;
      if (rows.length === 1000) this.pump(s);
    }).catch(() => undefined);
  }

  private readonly settling = new Map<number, NodeJS.Timeout>();

  /** Reads a user's streams again soon: some of its events wait for an older transaction. */
  private settleLater(userId: number): void {
    if (this.settling.has(userId)) return;
    const timer = setTimeout(() => {
      this.settling.delete(userId);
      const round = new Map<string, Promise<EventRow[]>>();
      for (const s of this.subscribers) if (s.userId === userId) this.pump(s, round);
    }, SETTLE_RETRY_MS);
    timer.unref();
    this.settling.set(userId, timer);
  }
}
