/**
 * Live data-point watches are checked again while they last (issue 13): a user who loses the right
 * to see a device while watching it stops receiving its values at once, whichever change took
 * the right away: a role's rights edited, the member given another role, the member moved to an
 * access category the device is not in. Each change reaches the LiveDataHub as a relay notice at
 * commit; the stream is told (data-point-watch event) and gets no value of the device afterwards,
 * while a watcher who keeps the right goes on receiving the very same values. Real Mosquitto on
 * 127.0.0.1:1883 (the values go through the ingest); skips, saying so, without a broker.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { connect, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_POINT_WATCH_EVENT, DATA_POINTS_EVENT, dataPointTopic, STREAM_EVENT } from "@portal/core/domain/DataPoint";
import { buildApp } from "../src/buildApp";
import { agents, companies } from "../src/db/schema";
import { answers, LOCAL_BROKER } from "./mosquitto";
import { openStream } from "./sseClient";
import { apiHeaders, createTestDatabase, signInAs, type TestDatabase } from "./testDatabase";

const brokerUp = await answers(LOCAL_BROKER.host, LOCAL_BROKER.port);
if (!brokerUp) console.warn(`No MQTT broker answers on ${LOCAL_BROKER.host}:${LOCAL_BROKER.port}: skipped the data-point watch rights tests.`);

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 8000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

type Stream = Awaited<ReturnType<typeof openStream>>;
/** The values of data point `name` a stream received live. */
const received = (stream: Stream, name: string): number[] => stream.live
  .filter((e) => e.event === DATA_POINTS_EVENT)
  .flatMap((e) => (e.data as { values: Array<{ name: string; value: number }> }).values.filter((v) => v.name === name).map((v) => v.value));

/**
 * The ingest's flush beat here (LIVE_INTERVAL_MS, 500 ms, in production): values reach the
 * streams one beat after they are published, and a test waits beats for what must not come.
 */
const FLUSH_MS = 100;

describe.skipIf(!brokerUp)("data-point watches after a change of rights", () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let device: MqttClient;
  let demo: string;
  let boiler: string;
  let admin: string;
  let sequence = 0;

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    app = await buildApp({
      database: db.database, webDist: null, mqttClients: false,
      dataMqttUrl: `mqtt://${LOCAL_BROKER.host}:${LOCAL_BROKER.port}`, dataMqttShareGroup: `test-${randomBytes(4).toString("hex")}`,
      dataFlushMs: FLUSH_MS,
    });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
    demo = db.demo.companies["demo"]!;
    const [c] = await db.database.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, demo));
    // The Boiler Controller is in the "Plant floor" access category (demo data).
    const [a] = await db.database.db.select({ publicId: agents.publicId }).from(agents).where(and(eq(agents.companyId, c!.id), eq(agents.name, "Boiler Controller")));
    boiler = a!.publicId;
    admin = await signInAs(app, "admin@example.com");
    device = connect(`mqtt://${LOCAL_BROKER.host}:${LOCAL_BROKER.port}`, { clientId: `test-device-${randomBytes(4).toString("hex")}` });
    await new Promise<void>((resolve) => device.once("connect", () => resolve()));
    // The ingest subscribes once connected, and QoS 0 keeps nothing for it before: a warm-up
    // value (another data point than the tests' probe) until the ingest has taken one.
    expect(await until(() => {
      device.publish(dataPointTopic(boiler), JSON.stringify({ values: { warmup: 1 } }));
      return app.ingest!.stats.received > 0;
    })).toBe(true);
  });
  afterAll(async () => {
    device?.end(true);
    await app?.close();
    await db?.close();
  });

  const call = async (method: "GET" | "PATCH" | "PUT", url: string, secret: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: apiHeaders(secret, demo), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, data: (res.json() as { data: unknown }).data };
  };

  /** A stream of the user watching the Boiler Controller. */
  const watching = async (secret: string): Promise<Stream> => {
    const stream = await openStream(base, secret);
    await stream.waitForLive(1);
    const id = (stream.live.find((e) => e.event === STREAM_EVENT)!.data as { stream: string }).stream;
    const put = await call("PUT", `/api/event-streams/${id}/data-point-watches`, secret, { agents: [boiler] });
    expect(put.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    return stream;
  };

  /** Publishes a new value of `probe` and waits until `witness` (who may see the device) has it. */
  const publishSeenBy = async (witness: Stream): Promise<number> => {
    const value = ++sequence;
    device.publish(dataPointTopic(boiler), JSON.stringify({ values: { probe: value } }));
    expect(await until(() => received(witness, "probe").includes(value))).toBe(true);
    return value;
  };

  /**
   * `watcher` gets the values until `revoke` runs; then its stream is told it watches nothing, and
   * a value the admin's stream (who keeps the right) receives never reaches it.
   */
  const stopsOnRevoke = async (secret: string, revoke: () => Promise<void>) => {
    const watcher = await watching(secret);
    const witness = await watching(admin);
    const before = await publishSeenBy(witness);
    expect(await until(() => received(watcher, "probe").includes(before))).toBe(true);

    await revoke();
    expect(await until(() => watcher.live.some((e) => e.event === DATA_POINT_WATCH_EVENT))).toBe(true);
    expect(watcher.live.find((e) => e.event === DATA_POINT_WATCH_EVENT)!.data).toEqual({ stream: expect.any(String), agents: [] });
    const after = await publishSeenBy(witness);
    // A few more flush beats: nothing of the device reaches the watcher any more.
    await new Promise((r) => setTimeout(r, 4 * FLUSH_MS));
    expect(received(watcher, "probe")).not.toContain(after);
    expect(received(witness, "probe")).toContain(after);
    watcher.close();
    witness.close();
  };

  const roleId = async (name: string) => {
    const list = (await call("GET", "/api/roles", admin)).data as Array<{ publicId: string; name: string; rights: string[] }>;
    return list.find((r) => r.name === name)!;
  };
  const userId = async (email: string) => {
    const list = (await call("GET", "/api/users?pageSize=100", admin)).data as Array<{ publicId: string; email: string }>;
    return list.find((u) => u.email === email)!.publicId;
  };

  it("stops when the user's role loses the rights (role rights edited)", async () => {
    const engineer = await signInAs(app, "engineer@example.com");
    const role = await roleId("Engineer");
    await stopsOnRevoke(engineer, async () => {
      const res = await call("PATCH", `/api/roles/${role.publicId}`, admin, { rights: role.rights.filter((r) => r !== "use:access-requests") });
      expect(res.status).toBe(200);
    });
    // The watch cannot be made again either.
    const again = await openStream(base, engineer);
    await again.waitForLive(1);
    const id = (again.live.find((e) => e.event === STREAM_EVENT)!.data as { stream: string }).stream;
    expect((await call("PUT", `/api/event-streams/${id}/data-point-watches`, engineer, { agents: [boiler] })).status).toBe(403);
    again.close();
  });

  it("stops when the member is given a role without the rights", async () => {
    const approver = await signInAs(app, "approver@example.com");
    const translator = await roleId("Translator");
    const member = await userId("approver@example.com");
    await stopsOnRevoke(approver, async () => {
      expect((await call("PATCH", `/api/users/${member}`, admin, { role: { publicId: translator.publicId } })).status).toBe(200);
    });
  });

  it("stops when the member is moved to an access category the device is not in", async () => {
    const shiftLead = await signInAs(app, "shift-lead@example.com");
    const audiences = (await call("GET", "/api/audiences", admin)).data as Array<{ publicId: string; name: string }>;
    const office = audiences.find((a) => a.name === "Office")!;
    const member = await userId("shift-lead@example.com");
    await stopsOnRevoke(shiftLead, async () => {
      expect((await call("PATCH", `/api/users/${member}/audience`, admin, { audience: { publicId: office.publicId } })).status).toBe(200);
    });
  });

  it("checks a watch when it is applied: a change of rights between the PUT's check and its NOTIFY still ends it", async () => {
    // The shift lead is in Office by now (the test above), which hides the Boiler Controller. The
    // watch is applied as a PUT that checked before that move would apply it: straight to the hub.
    const shiftLead = await signInAs(app, "shift-lead@example.com");
    const stream = await openStream(base, shiftLead);
    await stream.waitForLive(1);
    const id = (stream.live.find((e) => e.event === STREAM_EVENT)!.data as { stream: string }).stream;
    const { users } = await import("../src/db/schema");
    const [u] = await db.database.db.select({ id: users.id }).from(users).where(eq(users.email, "shift-lead@example.com"));
    const [c] = await db.database.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, demo));
    const [a] = await db.database.db.select({ id: agents.id }).from(agents).where(eq(agents.publicId, boiler));
    const witness = await watching(admin);
    await app.portal.events.live.watch(id, u!.id, c!.id, [a!.id]);
    expect(await until(() => stream.live.some((e) => e.event === DATA_POINT_WATCH_EVENT))).toBe(true);
    expect(stream.live.find((e) => e.event === DATA_POINT_WATCH_EVENT)!.data).toEqual({ stream: id, agents: [] });
    const after = await publishSeenBy(witness);
    await new Promise((r) => setTimeout(r, 4 * FLUSH_MS));
    expect(received(stream, "probe")).not.toContain(after);
    stream.close();
    witness.close();
  });

  it("keeps the watch of a user who still may see the device when rights change in the company", async () => {
    const witness = await watching(admin);
    const watcher = await watching(admin);
    const approverRole = await roleId("Approver");
    expect((await call("PATCH", `/api/roles/${approverRole.publicId}`, admin, { rights: approverRole.rights.filter((r) => r !== "use:audit-logs") })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    const value = await publishSeenBy(witness);
    expect(await until(() => received(watcher, "probe").includes(value))).toBe(true);
    expect(watcher.live.some((e) => e.event === DATA_POINT_WATCH_EVENT)).toBe(false);
    watcher.close();
    witness.close();
  });
});
