/**
 * The benchmark's server process (started by bench.ts over IPC, so the load generator does not
 * share this event loop): a fresh database of one kind with the demo data and 100 group types
 * in the demo company, the real portal app listening, and a bare Fastify route serving the very
 * same JSON from memory. On request it also measures the 10,000-key x 3-language translation
 * upsert through the API against one raw `INSERT ... ON CONFLICT` of the same rows. For the
 * hardening figures (bench/hardening.ts) it measures its own event-loop delay between two
 * messages, counts rows written under a prefix, and publishes one event to the admin's streams.
 *
 * argv[2]: "pglite" | "postgres" (a fresh database on TEST_POSTGRES_URL's server, dropped after).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/buildApp";
import { rowsOf } from "../src/db/Database";
import { companies, groupTypes, translations, users } from "../src/db/schema";
import { EventHub } from "../src/events/EventHub";
import { newPublicId } from "../src/ids";
import { createTestDatabase, type BackendKind } from "../test/testDatabase";

export const LIST_URL = "/api/group-types?fields=color,name,order&page-size=100";
export const UPSERT_KEYS = 10_000;

export interface Ready {
  readonly type: "ready";
  readonly realUrl: string;
  readonly bareUrl: string;
  readonly headers: Record<string, string>;
  readonly rows: number;
  readonly bytes: number;
}

/** Event-loop delay of this process between "loop-start" and "loop-stop" (perf_hooks). */
export interface LoopDelay {
  readonly type: "loop";
  readonly maxMs: number;
  readonly p99Ms: number;
  readonly meanMs: number;
}

export interface Count {
  readonly type: "count";
  /** Rows whose key starts with the prefix. */
  readonly rows: number;
  /** How many of the given keys have a row. */
  readonly ofKeys: number;
}

export interface UpsertTimes {
  readonly type: "upsert";
  /** Milliseconds of each run, in order. */
  readonly apiMs: number[];
  readonly rawMs: number[];
}

const send = (message: Ready | UpsertTimes | LoopDelay | Count | { type: "ok" }) => process.send!(message);

const kind = (process.argv[2] ?? "pglite") as BackendKind;
const t = await createTestDatabase(kind);
const db = t.database.db;
const demo = t.demo.companies["demo"]!;
const [demoRow] = await db.select({ id: companies.id }).from(companies).where(sql`${companies.publicId} = ${demo}`);
const [acmeRow] = await db.select({ id: companies.id }).from(companies).where(sql`${companies.publicId} = ${t.demo.companies["acme"]!}`);
const existing = (await db.select({ id: groupTypes.id }).from(groupTypes).where(sql`${groupTypes.companyId} = ${demoRow!.id}`)).length;
await db.insert(groupTypes).values(Array.from({ length: 100 - existing }, (_, i) => ({
  publicId: newPublicId(), companyId: demoRow!.id, name: `Bench type ${i + 1}`, color: `#${(i * 2654435).toString(16).padStart(6, "0").slice(-6)}`, order: existing + i,
})));

// The fan-out benchmark holds thousands of streams of one user.
const app = await buildApp({ database: t.database, webDist: null, maxStreamsPerUser: 10_000 });
const loop = monitorEventLoopDelay({ resolution: 5 });
await app.listen({ port: 0, host: "127.0.0.1" });
const realUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const signIn = await fetch(`${realUrl}/api/access-tokens`, {
  method: "POST",
  headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from("admin@example.com::portal-demo").toString("base64")}` },
  body: JSON.stringify({ expiresIn: 86_400 }),
});
const secret = ((await signIn.json()) as { data: { secretId: string } }).data.secretId;
const headers = { "api-version": "2", authorization: `Bearer ${secret}`, "api-company": demo };
const listRes = await fetch(`${realUrl}${LIST_URL}`, { headers });
const body = await listRes.text();
const rows = (JSON.parse(body) as { data: unknown[] }).data.length;

// The baseline: the same bytes from memory, through Fastify's plain routing and reply.
const bare = Fastify({ logger: false });
bare.get("/api/group-types", async (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
await bare.listen({ port: 0, host: "127.0.0.1" });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

send({ type: "ready", realUrl, bareUrl, headers, rows, bytes: Buffer.byteLength(body) });

const rowsFor = (prefix: string) =>
  Array.from({ length: UPSERT_KEYS }, (_, i) => ({ key: `${prefix}_${i}`, languages: { en: `Text ${i}`, de: `Text ${i} de`, nl: `Text ${i} nl` } }));

/** Alternating runs with fresh keys each time: API upsert into the demo company, raw insert into Acme's. */
async function measureUpsert(runs: number): Promise<UpsertTimes> {
  const apiMs: number[] = [];
  const rawMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    const apiRows = rowsFor(`API${run}`);
    const started = performance.now();
    const res = await fetch(`${realUrl}/api/translations?mode=upsert`, {
      method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(apiRows),
    });
    if (res.status !== 200) throw new Error(`upsert answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    apiMs.push(performance.now() - started);

    const rawRows = rowsFor(`RAW${run}`).map((r) => ({ publicId: newPublicId(), companyId: acmeRow!.id, key: r.key, languages: r.languages }));
    const rawStarted = performance.now();
    await db.insert(translations).values(rawRows)
      .onConflictDoUpdate({ target: [translations.companyId, translations.key], set: { languages: sql`excluded.languages` } });
    rawMs.push(performance.now() - rawStarted);
  }
  return { type: "upsert", apiMs, rawMs };
}

const [admin] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = 'admin@example.com'`);

process.on("message", (message: { type: string; runs?: number; prefix?: string; keys?: string[] }) => {
  if (message.type === "loop-start") {
    loop.reset();
    loop.enable();
    send({ type: "ok" });
  } else if (message.type === "loop-stop") {
    loop.disable();
    send({ type: "loop", maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6, meanMs: loop.mean / 1e6 });
  } else if (message.type === "count") {
    void db.execute(sql`select count(*) as n, count(*) filter (where key in (select jsonb_array_elements_text(${JSON.stringify(message.keys ?? [])}::jsonb))) as k
        from translations where key like ${`${message.prefix}%`}`)
      .then((r) => {
        const row = rowsOf<{ n: string | number; k: string | number }>(r)[0]!;
        send({ type: "count", rows: Number(row.n), ofKeys: Number(row.k) });
      });
  } else if (message.type === "publish") {
    void EventHub.publish(db, admin!.id, "BenchEvent", { at: Date.now() }).then(() => send({ type: "ok" }));
  } else if (message.type === "upsert") {
    void measureUpsert(message.runs ?? 3).then(send, (e: unknown) => { console.error(e); process.exit(1); });
  } else if (message.type === "stop") {
    void (async () => {
      await bare.close();
      await app.close();
      await t.close();
      process.exit(0);
    })();
  }
});
