/**
 * One broker client per broker across server processes sharing a database (MqttBrokerManager's
 * lease): two managers, each on its own connection pool as two processes would be (one embedded
 * database on PGlite), run one broker entry of the real Mosquitto. Exactly one connects and stays
 * connected (before the lease, both connected the same client ID and the broker dropped one for
 * the other, again and again); every process answers the owner's status; a stopping owner gives
 * the client to the other at once. Skips, saying so, when no broker answers on 1883.
 */
import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MQTT_BROKER_STATUS_EVENT } from "@portal/core/wire/events";
import { openDatabase, type Database } from "../src/db/Database";
import { events, mqttBrokers, users } from "../src/db/schema";
import { systemClock } from "../src/http/Clock";
import { MqttBrokerManager } from "../src/mqtt/MqttBrokerManager";
import { SecretBox, secretKeyFromEnv } from "../src/mqtt/secretBox";
import { answers, LOCAL_BROKER } from "./mosquitto";
import { apiHeaders, availableBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const brokerUp = await answers(LOCAL_BROKER.host, LOCAL_BROKER.port);
if (!brokerUp) console.warn(`No MQTT broker answers on ${LOCAL_BROKER.host}:${LOCAL_BROKER.port}: skipped the broker ownership tests.`);
const RENEW_MS = 200;
const LEASE_MS = 1_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(await availableBackends())("one client per MQTT broker across processes on %s", (kind) => {
  // The API process runs no broker client of its own: it answers what the owners stored.
  let t: TestApp;
  let second: Database;
  let admin: string;
  let demo: string;
  let broker: string;
  const managers: MqttBrokerManager[] = [];
  const manager = (database: Database, node: string) => {
    const m = new MqttBrokerManager({
      database, box: new SecretBox(secretKeyFromEnv()), clock: systemClock, connect: true, node, renewMs: RENEW_MS, leaseMs: LEASE_MS,
    });
    managers.push(m);
    return m;
  };
  beforeAll(async () => {
    t = await createTestApp(kind, { mqttClients: false });
    second = kind === "postgres" ? await openDatabase({ kind: "postgres", url: t.url! }) : t.database;
    admin = await signInAs(t.app, "admin@example.com");
    demo = t.demo.companies["demo"]!;
    // Only this test's entry is enabled: the seeded demo broker's client is another test's.
    await t.database.db.update(mqttBrokers).set({ enabled: false });
    const res = await t.app.inject({
      method: "POST", url: "/api/mqtt-brokers", headers: apiHeaders(admin, demo),
      payload: { name: "Shared", host: LOCAL_BROKER.host, port: LOCAL_BROKER.port, clientId: `portal-owner-${kind}-${Date.now()}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    broker = (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
  });
  afterAll(async () => {
    for (const m of managers) await m.stop();
    if (second && second !== t.database) await second.close();
    await t?.close();
  });

  const apiStatus = async (): Promise<string> => {
    const res = await t.app.inject({ method: "GET", url: "/api/mqtt-brokers?page-size=100", headers: apiHeaders(admin, demo) });
    return (res.json() as { data: Array<{ publicId: string; status: { state: string } }> }).data.find((b) => b.publicId === broker)!.status.state;
  };
  const until = async (what: string, ok: () => boolean | Promise<boolean>, ms = 10_000) => {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (await ok()) return;
    throw new Error(`timed out waiting for ${what}`);
  };
  const connectEventsSince = async (since: Date): Promise<number> => {
    const [adminRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@example.com"));
    const rows = await t.database.db.select().from(events)
      .where(and(eq(events.userId, adminRow!.id), eq(events.type, MQTT_BROKER_STATUS_EVENT), gte(events.createdAt, since)));
    return rows.map((e) => e.data as { publicId: string; status: { state: string } })
      .filter((d) => d.publicId === broker && d.status.state === "connected").length;
  };

  it.skipIf(!brokerUp)("one process connects the client and keeps it; the other answers its status; a stopping owner hands it over", async () => {
    const started = new Date();
    const a = manager(t.database, `a-${kind}`);
    const b = manager(second, `b-${kind}`);
    await Promise.all([a.start(), b.start()]);
    await until("a connected client", () => a.runs(broker) || b.runs(broker));
    // Several lease renewals later: still one client, never dropped for the other (one connect).
    await sleep(3 * LEASE_MS);
    expect([a.runs(broker), b.runs(broker)].filter(Boolean)).toHaveLength(1);
    expect(await connectEventsSince(started)).toBe(1);
    expect(await apiStatus()).toBe("connected");
    const [owner, other] = a.runs(broker) ? [a, b] : [b, a];
    const [row] = await t.database.db.select().from(mqttBrokers).where(eq(mqttBrokers.publicId, broker));
    expect(row!.ownerNode).toBe(owner.node);

    // A stopping owner gives the lease back; the other takes the client over at its next renewal.
    const handover = new Date();
    await owner.stop();
    await until("the other process's client", () => other.runs(broker), 5 * RENEW_MS + 3_000);
    await until("the status stored by the new owner", async () => (await apiStatus()) === "connected");
    expect(await connectEventsSince(handover)).toBe(1);
  }, 30_000);

  it("a status whose owner's lease ran out is answered as disconnected", () => {
    const m = manager(t.database, `c-${kind}`);
    const createdAt = new Date("2026-01-01T00:00:00Z");
    const status = { state: "connected" as const, since: "2026-01-02T00:00:00.000Z" };
    const live = new Date(Date.now() + 60_000);
    const gone = new Date(Date.now() - 1_000);
    expect(m.statusOf({ enabled: true, createdAt, status, ownerUntil: live })).toEqual(status);
    expect(m.statusOf({ enabled: true, createdAt, status, ownerUntil: gone })).toEqual({ state: "disconnected", since: gone.toISOString() });
    expect(m.statusOf({ enabled: false, createdAt, status, ownerUntil: live })).toEqual({ state: "disconnected", since: status.since });
    expect(m.statusOf({ enabled: true, createdAt, status: null, ownerUntil: null })).toEqual({ state: "disconnected", since: createdAt.toISOString() });
  });
});
