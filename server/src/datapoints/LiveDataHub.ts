/**
 * Live data points on the event stream (part of EventHub, issue 13). Every event stream gets an
 * id (sent first, as the "stream" event); the client says which devices it watches with PUT
 * /api/event-streams/{id}/data-point-watches, after the server checked it may see each of them.
 * Watches and values travel between server processes on NOTIFY channels, so the stream and the
 * ingest that stored a value may be in different processes. Live events are volatile: they carry
 * no id, are not stored in the events table and are not replayed (the page reads the stored
 * values again on reconnect). The throttle is the ingest's (core LIVE_INTERVAL_MS): one event per
 * stream per flush, with the newest value of each watched data point.
 *
 * Rights are checked when a watch is made and again while it lasts: every process hears the
 * relay's notices (RELAY_CHANNEL: a member's role or membership changed, a company's role rights
 * or groups changed, an access changed), committed with the change, and checks the watches of its
 * streams concerned against the database (watchAccess.ts); every RECHECK_MS it checks all of them
 * (a temporary membership that ran out sends no notice). A device the user may no longer see
 * leaves the watch at once: no value of it reaches the stream afterwards, and the stream is told
 * with a "data-point-watch" event naming the devices it still watches.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { inArray } from "drizzle-orm";
import { DATA_POINT_WATCH_EVENT, DATA_POINTS_EVENT, STREAM_EVENT } from "@portal/core/domain/DataPoint";
import type { Database } from "../db/Database";
import { agents } from "../db/schema";
import { RELAY_CHANNEL } from "../relay/relayContext";
import { DATA_POINTS_CHANNEL, type LiveValue } from "./DataPointIngest";
import { watchableAgents } from "./watchAccess";

/** The NOTIFY channel of watch changes (payload: WatchChange JSON). */
export const WATCHES_CHANNEL = "portal_data_point_watches";
/** The periodic check of every watch (as the relay's full recheck of tunnels). */
export const RECHECK_MS = 30_000;

/** The relay notices that may change what a user sees (relay/Relay.ts RelayNotice). */
type RightsNotice =
  | { readonly type: "access"; readonly userId: number; readonly agentId: number }
  | { readonly type: "member"; readonly userId: number; readonly companyId: number }
  | { readonly type: "company"; readonly companyId: number }
  | { readonly type: string };

interface LiveStream {
  readonly userId: number;
  readonly write: (event: string, data: unknown) => void;
  /** The company of the latest watch (its devices are that company's); null before the first. */
  companyId: number | null;
  agents: ReadonlySet<number>;
}

/** A watch as sent between processes: the stream, its user, the company and the agent ids it may see. */
interface WatchChange {
  readonly stream: string;
  readonly userId: number;
  readonly companyId: number;
  readonly agentIds: ReadonlyArray<number>;
}

export class LiveDataHub {
  private readonly streams = new Map<string, LiveStream>();
  /** Stream ids per watched agent id, for the fan-out. */
  private readonly byAgent = new Map<number, Set<string>>();
  private unlisten: Array<() => Promise<void>> = [];
  private database: Database | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private now: () => number = Date.now;
  /** Watched devices taken away by rechecks, for the tests and the logs. */
  revoked = 0;
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

  /** The instant rights are checked at (buildApp passes the app's clock, so fake clocks apply). */
  useClock(now: () => number): void {
    this.now = now;
  }

  async start(database: Database): Promise<void> {
    this.database = database;
    this.unlisten.push(await database.listen(RELAY_CHANNEL, (payload) => {
      try {
        void this.onNotice(JSON.parse(payload) as RightsNotice);
      } catch {
        // As below.
      }
    }));
    this.timer = setInterval(() => void this.recheck(() => true), RECHECK_MS);
    this.timer.unref();
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
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.streams.clear();
    this.byAgent.clear();
    for (const u of this.unlisten) await u();
    this.unlisten = [];
  }

  /** Registers an open event stream; sends it its id; returns the function that forgets it. */
  open(userId: number, write: (event: string, data: unknown) => void): () => void {
    const id = this.streamId(userId);
    this.streams.set(id, { userId, write, companyId: null, agents: new Set() });
    write(STREAM_EVENT, { stream: id });
    return () => {
      const s = this.streams.get(id);
      if (!s) return;
      for (const a of s.agents) this.unindex(a, id);
      this.streams.delete(id);
    };
  }

  /** Tells every process (this one too) the devices of company `companyId` a stream of `userId` now watches. */
  async watch(stream: string, userId: number, companyId: number, agentIds: ReadonlyArray<number>): Promise<void> {
    const change: WatchChange = { stream, userId, companyId, agentIds };
    if (this.database) await this.database.notify(WATCHES_CHANNEL, JSON.stringify(change));
    else this.apply(change);
  }

  /**
   * Applies a watch change to a stream of this process (a stream of another user is left alone),
   * then checks it once against the database. The PUT checked the rights before its NOTIFY came
   * round; a change of rights committed in between sent its notice while this stream watched
   * nothing yet, so that notice's recheck passed it by, and without this check the watch would
   * deliver until the periodic one (RECHECK_MS). Seen once in the end-to-end run: a member moved
   * to another access category kept the device's values for more than 15 s.
   */
  private apply(change: WatchChange): void {
    const s = this.streams.get(change.stream);
    if (!s || s.userId !== change.userId) return;
    for (const a of s.agents) this.unindex(a, change.stream);
    s.companyId = change.companyId;
    s.agents = new Set(change.agentIds);
    for (const a of s.agents) {
      let set = this.byAgent.get(a);
      if (!set) this.byAgent.set(a, (set = new Set()));
      set.add(change.stream);
    }
    if (s.agents.size > 0) void this.recheck((other) => other === s);
  }

  /** The streams of this process a relay notice concerns are checked again. */
  private async onNotice(notice: RightsNotice): Promise<void> {
    if (notice.type === "member" && "userId" in notice && "companyId" in notice) {
      await this.recheck((s) => s.userId === notice.userId && s.companyId === notice.companyId);
    } else if (notice.type === "company" && "companyId" in notice) {
      await this.recheck((s) => s.companyId === notice.companyId);
    } else if (notice.type === "access" && "agentId" in notice) {
      await this.recheck((s) => s.userId === notice.userId && s.agents.has(notice.agentId));
    }
  }

  /**
   * Checks the watches of this process's streams that `which` picks against the database, and
   * takes away the devices their users may no longer see. Only ever removes: a watch made while
   * the check ran keeps what its own PUT checked. Never throws (a failed check is tried again on
   * the next notice or beat).
   */
  async recheck(which: (s: { readonly userId: number; readonly companyId: number | null; readonly agents: ReadonlySet<number> }) => boolean): Promise<void> {
    const database = this.database;
    if (!database) return;
    const now = this.now();
    await Promise.all([...this.streams].map(async ([id, s]) => {
      if (s.companyId === null || s.agents.size === 0 || !which(s)) return;
      try {
        const checked = [...s.agents];
        const allowed = await watchableAgents(database.db, s.userId, s.companyId, checked, now);
        if (this.streams.get(id) !== s) return;
        // Only what this check looked at: a device a newer watch added meanwhile has its own check.
        const gone = checked.filter((a) => !allowed.has(a) && s.agents.has(a));
        if (gone.length === 0) return;
        for (const a of gone) this.unindex(a, id);
        s.agents = new Set([...s.agents].filter((a) => !gone.includes(a)));
        this.revoked += gone.length;
        const left = s.agents.size === 0 ? [] : await database.db.select({ publicId: agents.publicId }).from(agents).where(inArray(agents.id, [...s.agents]));
        s.write(DATA_POINT_WATCH_EVENT, { stream: id, agents: left.map((a) => a.publicId).sort() });
      } catch {
        // The database is away for a moment: the next notice or beat checks again.
      }
    }));
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
