/**
 * `pnpm bench:audit` in server/ (and part of `pnpm bench`): the audit trail's CSV export of issue
 * 12 over HTTP, from a server process holding 1,000,000 entries (AUDIT_BENCH_ROWS) on PostgreSQL.
 * Baselines measured in the same run: the server's resident set before any export, and while
 * exporting the newest 10,000 entries; then the whole million. Memory stays constant when the
 * peak of the million is about the peak of the 10,000, not 100 times more. The client only counts
 * the bytes and rows it reads and throws them away.
 */
import { fork, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { AUDIT_ROWS, NEWEST, type AuditReady } from "./auditShared";

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

const ask = (child: ChildProcess, type: "rss" | "peak" | "heap"): Promise<number> => new Promise((resolve) => {
  const on = (m: { type: string; rss: number }) => {
    if (m.type !== type) return;
    child.off("message", on);
    resolve(m.rss);
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

if (!(await postgresAvailable())) {
  console.log("PostgreSQL did not answer on 127.0.0.1:5432: the audit export benchmark was skipped.");
} else {
  const child: ChildProcess = fork(join(here, "auditServer.ts"), [], { execArgv: ["--import", "tsx", "--expose-gc"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ready = await new Promise<AuditReady>((resolve, reject) => {
    child.once("message", (m) => resolve(m as AuditReady));
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}`)));
  });
  try {
    const exportUrl = `${ready.url}/api/audit-logs/export`;
    await ask(child, "peak");
    const idle = await ask(child, "rss");
    // The newest 10,000 entries: the same route with a time filter.
    const since = new Date(NEWEST - 9_999 * 1000).toISOString();
    const small = await readExport(`${exportUrl}?filters=${encodeURIComponent(`gte(createdOn,${since})`)}`, ready.headers);
    const smallPeak = await ask(child, "peak");
    // The peak of each quarter of the million: flat quarters mean memory does not grow with rows.
    const quarters: number[] = [];
    const heaps: number[] = [];
    const idleHeap = await ask(child, "heap");
    const all = await readExport(exportUrl, ready.headers, AUDIT_ROWS, async () => {
      quarters.push(await ask(child, "peak"));
      heaps.push(await ask(child, "heap"));
    });
    const allPeak = Math.max(...quarters);
    if (small.rows !== 10_000 || all.rows !== AUDIT_ROWS) throw new Error(`expected 10,000 and ${AUDIT_ROWS} rows, read ${small.rows} and ${all.rows}`);
    console.log(`\nAudit CSV export over HTTP on PostgreSQL (${fmt(AUDIT_ROWS)} entries inserted in ${fmt(ready.insertMs / 1000, 1)} s):`);
    console.log(`  server RSS before any export        ${fmt(idle / MB, 1).padStart(8)} MB`);
    for (const [label, r, peak] of [["newest 10,000 entries (baseline)", small, smallPeak], [`all ${fmt(AUDIT_ROWS)} entries`, all, allPeak]] as const) {
      console.log(`  ${label.padEnd(34)} ${fmt(r.rows / r.seconds).padStart(8)} rows/s  ${fmt(r.bytes / MB / r.seconds, 1)} MB/s  ${fmt(r.bytes / MB, 1)} MB in ${fmt(r.seconds, 1)} s  peak RSS ${fmt(peak / MB, 1)} MB (+${fmt((peak - idle) / MB, 1)} MB)`);
    }
    console.log(`  peak RSS per quarter of the ${fmt(AUDIT_ROWS)}: ${quarters.map((q) => `${fmt(q / MB, 1)} MB`).join(", ")}`);
    console.log(`  JS heap after a full GC: ${fmt(idleHeap / MB, 1)} MB before, then per quarter ${heaps.map((q) => `${fmt(q / MB, 1)} MB`).join(", ")}`);
    console.log(`  peak RSS, ${fmt(all.rows)} / ${fmt(small.rows)} rows: ${fmt(allPeak / smallPeak, 2)}x for ${fmt(all.rows / small.rows)}x the rows`);
  } finally {
    child.send({ type: "stop" });
    await new Promise((resolve) => child.once("exit", resolve));
  }
}
