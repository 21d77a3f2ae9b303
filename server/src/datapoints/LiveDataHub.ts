/**
 * Live data points on the event stream (part of EventHub, issue 13). Every event stream gets an
 * id (sent first, as the "stream" event); the client says which devices it watches with PUT
 * /api/event-streams/{id}/data-point-watches, after the server checked it may see each of them.
 * Watches and values travel between server processes on NOTIFY channels, so the stream and the
 * ingest that stored a value may be in different processes. Live events are volatile: they carry
 * no id, are not stored in the events table and are not replayed (the page reads the stored
 * values again on reconnect). The throttle is the ingest's (core LIVE_INTERVAL_MS): one event per
 * stream per flush, with the newest value of each watched data point.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { DATA_POINTS_EVENT, STREAM_EVENT } from "@portal/core/domain/DataPoint";
import type { Database } from "../db/Database";
import { DATA_POINTS_CHANNEL, type LiveValue } from "./DataPointIngest";

/** The NOTIFY channel of watch changes (payload: WatchChange JSON). */
export const WATCHES_CHANNEL = "portal_data_point_watches";

interface LiveStream {
  readonly userId: number;
  readonly write: (event: string, data: unknown) => void;
  agents: ReadonlySet<number>;
}

/** A watch as sent between processes: the stream, its user and the agent ids it may see. */
interface WatchChange {
  readonly stream: string;
  readonly userId: number;
  readonly agentIds: ReadonlyArray<number>;
}

export class LiveDataHub {
  private readonly streams = new Map<string, LiveStream>();
  /** Stream ids per watched agent id, for the fan-out. */
  private readonly byAgent = new Map<number, Set<string>>();
  private unlisten: Array<() => Promise<void>> = [];
  private database: Database | null = null;
  /** Live events written, for the benchmark. */
  sent = 0;
  /** Signs stream ids (see streamId); buildApp sets it from the server's secret key, shared by every process. */
  private key: Buffer = randomBytes(32);

  useKey(secret: Buffer): void {
    this.key = createHmac("sha256", secret).update("portal live stream ids").digest();
  }

  private mac(userId: number, nonce: string): string {
    return createHmac("sha256", this.key).update(`${userId}:${nonce}`).digest("base64url").slice(0, 16);
  }

  /**
   * A new stream id of a user: a random nonce and its signature with the user id, so any process
   * can tell whether an id is one of this user's streams (ownedBy) without shared state.
   */
  streamId(userId: number): string {
    const nonce = randomBytes(9).toString("base64url");
    return `${nonce}${this.mac(userId, nonce)}`;
  }

  /** Whether `stream` was made for `userId` (another user's or a made-up id: false). */
  ownedBy(stream: string, userId: number): boolean {
    if (!/^[A-Za-z0-9_-]{28}$/.test(stream)) return false;
    const want = Buffer.from(this.mac(userId, stream.slice(0, 12)));
    return timingSafeEqual(want, Buffer.from(stream.slice(12)));
  }

  async start(database: Database): Promise<void> {
    this.database = database;
    this.unlisten.push(await database.listen(DATA_POINTS_CHANNEL, (payload) => {
      try {
        this.deliver(JSON.parse(payload) as LiveValue[]);
      } catch {
        // A payload this build cannot read (another version mid-upgrade) is skipped.
      }
    }));
    this.unlisten.push(await database.listen(WATCHES_CHANNEL, (payload) => {
      try {
        this.apply(JSON.parse(payload) as WatchChange);
      } catch {
        // As above.
      }
    }));
  }

  async stop(): Promise<void> {
    this.streams.clear();
    this.byAgent.clear();
    for (const u of this.unlisten) await u();
    this.unlisten = [];
  }

  /** Registers an open event stream; sends it its id; returns the function that forgets it. */
  open(userId: number, write: (event: string, data: unknown) => void): () => void {
    const id = this.streamId(userId);
    this.streams.set(id, { userId, write, agents: new Set() });
    write(STREAM_EVENT, { stream: id });
    return () => {
      const s = this.streams.get(id);
      if (!s) return;
      for (const a of s.agents) this.unindex(a, id);
      this.streams.delete(id);
    };
  }

  /** Tells every process (this one too) the devices a stream of `userId` now watches. */
  async watch(stream: string, userId: number, agentIds: ReadonlyArray<number>): Promise<void> {
    const change: WatchChange = { stream, userId, agentIds };
    if (this.database) await this.database.notify(WATCHES_CHANNEL, JSON.stringify(change));
    else this.apply(change);
  }

  /** Applies a watch change to a stream of this process; a stream of another user is left alone. */
  private apply(change: WatchChange): void {
    const s = this.streams.get(change.stream);
    if (!s || s.userId !== change.userId) return;
    for (const a of s.agents) this.unindex(a, change.stream);
    s.agents = new Set(change.agentIds);
    for (const a of s.agents) {
      let set = this.byAgent.get(a);
      if (!set) this.byAgent.set(a, (set = new Set()));
      set.add(change.stream);
    }
  }

  private unindex(agentId: number, stream: string): void {
    const set = this.byAgent.get(agentId);
    set?.delete(stream);
    if (set && set.size === 0) this.byAgent.delete(agentId);
  }

  /** Sends each stream the values of the devices it watches, in one event per stream. */
  deliver(values: ReadonlyArray<LiveValue>): void {
    const per = new Map<string, Array<{ agent: string; name: string; ts: string; value: number }>>();
    for (const v of values) {
      const streams = this.byAgent.get(v.agentId);
      if (!streams) continue;
      const item = { agent: v.agent, name: v.name, ts: new Date(v.ts).toISOString(), value: v.value };
      for (const id of streams) {
        let list = per.get(id);
        if (!list) per.set(id, (list = []));
        list.push(item);
      }
    }
    for (const [id, list] of per) {
      this.streams.get(id)?.write(DATA_POINTS_EVENT, { values: list });
      this.sent++;
    }
  }
}
