/**
 * Keeps the enabled MQTT broker clients of every company connected and knows each one's live
 * state. It connects at start, follows changes (sync after each change of this process, and a
 * full resync every RESYNC_MS for changes made by another process), reconnects a lost or failed
 * client with core's back-off (reconnectDelayMs), subscribes to the client's topics and keeps the
 * last value per topic (bounded) for the pages that will show them. Each state change is pushed
 * through the event stream (MQTT_BROKER_STATUS_EVENT) to the members of the broker's company.
 *
 * Several server processes may share one database: each broker client is run by one of them, the
 * holder of the broker's lease (mqtt_brokers.owner_node / owner_until, database time). A process
 * claims the enabled brokers whose lease has run out and renews its own every RENEW_MS; a process
 * that stops gives its leases back, one that dies loses them after LEASE_MS, and another takes the
 * client over. Without the lease both would connect the same client ID and the broker would drop
 * one for the other again and again. The owner stores each state in the row (mqtt_brokers.status),
 * so every process answers the same status. BuildAppOptions.mqttClients turns the clients off.
 */
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { MqttClient } from "mqtt";
import type { MqttBrokerStatus } from "@portal/core/domain/MqttBroker";
import { attemptAfterDrop, describeMqttFailure, effectiveClientId, reconnectDelayMs } from "@portal/core/rules/mqttBrokers";
import { MQTT_BROKER_STATUS_EVENT, type MqttBrokerStatusEvent } from "@portal/core/wire/events";
import { rowsOf, type Database } from "../db/Database";
import { companies, mqttBrokers } from "../db/schema";
import { EventHub } from "../events/EventHub";
import { nowOf, type Clock } from "../http/Clock";
import { connectOnce, endClient, type BrokerSettings, type ConnectFailure } from "./mqttConnect";
import type { SecretBox } from "./secretBox";

export type BrokerRow = typeof mqttBrokers.$inferSelect;

/**
 * Every this often the manager renews its leases, claims the brokers nobody holds, and picks up
 * changes made through another server process (a full resync).
 */
export const RENEW_MS = 5_000;
/** How long a lease holds without renewal: a process that died gives its brokers up after this. */
export const LEASE_MS = 15_000;
/** Time-out of one connect attempt of the manager. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** Topics whose last value is kept per broker. */
export const LAST_VALUES_MAX = 1000;

interface Entry {
  readonly row: BrokerRow;
  readonly companyPublicId: string;
  readonly signature: string;
  client: MqttClient | null;
  timer: NodeJS.Timeout | null;
  attempt: number;
  stopped: boolean;
  readonly lastValues: Map<string, string>;
}

const signatureOf = (r: BrokerRow): string =>
  JSON.stringify([r.host, r.port, r.tls, r.clientId, r.username, r.passwordEncrypted, r.topics, r.enabled]);

export interface MqttBrokerManagerOptions {
  readonly database: Database;
  readonly box: SecretBox;
  readonly clock: Clock;
  /** Connect the brokers; false keeps statuses only ("disconnected"), for tools and some tests. */
  readonly connect: boolean;
  readonly onError?: (error: unknown) => void;
  /** Every message a client receives, with the broker's company (issue 13: template runners). */
  readonly onMessage?: (companyId: number, topic: string, payload: Buffer) => void;
  /** This process's name in the leases: RELAY_NODE, else unique per process. */
  readonly node?: string;
  /** RENEW_MS and LEASE_MS, shorter in tests. */
  readonly renewMs?: number;
  readonly leaseMs?: number;
}

export class MqttBrokerManager {
  private readonly entries = new Map<string, Entry>();
  /** The last state this process stored per broker it runs (or disabled), to store only changes. */
  private readonly statuses = new Map<string, MqttBrokerStatus>();
  /** The last status write per broker, so that the next one waits for it. */
  private readonly statusWrites = new Map<string, Promise<void>>();
  private resync: NodeJS.Timeout | null = null;
  private syncing: Promise<void> = Promise.resolve();
  private stopped = false;
  private started = false;
  readonly node: string;

  constructor(private readonly options: MqttBrokerManagerOptions) {
    // RELAY_NODE names a process for the relay as well: with a stable one, a restarted process takes
    // its own leases back at once instead of waiting for them to run out.
    this.node = options.node ?? process.env["RELAY_NODE"] ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  }

  async start(): Promise<void> {
    if (!this.options.connect) return;
    this.started = true;
    await this.syncAll();
    if (this.stopped) return;
    this.resync = setInterval(() => void this.syncAll().catch((e: unknown) => this.options.onError?.(e)), this.options.renewMs ?? RENEW_MS);
    this.resync.unref();
  }

  /** Ends this process's clients and gives their leases back (stored as "disconnected"), so another process takes them over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.resync) clearInterval(this.resync);
    await this.syncing.catch(() => undefined);
    await Promise.all([...this.entries.values()].map((e) => this.drop(e)));
    this.entries.clear();
    if (!this.started) return;
    const since = new Date(nowOf(this.options.clock)).toISOString();
    await this.options.database.db.update(mqttBrokers)
      .set({ ownerNode: null, ownerUntil: null, status: { state: "disconnected", since } })
      .where(eq(mqttBrokers.ownerNode, this.node))
      .catch((e: unknown) => this.options.onError?.(e));
  }

  /**
   * The state of a broker client as its owner stored it, whichever process asks; "disconnected"
   * when it is disabled, was never run, or its owner's lease ran out (the process died and no
   * other has taken it over yet).
   */
  statusOf(row: Pick<BrokerRow, "enabled" | "createdAt" | "status" | "ownerUntil">): MqttBrokerStatus {
    const stored = row.status;
    if (!stored) return { state: "disconnected", since: row.createdAt.toISOString() };
    if (stored.state === "disconnected") return stored;
    if (!row.enabled) return { state: "disconnected", since: stored.since };
    if (row.ownerUntil === null || row.ownerUntil.getTime() < Date.now()) {
      return { state: "disconnected", since: (row.ownerUntil ?? row.createdAt).toISOString() };
    }
    return stored;
  }

  /** Whether this process runs the broker's client and it is connected now. */
  runs(publicId: string): boolean {
    return this.entries.get(publicId)?.client?.connected === true;
  }

  /** The last payload (as text) per topic received by a broker client. */
  lastValues(publicId: string): ReadonlyMap<string, string> {
    return this.entries.get(publicId)?.lastValues ?? new Map();
  }

  /** Follows the stored broker clients of one company (after a change there). */
  syncCompany(companyId: number): Promise<void> {
    return this.queue(() => this.sync(companyId));
  }

  syncAll(): Promise<void> {
    return this.queue(() => this.sync(null));
  }

  private queue(work: () => Promise<void>): Promise<void> {
    if (!this.options.connect || this.stopped) return Promise.resolve();
    this.syncing = this.syncing.catch(() => undefined).then(work);
    return this.syncing;
  }

  private async sync(companyId: number | null): Promise<void> {
    const rows = await this.options.database.db.select({ broker: mqttBrokers, company: companies.publicId }).from(mqttBrokers)
      .innerJoin(companies, eq(companies.id, mqttBrokers.companyId))
      .where(companyId === null ? undefined : eq(mqttBrokers.companyId, companyId));
    const owned = await this.claim(rows.filter((r) => r.broker.enabled).map((r) => r.broker.id));
    const seen = new Set<string>();
    for (const { broker, company } of rows) {
      seen.add(broker.publicId);
      const entry = this.entries.get(broker.publicId);
      if (broker.enabled && !owned.has(broker.id)) {
        // Another process runs it (or took it over after this one's lease ran out).
        if (entry) await this.drop(entry);
        this.entries.delete(broker.publicId);
        this.statuses.delete(broker.publicId);
        continue;
      }
      if (entry && entry.signature === signatureOf(broker)) continue;
      if (entry) await this.drop(entry);
      this.entries.delete(broker.publicId);
      if (!broker.enabled) {
        await this.setStatus(broker, company, { state: "disconnected" });
        continue;
      }
      const fresh: Entry = { row: broker, companyPublicId: company, signature: signatureOf(broker), client: null, timer: null, attempt: 0, stopped: false, lastValues: new Map() };
      this.entries.set(broker.publicId, fresh);
      await this.setStatus(broker, company, { state: "connecting" });
      void this.run(fresh);
    }
    for (const entry of [...this.entries.values()]) {
      if (seen.has(entry.row.publicId) || (companyId !== null && entry.row.companyId !== companyId)) continue;
      await this.drop(entry);
      this.entries.delete(entry.row.publicId);
      this.statuses.delete(entry.row.publicId);
    }
  }

  /**
   * Renews this process's leases among `ids` and claims those nobody holds or whose lease ran out;
   * the ids this process now runs. Two processes claiming at once: the row lock orders them, and
   * the second sees the first's fresh lease.
   */
  private async claim(ids: ReadonlyArray<number>): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const t = mqttBrokers;
    const leaseMs = this.options.leaseMs ?? LEASE_MS;
    const rows = await this.options.database.db.update(t)
      .set({ ownerNode: this.node, ownerUntil: sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(inArray(t.id, [...ids]), eq(t.enabled, true), or(eq(t.ownerNode, this.node), isNull(t.ownerUntil), lt(t.ownerUntil, sql`clock_timestamp()`))))
      .returning({ id: t.id });
    return new Set(rows.map((r) => r.id));
  }

  private settings(row: BrokerRow): BrokerSettings {
    return {
      host: row.host, port: row.port, tls: row.tls, clientId: effectiveClientId(row.clientId, row.publicId), username: row.username,
      password: row.passwordEncrypted === null ? null : this.options.box.open(row.passwordEncrypted),
    };
  }

  private async run(entry: Entry): Promise<void> {
    if (entry.stopped) return;
    let client: MqttClient;
    try {
      client = await connectOnce(this.settings(entry.row), CONNECT_TIMEOUT_MS);
    } catch (e) {
      const failure = e as ConnectFailure;
      if (entry.stopped) return;
      await this.setStatus(entry.row, entry.companyPublicId, {
        state: "error", failure: describeMqttFailure(failure), detail: String(failure.message ?? e).slice(0, 500),
      });
      this.retry(entry);
      return;
    }
    if (entry.stopped) {
      await endClient(client);
      return;
    }
    entry.client = client;
    // The back-off starts again only once this connection has proved stable (attemptAfterDrop):
    // a broker that drops the client at once is not retried every second.
    const connectedAt = Date.now();
    await this.setStatus(entry.row, entry.companyPublicId, { state: "connected" });
    client.on("message", (topic, payload) => {
      this.options.onMessage?.(entry.row.companyId, topic, payload);
      if (!entry.lastValues.has(topic) && entry.lastValues.size >= LAST_VALUES_MAX) return;
      entry.lastValues.set(topic, payload.toString("utf8").slice(0, 10_000));
    });
    let lastError: string | undefined;
    client.on("error", (e: Error) => { lastError = e.message; });
    client.once("close", () => {
      if (entry.stopped) return;
      entry.client = null;
      entry.attempt = attemptAfterDrop(entry.attempt, Date.now() - connectedAt);
      void this.setStatus(entry.row, entry.companyPublicId, { state: "error", failure: "closed", detail: lastError ?? "The broker closed the connection" })
        .then(() => this.retry(entry));
    });
    if (entry.row.topics.length > 0) client.subscribe([...entry.row.topics], { qos: 0 }, () => undefined);
  }

  private retry(entry: Entry): void {
    if (entry.stopped || this.stopped) return;
    const delay = reconnectDelayMs(entry.attempt++, Math.random());
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void this.run(entry).catch((e: unknown) => this.options.onError?.(e));
    }, delay);
    entry.timer.unref();
  }

  private async drop(entry: Entry): Promise<void> {
    entry.stopped = true;
    if (entry.timer) clearTimeout(entry.timer);
    const client = entry.client;
    entry.client = null;
    if (client) {
      client.removeAllListeners("close");
      await endClient(client).catch(() => undefined);
    }
  }

  /**
   * Stores a state in the broker's row and, when it changed, tells the company's members through
   * the event stream. Only while this process holds the lease (or the broker is disabled): a
   * process that lost its lease neither overwrites the new owner's state nor announces its own.
   */
  private setStatus(row: BrokerRow, companyPublicId: string, next: Omit<MqttBrokerStatus, "since">): Promise<void> {
    // One broker's states are stored in the order they happened (a close right after a connect
    // must not be overtaken by the connect's write).
    const chained = (this.statusWrites.get(row.publicId) ?? Promise.resolve()).then(() => this.storeStatus(row, companyPublicId, next));
    this.statusWrites.set(row.publicId, chained);
    void chained.finally(() => { if (this.statusWrites.get(row.publicId) === chained) this.statusWrites.delete(row.publicId); });
    return chained;
  }

  private async storeStatus(row: BrokerRow, companyPublicId: string, next: Omit<MqttBrokerStatus, "since">): Promise<void> {
    const prev = this.statuses.get(row.publicId) ?? row.status ?? undefined;
    if (prev && prev.state === next.state && prev.failure === next.failure && prev.detail === next.detail) return;
    const status: MqttBrokerStatus = { ...next, since: new Date(nowOf(this.options.clock)).toISOString() };
    if (this.stopped) return;
    const data: MqttBrokerStatusEvent = { company: companyPublicId, publicId: row.publicId, status };
    try {
      // The stored state and its event go together; remembered as stored only once they have
      // (a failed write is tried again with the next change, not skipped as already known).
      await this.options.database.db.transaction(async (tx) => {
        const stored = await tx.update(mqttBrokers).set({ status })
          .where(and(eq(mqttBrokers.id, row.id), or(eq(mqttBrokers.ownerNode, this.node), eq(mqttBrokers.enabled, false))))
          .returning({ id: mqttBrokers.id });
        if (stored.length === 0) return;
        const users = rowsOf<{ user_id: number }>(await tx.execute(sql`
          select user_id from memberships where company_id = ${row.companyId}
          union select gm.user_id from group_memberships gm join groups g on g.id = gm.group_id where g.company_id = ${row.companyId}`));
        await EventHub.publishToAll(tx, users.map((u) => Number(u.user_id)), MQTT_BROKER_STATUS_EVENT, data);
      });
      this.statuses.set(row.publicId, status);
    } catch (e) {
      this.options.onError?.(e);
    }
  }
}
