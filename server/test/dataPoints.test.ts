/**
 * Device data points (issue 13) end to end with the real Mosquitto on 127.0.0.1:1883: a device
 * publishes on its topic, the server's ingest stores the samples (batched), the API answers the
 * latest values, a downsampled series, the event log and the state analysis, and an event stream
 * that watches the device gets the live values. Bad messages and unknown devices are dropped and
 * counted, never stored. Another company's device is a 404. Skips, saying so, without a broker.
 */
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { connect, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_POINTS_EVENT, dataPointTopic, STREAM_EVENT } from "@portal/core/domain/DataPoint";
import { buildApp } from "../src/buildApp";
import { agents, companies } from "../src/db/schema";
import { answers, LOCAL_BROKER } from "./mosquitto";
import { openStream } from "./sseClient";
import { apiHeaders, createTestDatabase, signInAs, type TestDatabase } from "./testDatabase";
import type { FastifyInstance } from "fastify";

const brokerUp = await answers(LOCAL_BROKER.host, LOCAL_BROKER.port);
if (!brokerUp) console.warn(`No MQTT broker answers on ${LOCAL_BROKER.host}:${LOCAL_BROKER.port}: skipped the data-point ingest tests.`);

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 8000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

/** A device no database of the run knows. */
const UNKNOWN_AGENT = `nosuch${randomBytes(3).toString("hex")}`;

describe.skipIf(!brokerUp)("device data points over MQTT", () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let device: MqttClient;
  let admin: string;
  let acmeAdmin: string;
  let demo: string;
  let acme: string;
  let agent: string;
  let acmeAgent: string;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    app = await buildApp({
      database: db.database, webDist: null, mqttClients: false,
      dataMqttUrl: `mqtt://${LOCAL_BROKER.host}:${LOCAL_BROKER.port}`, dataMqttShareGroup: `test-${randomBytes(4).toString("hex")}`,
    });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
    demo = db.demo.companies["demo"]!;
    acme = db.demo.companies["acme"]!;
    const [c] = await db.database.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, demo));
    const [a] = await db.database.db.select({ publicId: agents.publicId }).from(agents).where(and(eq(agents.companyId, c!.id), isNotNull(agents.vpnAddress)));
    agent = a!.publicId;
    const [ac] = await db.database.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, acme));
    const [aa] = await db.database.db.select({ publicId: agents.publicId }).from(agents).where(eq(agents.companyId, ac!.id));
    acmeAgent = aa!.publicId;
    admin = await signInAs(app, "admin@example.com");
    acmeAdmin = await signInAs(app, "acme-admin@example.com");
    // The broker is shared with every other process of the run (the end-to-end portals' devices
    // publish data points too, for agents this database does not know): this file's ingest takes
    // only its own devices' topics, so that its counters count this file's messages alone (CI
    // failed once on 6 unknown agents where the test sent 1).
    const ownTopics = new Set([agent, acmeAgent, UNKNOWN_AGENT].map(dataPointTopic));
    const take = app.ingest!.take.bind(app.ingest!);
    app.ingest!.take = (topic, payload) => {
      if (ownTopics.has(topic)) take(topic, payload);
    };
    device = connect(`mqtt://${LOCAL_BROKER.host}:${LOCAL_BROKER.port}`, { clientId: `test-device-${randomBytes(4).toString("hex")}` });
    await new Promise<void>((resolve) => device.once("connect", () => resolve()));
    // The ingest subscribes once connected; wait for it before publishing (QoS 0 is not kept).
    await new Promise((r) => setTimeout(r, 500));
  });
  afterAll(async () => {
    device?.end(true);
    await app?.close();
    await db?.close();
  });

  const get = async (url: string, secret = admin, company = demo) => {
    const res = await app.inject({ method: "GET", url, headers: apiHeaders(secret, company) });
    return { status: res.statusCode, body: res.json() as { data: unknown } };
  };
  const publish = (publicId: string, payload: unknown) => device.publish(dataPointTopic(publicId), typeof payload === "string" ? payload : JSON.stringify(payload));

  it("stores what a device publishes and answers its latest values", async () => {
    const now = Date.now();
    const received = app.ingest!.stats.received;
    for (let i = 0; i < 20; i++) publish(agent, { ts: now - 20_000 + i * 1000, values: { temperature: 20 + i, running: i < 10 ? 1 : 0 } });
    expect(await until(async () => ((await get(`/api/agents/${agent}/data-points`)).body.data as unknown[]).length === 2)).toBe(true);
    // All twenty in, not only the first: late ones would count in the next test's figures (it failed once in CI that way).
    expect(await until(() => app.ingest!.stats.received >= received + 20)).toBe(true);
    await app.ingest!.flush();
    const latest = (await get(`/api/agents/${agent}/data-points`)).body.data as Array<{ name: string; value: number }>;
    expect(latest).toEqual([
      expect.objectContaining({ name: "running", value: 0 }),
      expect.objectContaining({ name: "temperature", value: 39 }),
    ]);
    expect(app.ingest!.stats.stored).toBe(40);
    // Batched: far fewer flushes than messages.
    expect(app.ingest!.stats.flushes).toBeLessThan(20);
  });

  it("answers a series in buckets, the event log and the state analysis", async () => {
    const series = await get(`/api/agents/${agent}/data-point-series?name=temperature&period=last-1-hours&points=60`);
    expect(series.status).toBe(200);
    const s = series.body.data as { bucketMs: number; buckets: Array<{ min: number; max: number; count: number }> };
    expect(s.bucketMs).toBe(60_000);
    expect(s.buckets.reduce((a, b) => a + b.count, 0)).toBe(20);
    expect(Math.min(...s.buckets.map((b) => b.min))).toBe(20);
    expect(Math.max(...s.buckets.map((b) => b.max))).toBe(39);
    const log = (await get(`/api/agents/${agent}/data-point-log?name=running&period=last-1-hours`)).body.data as Array<{ value: number; previous: number | null }>;
    expect(log.map((e) => [e.value, e.previous])).toEqual([[0, 1], [1, null]]);
    const states = (await get(`/api/agents/${agent}/data-point-states?name=running&period=last-1-hours`)).body.data as { shares: Array<{ value: number; ms: number }> };
    expect(states.shares.map((x) => x.value).sort()).toEqual([0, 1]);
    expect(states.shares.find((x) => x.value === 1)!.ms).toBe(10_000);
  });

  it("refuses bad queries with a 400 naming the field, and another company's device with a 404", async () => {
    for (const [q, field] of [["name=1bad", "name"], ["name=t&period=tomorrow", "period"], ["name=t&timeZone=Mars/Base", "timeZone"], ["name=t&points=0", "points"], ["name=t&from=x&to=y", "from"]] as const) {
      const res = await get(`/api/agents/${agent}/data-point-series?${q}`);
      expect(res.status, q).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await get(`/api/agents/${acmeAgent}/data-points`)).status).toBe(404);
    expect((await get(`/api/agents/${agent}/data-points`, acmeAdmin, acme)).status).toBe(404);
  });

  it("drops bad messages and unknown devices whole", async () => {
    const before = { ...app.ingest!.stats };
    publish(agent, "not json");
    publish(agent, { values: { temperature: "hot" } });
    publish(agent, { values: { "1bad": 1 } });
    publish(UNKNOWN_AGENT, { values: { temperature: 1 } });
    expect(await until(() => app.ingest!.stats.received >= before.received + 4
      && app.ingest!.stats.dropped - before.dropped >= 3 && app.ingest!.stats.unknownAgents - before.unknownAgents >= 1)).toBe(true);
    await app.ingest!.flush();
    expect(app.ingest!.stats.dropped - before.dropped).toBe(3);
    expect(app.ingest!.stats.unknownAgents - before.unknownAgents).toBe(1);
    expect(app.ingest!.stats.stored).toBe(before.stored);
  });

  it("sends live values to an event stream that watches the device, throttled to the newest", async () => {
    const stream = await openStream(base, admin);
    await stream.waitForLive(1);
    const id = (stream.live.find((e) => e.event === STREAM_EVENT)!.data as { stream: string }).stream;
    // Another company's device cannot be watched.
    const foreign = await app.inject({ method: "PUT", url: `/api/event-streams/${id}/data-point-watches`, headers: apiHeaders(admin, demo), payload: { agents: [acmeAgent] } });
    expect(foreign.statusCode).toBe(404);
    const watch = await app.inject({ method: "PUT", url: `/api/event-streams/${id}/data-point-watches`, headers: apiHeaders(admin, demo), payload: { agents: [agent] } });
    expect(watch.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 10; i++) publish(agent, { values: { pressure: 3 + i } });
    expect(await until(() => stream.live.some((e) => e.event === DATA_POINTS_EVENT
      && (e.data as { values: Array<{ name: string; value: number }> }).values.some((v) => v.name === "pressure" && v.value === 12)))).toBe(true);
    const live = stream.live.filter((e) => e.event === DATA_POINTS_EVENT);
    // Ten messages within a flush or two: at most a few events, each with one value per data point.
    expect(live.length).toBeLessThanOrEqual(4);
    for (const e of live) expect((e.data as { values: unknown[] }).values.length).toBe(1);
    expect(live.every((e) => e.id === undefined)).toBe(true);
    expect(stream.events).toEqual([]); // nothing stored, nothing to replay
    stream.close();
  });
});
