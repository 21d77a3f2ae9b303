/**
 * The data-point ingest (issue 13): a dedicated MQTT subscriber on the platform's device broker
 * (PORTAL_DATA_MQTT_URL) that takes every message on `portal/agents/{publicId}/data-points`,
 * decodes it with core's DataPointMessage (a bad message is dropped whole and counted), buffers
 * the samples and writes them every LIVE_INTERVAL_MS in ONE transaction: one multi-row INSERT
 * into data_points and one upsert of data_point_latest, never one INSERT per message. After the
 * commit, the newest sample of each data point of the flush goes out on the DATA_POINTS_CHANNEL
 * NOTIFY, which every server process's LiveDataHub forwards to the event streams watching it.
 *
 * Why not the companies' MQTT broker clients (MqttBrokerManager): those connect brokers a company
 * configured, with the company's own topics and credentials, each run by one process only (the
 * holder of the broker's lease, since the client ids are fixed). Device agents publish to the platform's broker under their publicId; this
 * subscriber uses a shared subscription (`$share/portal-ingest/...`), so several server processes
 * split the messages between them without storing any twice.
 */
import { randomBytes } from "node:crypto";
import { connect, type MqttClient } from "mqtt";
import { Result, Schema } from "effect";
import { sql } from "drizzle-orm";
import { agentOfTopic, DATA_POINT_TOPIC_FILTER, DataPointMessage } from "@portal/core/domain/DataPoint";
import { acceptedTime, LIVE_INTERVAL_MS, newestPerPoint, type Sample } from "@portal/core/rules/dataPoints";
import { rowsOf, type Database } from "../db/Database";
import { nowOf, type Clock } from "../http/Clock";

/** The NOTIFY channel of live values (payload: LiveBatch JSON). */
export const DATA_POINTS_CHANNEL = "portal_data_points";
/** Largest payload taken; a data-point message is a few hundred bytes. */
export const MESSAGE_MAX_BYTES = 16 * 1024;
/** Samples held at most while the database lags; past this, new messages are dropped and counted (bounded memory). */
export const BUFFER_MAX = 100_000;
/** Most rows one INSERT statement carries; a larger flush is written in several statements of the same transaction. */
const ROWS_PER_STATEMENT = 5000;
/** How long a resolved (or unknown) agent publicId is remembered. */
const AGENT_CACHE_MS = 60_000;
/** NOTIFY payloads stay below PostgreSQL's 8000-byte limit. */
const NOTIFY_MAX_BYTES = 7000;

const decode = Schema.decodeUnknownResult(DataPointMessage);

/** One live value as sent between processes: the agent's id and publicId, the data point, time and value. */
export interface LiveValue {
  readonly agentId: number;
  readonly agent: string;
  readonly name: string;
  readonly ts: number;
  readonly value: number;
}

interface Pending {
  readonly agent: string;
  readonly ts: number;
  readonly values: Readonly<Record<string, number>>;
}

export interface IngestStats {
  received: number;
  stored: number;
  dropped: number;
  unknownAgents: number;
  flushes: number;
}

export interface DataPointIngestOptions {
  readonly database: Database;
  readonly clock: Clock;
  /** The device broker, e.g. mqtt://127.0.0.1:1883. */
  readonly url: string;
  readonly flushMs?: number;
  /**
   * The shared-subscription group; processes of one portal share one ("portal-ingest"). A test
   * on a machine-wide broker takes its own, so that no other portal there takes its messages.
   */
  readonly shareGroup?: string;
  readonly onError?: (error: unknown) => void;
}

export class DataPointIngest {
  readonly stats: IngestStats = { received: 0, stored: 0, dropped: 0, unknownAgents: 0, flushes: 0 };
  private client: MqttClient | null = null;
  private buffer: Pending[] = [];
  private buffered = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly agentIds = new Map<string, { id: number | null; at: number }>();

  constructor(private readonly options: DataPointIngestOptions) {}

  /** Connects (mqtt.js reconnects by itself) and starts the flush beat; never waits for the broker. */
  start(): void {
    const client = connect(this.options.url, {
      clientId: `portal-ingest-${randomBytes(6).toString("hex")}`, clean: true, reconnectPeriod: 2000, connectTimeout: 10_000,
      protocolVersion: 5,
    });
    client.on("connect", () => client.subscribe(`$share/${this.options.shareGroup ?? "portal-ingest"}/${DATA_POINT_TOPIC_FILTER}`, { qos: 0 }));
    client.on("message", (topic, payload) => this.take(topic, payload));
    client.on("error", (e) => this.options.onError?.(e));
    this.client = client;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs ?? LIVE_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops taking messages, writes what is buffered, and disconnects. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await new Promise<void>((resolve) => (this.client ? this.client.end(false, {}, () => resolve()) : resolve()));
    this.client = null;
    await this.flush();
  }

  /** One MQTT message: decoded and buffered, or dropped (and counted) when bad or over the buffer bound. */
  take(topic: string, payload: Buffer): void {
    this.stats.received++;
    const agent = agentOfTopic(topic);
    if (agent === null || payload.length > MESSAGE_MAX_BYTES || this.buffered >= BUFFER_MAX) {
      this.stats.dropped++;
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString("utf8"));
    } catch {
      this.stats.dropped++;
      return;
    }
    const decoded = decode(parsed);
    if (Result.isFailure(decoded)) {
      this.stats.dropped++;
      return;
    }
    const now = nowOf(this.options.clock);
    this.buffer.push({ agent, ts: acceptedTime(decoded.success.ts, now), values: decoded.success.values });
    this.buffered += Object.keys(decoded.success.values).length;
  }

  /** Writes the buffer (serialised: one flush at a time); resolves when it is stored and announced. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch((e: unknown) => this.options.onError?.(e));
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.buffered = 0;
    const ids = await this.resolve([...new Set(batch.map((p) => p.agent))]);
    const samples: Array<Sample & { agent: string }> = [];
    for (const p of batch) {
      const agentId = ids.get(p.agent);
      if (agentId === undefined || agentId === null) {
        this.stats.unknownAgents++;
        continue;
      }
      for (const [name, value] of Object.entries(p.values)) samples.push({ agentId, agent: p.agent, name, ts: p.ts, value });
    }
    if (samples.length === 0) return;
    const newest = newestPerPoint(samples);
    const { db } = this.options.database;
    await db.transaction(async (tx) => {
      for (let i = 0; i < samples.length; i += ROWS_PER_STATEMENT) {
        const rows = JSON.stringify(samples.slice(i, i + ROWS_PER_STATEMENT).map((s) => [s.agentId, s.name, s.ts, s.value]));
        await tx.execute(sql`insert into data_points (agent_id, name, ts, value)
          select (r->>0)::int, r->>1, to_timestamp((r->>2)::float8 / 1000), (r->>3)::float8 from jsonb_array_elements(${rows}::jsonb) as r`);
      }
      const latest = JSON.stringify(newest.map((s) => [s.agentId, s.name, s.ts, s.value]));
      await tx.execute(sql`insert into data_point_latest (agent_id, name, ts, value)
        select (r->>0)::int, r->>1, to_timestamp((r->>2)::float8 / 1000), (r->>3)::float8 from jsonb_array_elements(${latest}::jsonb) as r
        on conflict (agent_id, name) do update set ts = excluded.ts, value = excluded.value where data_point_latest.ts <= excluded.ts`);
    });
    this.stats.stored += samples.length;
    this.stats.flushes++;
    await this.announce(newest.map((s) => ({ agentId: s.agentId, agent: s.agent, name: s.name, ts: s.ts, value: s.value })));
  }

  /** Sends the live values on the NOTIFY channel in payloads under NOTIFY_MAX_BYTES. */
  private async announce(values: ReadonlyArray<LiveValue>): Promise<void> {
    let chunk: LiveValue[] = [];
    let size = 2;
    const send = async () => {
      if (chunk.length > 0) await this.options.database.notify(DATA_POINTS_CHANNEL, JSON.stringify(chunk));
      chunk = [];
      size = 2;
    };
    for (const v of values) {
      const bytes = JSON.stringify(v).length + 1;
      if (size + bytes > NOTIFY_MAX_BYTES) await send();
      chunk.push(v);
      size += bytes;
    }
    await send();
  }

  /** The agent id of each publicId (null: no such agent), cached for AGENT_CACHE_MS. */
  private async resolve(publicIds: ReadonlyArray<string>): Promise<Map<string, number | null>> {
    const now = nowOf(this.options.clock);
    const out = new Map<string, number | null>();
    const missing: string[] = [];
    for (const p of publicIds) {
      const hit = this.agentIds.get(p);
      if (hit && now - hit.at < AGENT_CACHE_MS) out.set(p, hit.id);
      else missing.push(p);
    }
    if (missing.length > 0) {
      const rows = rowsOf<{ id: number; public_id: string }>(await this.options.database.db.execute(
        sql`select id, public_id from agents where public_id in (select jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb))`));
      const found = new Map(rows.map((r) => [r.public_id, Number(r.id)]));
      if (this.agentIds.size > 100_000) this.agentIds.clear();
      for (const p of missing) {
        const id = found.get(p) ?? null;
        this.agentIds.set(p, { id, at: now });
        out.set(p, id);
      }
    }
    return out;
  }
}
