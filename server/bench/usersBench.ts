/**
 * `pnpm bench:users` in server/ (and part of `pnpm bench`): the users list of issue 11 at 10,000
 * members, per database kind (PGlite always; PostgreSQL when 127.0.0.1:5432 or DATABASE_URL
 * answers), under autocannon at 50 connections: the first page (50, by name), a search page
 * ("person 09", case-insensitive in name and e-mail, 1,000 matches), a search for one person, the last page reached by cursor, against a
 * bare Fastify route running the same SQL in the same run. BENCH_SECONDS (default 10) per run.
 */
import { fork, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import type { UsersReady } from "./usersServers";

const SECONDS = Number(process.env["BENCH_SECONDS"] ?? 10);
const here = dirname(fileURLToPath(import.meta.url));
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function postgresAvailable(): Promise<boolean> {
  const candidate = process.env["DATABASE_URL"] ?? process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function load(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: 50, duration: SECONDS, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

async function lastPageUrl(base: string, headers: Record<string, string>): Promise<string> {
  let after: string | null = null;
  let url = `${base}/api/users?page-size=4000`;
  for (;;) {
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { moreAfter: string | null };
    if (body.moreAfter === null) return url.replace("page-size=4000", "page-size=50");
    after = body.moreAfter;
    url = `${base}/api/users?page-size=4000&page-after=${encodeURIComponent(after)}`;
  }
}

async function runKind(kind: "pglite" | "postgres"): Promise<void> {
  const child: ChildProcess = fork(join(here, "usersServers.ts"), [kind], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ready = await new Promise<UsersReady>((resolve, reject) => {
    child.once("message", (m) => resolve(m as UsersReady));
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}`)));
  });
  try {
    const bare = await load(`${ready.bareUrl}/api/users`, {});
    const first = await load(`${ready.realUrl}/api/users?page-size=50`, ready.admin);
    const search = await load(`${ready.realUrl}/api/users?page-size=50&search=PERSON%2009`, ready.admin);
    // One person by a name fragment: what a search usually is, and what the trigram indexes serve.
    const one = await load(`${ready.realUrl}/api/users?page-size=50&search=person%2009999`, ready.admin);
    const last = await load(await lastPageUrl(ready.realUrl, ready.admin), ready.admin);
    console.log(`\nUsers list at 10,000 members on ${kind} (${SECONDS} s each, 50 connections):`);
    for (const [label, r] of [["bare Fastify, same SQL", bare], ["portal, first page", first], ["portal, search 'PERSON 09'", search], ["portal, search 'person 09999'", one], ["portal, a late page by cursor", last]] as const) {
      console.log(`  ${label.padEnd(30)} ${fmt(r.rps).padStart(7)} req/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms${r.bad ? `  (${r.bad} bad)` : ""}`);
    }
    console.log(`  portal first page / bare: ${fmt(first.rps / bare.rps, 2)}x`);
  } finally {
    child.send({ type: "stop" });
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

await runKind("pglite");
if (await postgresAvailable()) await runKind("postgres");
else console.log("\nPostgreSQL did not answer: its run was skipped.");
