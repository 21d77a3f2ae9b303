/**
 * `pnpm bench` for the server: in one run, per database kind (PGlite always; PostgreSQL when
 * DATABASE_URL is set or 127.0.0.1:5432 answers - on a fresh database that is dropped after):
 *
 * 1. autocannon at 50 connections against the real `GET /api/group-types?fields=color,name,order`
 *    (100 rows) and against a bare Fastify route serving the same JSON from memory; req/s,
 *    p50/p99 and the ratio, with the targets (>= 0.5x throughput, p99 < 25 ms).
 * 2. A 10,000-key x 3-language translation upsert through the API against one raw
 *    `INSERT ... ON CONFLICT` of the same rows on the same database; both times and the ratio
 *    (target <= 2x).
 *
 * 3. The hardening figures (bench/hardening.ts): a mixed read/write load with a count proving no
 *    write was lost, the worst event-loop delay under a bulk call, and an event fanned out to
 *    5,000 streams.
 *
 * The servers run in a child process so the load generator does not share their event loop.
 * BENCH_SECONDS (default 10) sets the duration of each list load run, BENCH_MIXED_SECONDS
 * (default 60) the mixed load, BENCH_STREAMS (default 5000) the number of event streams.
 */
import { fork, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import type { CpuTime, Ready, UpsertTimes } from "./benchServers";
import { LIST_URL } from "./benchShared";
import { bulkUnderWatch, fanOut, mixedLoad } from "./hardening";

const SECONDS = Number(process.env["BENCH_SECONDS"] ?? 10);
const MIXED_SECONDS = Number(process.env["BENCH_MIXED_SECONDS"] ?? 60);
const STREAMS = Number(process.env["BENCH_STREAMS"] ?? 5000);
/** BENCH_ONLY=hardening skips the list and upsert runs (1 and 2); BENCH_ONLY=paths skips the hardening runs (3). */
const ONLY_HARDENING = process.env["BENCH_ONLY"] === "hardening";
const ONLY_PATHS = process.env["BENCH_ONLY"] === "paths";
/** BENCH_ONLY=hit: only the cache-hit comparisons (a quick check of a change to the request path). */
const ONLY_HIT = process.env["BENCH_ONLY"] === "hit";
/** BENCH_ONLY=upsert: only the translation upsert against its statements (BENCH_UPSERT_RUNS runs, default 3). */
const ONLY_UPSERT = process.env["BENCH_ONLY"] === "upsert";
/** BENCH_ONLY=miss: only the cache-miss comparison (a quick check of a change to the list query path). */
const ONLY_MISS = process.env["BENCH_ONLY"] === "miss";
const CONNECTIONS = 50;
const UPSERT_RUNS = Number(process.env["BENCH_UPSERT_RUNS"] ?? 3);
const here = dirname(fileURLToPath(import.meta.url));

interface Load {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const ROUNDS = 3;
/** Slices of one load as one: mean throughput, worst p50 and p99, summed failures. */
const combine = (ls: Load[]): Load => ({
  rps: ls.reduce((a, l) => a + l.rps, 0) / ls.length,
  p50: Math.max(...ls.map((l) => l.p50)),
  p99: Math.max(...ls.map((l) => l.p99)),
  non2xx: ls.reduce((a, l) => a + l.non2xx, 0),
  errors: ls.reduce((a, l) => a + l.errors, 0),
});
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

/** Where PostgreSQL runs come from: DATABASE_URL's server, else the local one when it answers. */
async function postgresServer(): Promise<string | undefined> {
  const candidate = process.env["DATABASE_URL"] ?? process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("select 1");
    return candidate;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function startServers(kind: "pglite" | "postgres", adminUrl: string | undefined): { child: ChildProcess; next: <M>() => Promise<M> } {
  const child = fork(join(here, "benchServers.ts"), [kind], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...(adminUrl ? { TEST_POSTGRES_URL: adminUrl } : {}) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const queue: unknown[] = [];
  const waiting: Array<{ resolve: (m: unknown) => void; reject: (e: Error) => void }> = [];
  child.on("message", (m) => { const w = waiting.shift(); if (w) w.resolve(m); else queue.push(m); });
  // One exit listener for all waits (one per wait went past Node's listener limit).
  child.once("exit", (code) => { for (const w of waiting.splice(0)) w.reject(new Error(`bench server exited with ${code}`)); });
  const next = <M>() => new Promise<M>((resolve, reject) => {
    if (queue.length > 0) return resolve(queue.shift() as M);
    if (child.exitCode !== null) return reject(new Error(`bench server exited with ${child.exitCode}`));
    waiting.push({ resolve: resolve as (m: unknown) => void, reject });
  });
  return { child, next };
}

async function benchOn(kind: "pglite" | "postgres", adminUrl?: string): Promise<void> {
  console.log(`\n== ${kind === "pglite" ? "PGlite (embedded)" : `PostgreSQL (${new URL(adminUrl!).host})`} ==`);
  const { child, next } = startServers(kind, adminUrl);
  try {
    const ready = await next<Ready>();
    const channel = { send: (m: object) => child.send(m), next };
    if (ONLY_HARDENING) {
      await hardeningRuns(ready, channel, kind);
      return;
    }
    if (!ONLY_UPSERT) await listRuns(ready, child, next);
    if (ONLY_HIT || ONLY_MISS) return;
    await upsertRuns(channel);
    if (!ONLY_PATHS && !ONLY_UPSERT) await hardeningRuns(ready, channel, kind);
  } finally {
    child.send({ type: "stop" });
    await new Promise((resolve) => { if (child.exitCode !== null) resolve(null); else child.once("exit", resolve); });
  }
}

/** Hit and miss of the group-type list against bare Fastify (alternating slices). */
async function listRuns(ready: Ready, child: ReturnType<typeof startServers>["child"], next: ReturnType<typeof startServers>["next"]): Promise<void> {
  console.log(`group-type list: ${ready.rows} rows, ${fmt(ready.bytes)} bytes; ${CONNECTIONS} connections, ${SECONDS} s per side in ${ROUNDS} alternating slices (after a 1 s warm-up)`);
  const row = (name: string, l: Load) =>
    console.log(`  ${name.padEnd(44)} ${fmt(l.rps).padStart(8)} req/s   p50 ${fmt(l.p50, 1).padStart(6)} ms   p99 ${fmt(l.p99, 1).padStart(6)} ms   non-2xx ${l.non2xx}, errors ${l.errors}`);
  // Both sides get the same requests (the same headers: parsing them is part of any server's
  // work) and run in alternating slices (3 rounds), so that both see the same
  // machine load: on a shared 2-core machine the load of others changes within seconds.
  // The server process's CPU time per answer of each side: unlike throughput, it hardly moves
  // with the load of other processes, so it tells a change of the request path even on a busy machine.
  const cpuNow = async () => { child.send({ type: "cpu" }); return (await next<CpuTime>()).us; };
  const measured = async (url: string, headers: Record<string, string>, seconds: number, cpu: number[]) => {
    const before = await cpuNow();
    const l = await load(url, headers, seconds);
    cpu.push((await cpuNow() - before) / Math.max(1, l.rps * seconds));
    return l;
  };
  const pair = async (baseName: string, baseUrl: string, baseHeaders: Record<string, string>, name: string, url: string, target: number) => {
    await load(baseUrl, baseHeaders, 1);
    await load(url, ready.headers, 1);
    const slice = Math.max(1, Math.round(SECONDS / ROUNDS));
    const bases: Load[] = [];
    const reals: Load[] = [];
    const baseCpu: number[] = [];
    const realCpu: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bases.push(await measured(baseUrl, baseHeaders, slice, baseCpu));
      reals.push(await measured(url, ready.headers, slice, realCpu));
    }
    console.log(`  server CPU per answer (median of slices): ${baseName} ${fmt(median(baseCpu), 1)} us, portal ${fmt(median(realCpu), 1)} us (${fmt(median(baseCpu) / median(realCpu), 2)}x)`);
    const base = combine(bases);
    const real = combine(reals);
    row(baseName, base);
    row(name, real);
    const ratio = real.rps / base.rps;
    console.log(`  throughput ratio ${fmt(ratio, 2)}x (target >= ${target}x: ${verdict(ratio >= target)}); rounds: ${reals.map((r, i) => fmt(r.rps / bases[i]!.rps, 2)).join(", ")}`);
    if (real.non2xx > 0 || real.errors > 0) console.log("  WARNING: the portal run had failed requests; its figures are not valid");
  };
  if (!ONLY_MISS) {
    console.log(" cache hit (the answer served from the ReadCache):");
    await pair("bare Fastify, same JSON from memory", ready.bareUrl + "/api/group-types", ready.headers, "portal GET /api/group-types (hit)", ready.realUrl + LIST_URL, 0.9);
    await pair("bare Fastify, same JSON and API headers", ready.bareUrl + "/headers/group-types", ready.headers, "portal GET /api/group-types (hit)", ready.realUrl + LIST_URL, 0.9);
  }
  if (ONLY_HIT) return;
  console.log(" cache miss (every request runs the list query; token and rights cached):");
  await pair("bare Fastify running the same SQL", ready.bareUrl + "/sql/group-types", ready.headers, "portal GET /api/group-types (miss)", ready.missUrl + LIST_URL, 0.8);
}

/** The 10,000-key translation upsert through the API against the single statement, with and without audit rows. */
async function upsertRuns(channel: { send: (m: object) => void; next: ReturnType<typeof startServers>["next"] }): Promise<void> {
  const { next } = channel;
  channel.send({ type: "upsert", runs: UPSERT_RUNS });
  const times = await next<UpsertTimes>();
  const api = median(times.apiMs);
  const raw = median(times.rawMs);
  const rawAudit = median(times.rawAuditMs);
  const runs = (xs: number[]) => xs.map((x) => fmt(x)).join(", ");
  console.log(`translation upsert, 10,000 keys x 3 languages (median of ${UPSERT_RUNS}, fresh keys each run):`);
  console.log(`  through the API (POST /api/translations?mode=upsert, HTTP, audit rows)  ${fmt(api).padStart(6)} ms   runs: ${runs(times.apiMs)}`);
  console.log(`  one INSERT ... SELECT FROM jsonb_to_recordset ... ON CONFLICT            ${fmt(raw).padStart(6)} ms   runs: ${runs(times.rawMs)}`);
  console.log(`  the same statement writing the same audit rows                           ${fmt(rawAudit).padStart(6)} ms   runs: ${runs(times.rawAuditMs)}`);
  console.log(`  ratio to the statement ${fmt(api / raw, 2)}x (target <= 1.5x: ${verdict(api / raw <= 1.5)}); to the statement with audit rows ${fmt(api / rawAudit, 2)}x (target <= 1.2x: ${verdict(api / rawAudit <= 1.2)})`);
}

async function hardeningRuns(ready: Ready, channel: Parameters<typeof mixedLoad>[1], kind: string): Promise<void> {
  await mixedLoad(ready, channel, MIXED_SECONDS, kind === "pglite" ? "L" : "P");
  await bulkUnderWatch(ready, channel, kind);
  await fanOut(ready, channel, STREAMS);
}

await benchOn("pglite");
const server = await postgresServer();
if (server) await benchOn("postgres", server);
else console.log("\nPostgreSQL: DATABASE_URL unset and 127.0.0.1:5432 does not answer - skipped the PostgreSQL runs.");
