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
import { writeFileSync } from "node:fs";
import inspector from "node:inspector";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { busyRuns } from "./busyRuns";
import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { successEnvelope } from "@portal/core/wire/envelope";
import { buildApp } from "../src/buildApp";
import { API_HEADERS } from "../src/http/webHeaders";
import { rowsOf } from "../src/db/Database";
import { companies, groupTypes, users } from "../src/db/schema";
import { EventHub } from "../src/events/EventHub";
import { newPublicId } from "../src/ids";
import { createTestDatabase, type BackendKind } from "../test/testDatabase";

export { LIST_URL, UPSERT_KEYS } from "./benchShared";
import { LIST_URL, UPSERT_KEYS } from "./benchShared";

export interface Ready {
  readonly type: "ready";
  readonly realUrl: string;
  /** The portal without cached answers: every list request runs its query (the miss path). */
  readonly missUrl: string;
  /** Bare Fastify: `/api/group-types` from memory, `/sql/group-types` running the portal's query. */
  readonly bareUrl: string;
  readonly headers: Record<string, string>;
  readonly rows: number;
  readonly bytes: number;
}

/** CPU time this process has used so far (all threads), in microseconds. */
export interface CpuTime {
  readonly type: "cpu";
  readonly us: number;
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
  /** One INSERT ... SELECT FROM jsonb_to_recordset ... ON CONFLICT statement, no audit rows. */
  readonly rawMs: number[];
  /** The same statement also writing one audit row per translation (a data-modifying CTE). */
  readonly rawAuditMs: number[];
}

const send = (message: Ready | UpsertTimes | LoopDelay | Count | CpuTime | { type: "ok" }) => process.send!(message);

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
// BENCH_LOOP_PROFILE=1: a CPU profile of the watched call, and its longest busy stretches on stderr.
const loopProfile = process.env["BENCH_LOOP_PROFILE"] ? loopProfiler() : null;
let profiler: ReturnType<typeof loopProfiler> | undefined;
await app.listen({ port: 0, host: "127.0.0.1" });
const realUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const signIn = await fetch(`${realUrl}/api/access-tokens`, {
  method: "POST",
  headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from("admin@example.com::portal-demo").toString("base64")}` },
  body: JSON.stringify({ expiresIn: 86_400 }),
});
const secret = ((await signIn.json()) as { data: { secretId: string } }).data.secretId;
const headers = { "api-version": "2", authorization: `Bearer ${secret}`, "api-company": demo };
// The same app without cached answers; tokens and rights stay cached, as between writes.
// Without MQTT broker clients: two apps of one database would connect the same clients (same ids),
// and the broker would hand each session back and forth between them, a churn of reconnects and
// status writes that no real portal has and that cost the measured app about 30 % more CPU per answer on PGlite.
const missApp = await buildApp({ database: t.database, webDist: null, cachedAnswers: new Set(), mqttClients: false });
await missApp.listen({ port: 0, host: "127.0.0.1" });
const missUrl = `http://127.0.0.1:${(missApp.server.address() as { port: number }).port}`;
const listRes = await fetch(`${realUrl}${LIST_URL}`, { headers });
const body = await listRes.text();
const rows = (JSON.parse(body) as { data: unknown[] }).data.length;

// The baseline: the same bytes from memory, through Fastify's plain routing and reply.
const bare = Fastify({ logger: false });
bare.get("/api/group-types", async (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
// The same bytes with the API's security headers (webHeaders.ts API_HEADERS): tells the cost of the
// headers every API answer carries apart from the cost of the request pipeline.
bare.get("/headers/group-types", async (_request, reply) => reply.headers(API_HEADERS).type("application/json; charset=utf-8").send(body));
// The same SQL as the portal's list handler (first page of 100 by order, publicId), the same
// envelope, and nothing around it: no token, no rights, no query parsing.
bare.get("/sql/group-types", async (_request, reply) => {
  const rows = await db.select().from(groupTypes).where(sql`${groupTypes.companyId} = ${demoRow!.id}`)
    .orderBy(groupTypes.order, groupTypes.publicId).limit(101);
  const data = rows.slice(0, 100).map((r) => ({ publicId: r.publicId, color: r.color, name: r.name, order: r.order }));
  return reply.type("application/json; charset=utf-8").send(JSON.stringify(successEnvelope("GroupType", data, null)));
});
await bare.listen({ port: 0, host: "127.0.0.1" });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

send({ type: "ready", realUrl, missUrl, bareUrl, headers, rows, bytes: Buffer.byteLength(body) });

const rowsFor = (prefix: string) =>
  Array.from({ length: UPSERT_KEYS }, (_, i) => ({ key: `${prefix}_${i}`, languages: { en: `Text ${i}`, de: `Text ${i} de`, nl: `Text ${i} nl` } }));

/**
 * The single statement of the baseline: the rows as one JSON parameter, inserted or changed only
 * where the languages differ; with `audit`, one audit row per written translation in the same
 * statement, with the same fields the API writes.
 */
const rawUpsert = (companyId: number, rows: ReadonlyArray<{ publicId: string; key: string; languages: Record<string, string> }>, audit: boolean) => {
  const upsert = sql`
    insert into translations (public_id, company_id, key, languages)
    select x."publicId", ${companyId}::int, x.key, x.languages
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("publicId" text, key text, languages jsonb)
    on conflict (company_id, key) do update set languages = excluded.languages
    where translations.languages is distinct from excluded.languages`;
  return audit
    ? db.execute(sql`
      with written as (${upsert} returning public_id, key, languages, (xmax = 0) as created)
      insert into audit_logs (public_id, company_id, actor_user_id, action, topic, target, before, after, client_address, created_at)
      select substr(md5(random()::text || w.public_id), 1, 12), ${companyId}::int, ${admin!.id}::int,
             case when w.created then 'CREATE' else 'UPDATE' end, 'Translation', w.public_id, null,
             jsonb_build_object('publicId', w.public_id, 'key', w.key, 'languages', w.languages), '127.0.0.1', now()
      from written w`)
    : db.execute(upsert);
};

/** Alternating runs with fresh keys each time: API upsert into the demo company, raw statements into Acme's. */
async function measureUpsert(runs: number): Promise<UpsertTimes> {
  const apiMs: number[] = [];
  const rawMs: number[] = [];
  const rawAuditMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    const apiRows = rowsFor(`API${run}`);
    const started = performance.now();
    const res = await fetch(`${realUrl}/api/translations?mode=upsert`, {
      method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(apiRows),
    });
    if (res.status !== 200) throw new Error(`upsert answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    apiMs.push(performance.now() - started);

    for (const [audit, times] of [[false, rawMs], [true, rawAuditMs]] as const) {
      // Timed from the rows in memory, as the API's timing starts from its rows in memory too.
      const rawRows = rowsFor(`RAW${audit ? "A" : ""}${run}`).map((r) => ({ publicId: newPublicId(), key: r.key, languages: r.languages }));
      const rawStarted = performance.now();
      await rawUpsert(acmeRow!.id, rawRows, audit);
      times.push(performance.now() - rawStarted);
    }
  }
  return { type: "upsert", apiMs, rawMs, rawAuditMs };
}

const [admin] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = 'admin@example.com'`);

process.on("message", (message: { type: string; runs?: number; prefix?: string; keys?: string[]; file?: string }) => {
  if (message.type === "prof-start") {
    profiler ??= loopProfiler();
    void profiler.start().then(() => send({ type: "ok" }));
  } else if (message.type === "prof-stop") {
    void profiler!.take().then((profile) => { writeFileSync(message.file!, JSON.stringify(profile)); send({ type: "ok" }); });
  } else if (message.type === "cpu") {
    const used = process.cpuUsage();
    send({ type: "cpu", us: used.user + used.system });
  } else if (message.type === "loop-start") {
    loop.reset();
    loop.enable();
    if (loopProfile) void loopProfile.start().then(() => send({ type: "ok" }));
    else send({ type: "ok" });
  } else if (message.type === "loop-stop") {
    loop.disable();
    if (loopProfile) void loopProfile.stop();
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
    void measureUpsert(message.runs ?? 3).then(send, (e: unknown) => { console.error(String(e instanceof Error ? (e.cause ?? e.message) : e).slice(0, 2000)); process.exit(1); });
  } else if (message.type === "stop") {
    void (async () => {
      await bare.close();
      await missApp.close();
      await app.close();
      await t.close();
      process.exit(0);
    })();
  }
});

function loopProfiler() {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) =>
    session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  return {
    start: async () => { await post("Profiler.enable"); await post("Profiler.setSamplingInterval", { interval: 250 }); await post("Profiler.start"); },
    take: async () => ((await post("Profiler.stop")) as { profile: inspector.Profiler.Profile }).profile,
    stop: async () => {
      const { profile } = (await post("Profiler.stop")) as { profile: inspector.Profiler.Profile };
      process.stderr.write(`longest busy stretches of the server during the watched call:\n${busyRuns(profile)}\n`);
    },
  };
}
