/**
 * The data-point benchmark's server process (dataPointsBench.ts starts it over IPC, so the MQTT
 * publisher and the event-stream readers do not share its event loop or its CPU time): PGlite with
 * the demo data, the real app (with the built web app, for the frames) listening, its ingest on the machine's Mosquitto with a share group
 * of its own. The parent asks {type: "cpu"} (process.cpuUsage since start, µs), {type: "stats"}
 * (the ingest's counters and the live events written) and {type: "naive", count} (the baseline:
 * `count` samples written with one INSERT each, as an ingest without batching would; ms).
 */
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { buildApp } from "../src/buildApp";
import { agents, companies } from "../src/db/schema";
import { createTestDatabase } from "../test/testDatabase";

const t = await createTestDatabase("pglite");
const db = t.database.db;
const app = await buildApp({
  database: t.database, mqttClients: false, mail: { smtpUrl: undefined }, maxStreamsPerUser: 100_000,
  dataMqttUrl: "mqtt://127.0.0.1:1883", dataMqttShareGroup: `bench-${randomBytes(4).toString("hex")}`,
});
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const res = await fetch(`${url}/api/access-tokens`, {
  method: "POST",
  headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from("admin@example.com::portal-demo").toString("base64")}` },
  body: JSON.stringify({ expiresIn: 86_400 }),
});
const secret = ((await res.json()) as { data: { secretId: string } }).data.secretId;
const company = t.demo.companies["demo"]!;
const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, company));
const [agent] = await db.select({ id: agents.id, publicId: agents.publicId }).from(agents).where(and(eq(agents.companyId, c!.id), isNotNull(agents.vpnAddress)));

process.send!({ type: "ready", url, secret, company, agent: agent!.publicId });

process.on("message", (message: { type: string; count?: number }) => {
  if (message.type === "cpu") process.send!({ type: "cpu", cpu: process.cpuUsage(), at: performance.now() });
  if (message.type === "stats") process.send!({ type: "stats", stats: { ...app.ingest!.stats }, sent: app.portal.events.live.sent });
  if (message.type === "naive") {
    void (async () => {
      const started = performance.now();
      for (let i = 0; i < (message.count ?? 0); i++) {
        await db.execute(sql`insert into data_points (agent_id, name, ts, value) values (${agent!.id}, ${`naive${i % 20}`}, now(), ${i})`);
      }
      process.send!({ type: "naive", ms: performance.now() - started });
    })();
  }
  if (message.type === "stop") {
    void (async () => {
      await app.close();
      await t.close();
      process.exit(0);
    })();
  }
});
