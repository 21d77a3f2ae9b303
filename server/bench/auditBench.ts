/**
 * `pnpm bench:audit` in server/ (and part of `pnpm bench`): the audit trail's CSV export of issue
 * 12 over HTTP, from a server process holding 1,000,000 entries (AUDIT_BENCH_ROWS) on PostgreSQL
 * (AUDIT_BENCH_DB=pglite: on PGlite, a data directory on disk). This process makes and fills the
 * database, then forks the server (auditServer.ts) on it.
 * Baselines measured in the same run: the server's resident set before any export, and while
 * exporting the newest 10,000 entries; then the whole million. Memory stays constant when the
 * peak of the million is about the peak of the 10,000, not 100 times more. The client only counts
 * the bytes and rows it reads and throws them away.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database } from "../src/db/Database";
import { companies, users } from "../src/db/schema";
import { loadDemo } from "../src/seed/loadDemo";
import { createTestDatabase } from "../test/testDatabase";
import { AUDIT_ROWS, NEWEST, type AuditReady } from "./auditShared";

const onPglite = process.env["AUDIT_BENCH_DB"] === "pglite";

const here = dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres", connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Peak { rss: number; heapTotal: number; outside: number }
/** The demo data plus AUDIT_ROWS renames of 1,000 group types by turns, each with a before and after like the real ones. */
async function fill(database: Database, demoCompany: string): Promise<number> {
  const db = database.db;
  const [demo] = await db.select({ id: companies.id }).from(companies).where(sql`${companies.publicId} = ${demoCompany}`);
  const [admin] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = 'admin@example.com'`);
  const started = Date.now();
  // PGlite takes the million in steps (one statement would hold it all in its memory at once).
  const step = onPglite ? 100_000 : AUDIT_ROWS;
  for (let from = 1; from <= AUDIT_ROWS; from += step) {
    await db.execute(sql`
      insert into audit_logs (public_id, company_id, actor_user_id, action, topic, target, before, after, client_address, created_at)
      select 'b' || lpad(to_hex(g), 11, '0'), ${demo!.id}::int, ${admin!.id}::int,
             (array['CREATE','UPDATE','DELETE','TRIGGER'])[1 + g % 4], 'GroupType', 't' || lpad((g % 1000)::text, 11, '0'),
             jsonb_build_object('name', 'Line ' || g, 'color', '#1f77b4', 'order', g % 1000 * 1000),
             jsonb_build_object('name', 'Line ' || g || ', "renamed"', 'color', '#ff7f0e', 'order', g % 1000 * 1000),
             '127.0.0.1', ${new Date(NEWEST).toISOString()}::timestamptz - ((${AUDIT_ROWS}::int - g) || ' seconds')::interval
      from generate_series(${from}::int, ${Math.min(AUDIT_ROWS, from + step - 1)}::int) g`);
  }
  await db.execute(sql`analyze audit_logs`);
  return Date.now() - started;
}

const ask = <T = number>(child: ChildProcess, type: "rss" | "peak" | "heap"): Promise<T> => new Promise((resolve) => {
  const on = (m: { type: string; rss: number }) => {
    if (m.type !== type) return;
    child.off("message", on);
    resolve((type === "peak" ? m : m.rss) as T);
  };
  child.on("message", on);
  child.send({ type });
});

/**
 * Reads the export to its end: rows (CRLF count minus the header), bytes, seconds. With
 * `quarter`, calls it as each quarter of `expected` rows has been read (to sample memory).
 */
async function readExport(url: string, headers: Record<string, string>, expected = 0, quarter?: (index: number) => Promise<void>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let lastWasCr = false;
  let next = 1;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] === 10 && (i > 0 ? chunk[i - 1] === 13 : lastWasCr)) lines++;
    }
    lastWasCr = chunk[chunk.length - 1] === 13;
    while (quarter && next <= 3 && lines - 1 >= (expected * next) / 4) await quarter(next++);
  }
  if (quarter) await quarter(4);
  return { rows: lines - 1, bytes, seconds: (performance.now() - started) / 1000 };
}

if (!onPglite && !(await postgresAvailable())) {
  console.log("PostgreSQL did not answer on 127.0.0.1:5432: the audit export benchmark was skipped.");
} else {
  const pgliteDir = onPglite ? mkdtempSync(join(tmpdir(), "audit-bench-")) : null;
  let database: Database;
  let demoCompany: string;
  let dropDatabase: () => Promise<void>;
  let serverEnv: Record<string, string>;
  if (pgliteDir) {
    database = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
    demoCompany = (await loadDemo(database.db)).companies["demo"]!;
    serverEnv = { AUDIT_PGLITE_DIR: pgliteDir };
    dropDatabase = async () => rmSync(pgliteDir, { recursive: true, force: true });
  } else {
    const t = await createTestDatabase("postgres");
    database = t.database;
    demoCompany = t.demo.companies["demo"]!;
    serverEnv = { AUDIT_DATABASE_URL: t.url! };
    dropDatabase = async () => { await t.close(); };
  }
  const insertMs = await fill(database, demoCompany);
  // PGlite is one process's: the server opens the directory once this one let it go.
  if (pgliteDir) await database.close();
  const child: ChildProcess = fork(join(here, "auditServer.ts"), [], {
    execArgv: ["--import", "tsx", "--expose-gc"], stdio: ["ignore", "inherit", "inherit", "ipc"], env: { ...process.env, ...serverEnv },
  });
  const ready = await new Promise<AuditReady>((resolve, reject) => {
    child.once("message", (m) => resolve(m as AuditReady));
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}`)));
  });
  try {
    const token = await fetch(`${ready.url}/api/access-tokens`, {
      method: "POST",
      headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from("admin@example.com::portal-demo").toString("base64")}` },
      body: JSON.stringify({ expiresIn: 86_400 }),
    });
    const secret = ((await token.json()) as { data: { secretId: string } }).data.secretId;
    const headers = { "api-version": "2", authorization: `Bearer ${secret}`, "api-company": demoCompany };
    const exportUrl = `${ready.url}/api/audit-logs/export`;
    await ask(child, "peak");
    const idle = await ask(child, "rss");
    // The newest 10,000 entries: the same route with a time filter.
    const since = new Date(NEWEST - 9_999 * 1000).toISOString();
    const small = await readExport(`${exportUrl}?filters=${encodeURIComponent(`gte(createdOn,${since})`)}`, headers);
    const smallPeak = await ask<Peak>(child, "peak");
    // The peak of each quarter of the million: flat quarters mean memory does not grow with rows.
    const quarters: Peak[] = [];
    const heaps: number[] = [];
    const idleHeap = await ask(child, "heap");
    const all = await readExport(exportUrl, headers, AUDIT_ROWS, async () => {
      quarters.push(await ask<Peak>(child, "peak"));
      heaps.push(await ask(child, "heap"));
    });
    const allPeak = Math.max(...quarters.map((q) => q.rss));
    if (small.rows !== 10_000 || all.rows !== AUDIT_ROWS) throw new Error(`expected 10,000 and ${AUDIT_ROWS} rows, read ${small.rows} and ${all.rows}`);
    const mb = (n: number) => `${fmt(n / MB, 1)} MB`;
    console.log(`\nAudit CSV export over HTTP on ${onPglite ? "PGlite (data directory on disk)" : "PostgreSQL"} (${fmt(AUDIT_ROWS)} entries inserted in ${fmt(insertMs / 1000, 1)} s):`);
    console.log(`  server RSS before any export        ${fmt(idle / MB, 1).padStart(8)} MB`);
    for (const [label, r, peak] of [["newest 10,000 entries (baseline)", small, smallPeak.rss], [`all ${fmt(AUDIT_ROWS)} entries`, all, allPeak]] as const) {
      console.log(`  ${label.padEnd(34)} ${fmt(r.rows / r.seconds).padStart(8)} rows/s  ${fmt(r.bytes / MB / r.seconds, 1)} MB/s  ${fmt(r.bytes / MB, 1)} MB in ${fmt(r.seconds, 1)} s  peak RSS ${fmt(peak / MB, 1)} MB (+${fmt((peak - idle) / MB, 1)} MB)`);
    }
    console.log(`  peak RSS per quarter of the ${fmt(AUDIT_ROWS)}: ${quarters.map((q) => mb(q.rss)).join(", ")}`);
    console.log(`  peak V8 heap reserved / outside the heap (Buffers): 10,000 ${mb(smallPeak.heapTotal)} / ${mb(smallPeak.outside)}; per quarter ${quarters.map((q) => `${mb(q.heapTotal)} / ${mb(q.outside)}`).join(", ")}`);
    console.log(`  JS heap after a full GC: ${fmt(idleHeap / MB, 1)} MB before, then per quarter ${heaps.map((q) => `${fmt(q / MB, 1)} MB`).join(", ")}`);
    console.log(`  peak RSS, ${fmt(all.rows)} / ${fmt(small.rows)} rows: ${fmt(allPeak / smallPeak.rss, 2)}x for ${fmt(all.rows / small.rows)}x the rows`);
  } finally {
    child.send({ type: "stop" });
    await new Promise((resolve) => child.once("exit", resolve));
    await dropDatabase();
  }
}
