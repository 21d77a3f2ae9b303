/**
 * Probe (issue 14): which synchronous slices hold the event loop during the bulk routes on PGlite.
 * The portal in this process on a fresh in-memory PGlite; each bulk route is called over HTTP with
 * 10,000 items (N), and for each call it prints the event-loop delay (perf_hooks), the late ticks
 * of a 2 ms timer, garbage collections, the WAL written, and the PGlite protocol calls (each one
 * runs synchronously on this thread) that took more than 5 ms of CPU, with the statement they
 * belong to. CPU is process.cpuUsage (all threads, so concurrent GC shows too): on a loaded
 * machine wall times mostly measure waiting for a core.
 *
 *   cd server && npx tsx bench/loopProbe.ts            # all bulk routes but DELETE (one statement per item: slow)
 *   ONLY="POST group" PGOPTS="wal_init_zero=on" npx tsx bench/loopProbe.ts   # a route, a PostgreSQL setting
 *   TRAIL=1 ...   # also what ran (PGlite calls, GCs) just before and after each call's worst late tick
 *
 * The load generator shares this process, so a late tick at the very start of a call can be the
 * client's own work; bench/hardening.ts measures from a separate process.
 */
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/buildApp";
import { PGLITE_START_PARAMS, rowsOf } from "../src/db/Database";
import { createTestDatabase } from "../test/testDatabase";

// A later -c wins, so PGOPTS can undo one of ours (PGOPTS="wal_init_zero=on": the state before issue 14).
const extra = (process.env["PGOPTS"] ?? "").split(" ").filter(Boolean).flatMap((o) => ["-c", o]);
(PGLITE_START_PARAMS as string[]).push(...extra);
const kind = (process.argv[2] ?? "pglite") as "pglite" | "postgres";
const N = Number(process.env["N"] ?? 10_000);
const t = await createTestDatabase(kind);
const app = await buildApp({ database: t.database, webDist: null });
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const signIn = await fetch(`${url}/api/access-tokens`, {
  method: "POST",
  headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from("admin@example.com::portal-demo").toString("base64")}` },
  body: JSON.stringify({ expiresIn: 86_400 }),
});
const secret = ((await signIn.json()) as { data: { secretId: string } }).data.secretId;
const h = { "api-version": "2", authorization: `Bearer ${secret}`, "api-company": t.demo.companies["demo"]!, "content-type": "application/json" };

const slow: Array<{ ms: number; what: string }> = [];
const trail: Array<{ at: number; what: string }> = [];
const client = t.database.pglite as unknown as { execProtocolRawSync(m: Uint8Array): Uint8Array } | undefined;
if (client) {
  const orig = client.execProtocolRawSync.bind(client);
  let lastParse = "";
  let seq = 0;
  client.execProtocolRawSync = (m: Uint8Array) => {
    const txt = Buffer.from(m.subarray(0, 200)).toString("latin1").replace(/[^\x20-\x7e]+/g, " ");
    if (m[0] === 0x50) { lastParse = txt.slice(0, 110); seq = 0; }
    seq++;
    const s = performance.now();
    const c = process.cpuUsage();
    try { return orig(m); } finally {
      const ms = performance.now() - s;
      const cu = process.cpuUsage(c);
      const cpu = (cu.user + cu.system) / 1000;
      trail.push({ at: performance.now(), what: `${txt.slice(0, 1)} ${lastParse.slice(2, 60)} (${ms.toFixed(1)} ms)` });
      if (trail.length > 4000) trail.splice(0, 2000);
      if (cpu > 5) slow.push({ ms: cpu, what: `wall ${ms.toFixed(1)} #${seq} ${txt.slice(0, 1)} ${m.length}B of: ${lastParse}` });
    }
  };
}
const gcs: Array<{ ms: number; kind: number }> = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) { gcs.push({ ms: e.duration, kind: (e as unknown as { detail: { kind: number } }).detail?.kind }); trail.push({ at: e.startTime + e.duration, what: `GC k${(e as unknown as { detail: { kind: number } }).detail?.kind} ${e.duration.toFixed(1)} ms` }); } }).observe({ entryTypes: ["gc"] });
// gaps: a 2 ms interval; a late tick marks a block
const gaps: Array<{ at: number; ms: number }> = [];
let last = performance.now();
const tick = setInterval(() => { const now = performance.now(); if (now - last > 15) gaps.push({ at: now, ms: now - last }); last = now; }, 2);

const only = new RegExp(process.env["ONLY"] ?? "^(?!DELETE)");
async function call(name: string, method: string, path: string, body: unknown) {
  if (!only.test(name)) return "";
  slow.length = 0; gaps.length = 0; gcs.length = 0;
  const cpu0 = process.cpuUsage();
  const h2 = monitorEventLoopDelay({ resolution: 5 }); h2.enable();
  const payload = JSON.stringify(body);
  const lsn0 = rowsOf<{ l: string }>(await t.database.db.execute(sql`select pg_current_wal_lsn()::text as l`))[0]!.l;
  const s = performance.now();
  const res = await fetch(`${url}${path}`, { method, headers: h, body: payload });
  const text = await res.text();
  const ms = performance.now() - s;
  h2.disable();
  const g = [...gaps].sort((a, b) => b.ms - a.ms).slice(0, 6).map((x) => x.ms.toFixed(1)).join(", ");
  console.log(`${name}: ${res.status} ${ms.toFixed(0)} ms; loop max ${(h2.max / 1e6).toFixed(1)} p99 ${(h2.percentile(99) / 1e6).toFixed(1)}; gaps>15: ${gaps.length} [${g}]`);
  const cpuAll = process.cpuUsage(cpu0);
  const w = rowsOf<{ l: string; b: string; n: string }>(await t.database.db.execute(sql`select pg_current_wal_lsn()::text as l, pg_wal_lsn_diff(pg_current_wal_lsn(), ${lsn0}::pg_lsn)::text as b, (select count(*) from pg_ls_waldir())::text as n`))[0]!;
  console.log(`   wal ${lsn0} -> ${w.l}: ${(Number(w.b) / 1e6).toFixed(1)} MB, ${w.n} segment files; settings ${extra.join(" ")}`);
  console.log(`   process cpu ${((cpuAll.user + cpuAll.system) / 1000).toFixed(0)} ms; gc: ${gcs.length}, top ${[...gcs].sort((a, b) => b.ms - a.ms).slice(0, 4).map((x) => `${x.ms.toFixed(1)}(k${x.kind})`).join(" ")}`);
  const worst = [...gaps].sort((a, b) => b.ms - a.ms)[0];
  if (process.env["TRAIL"] && worst) {
    trail.sort((a, b) => a.at - b.at);
    const before = trail.filter((e) => e.at <= worst.at).slice(-4).map((e) => `${(e.at - worst.at).toFixed(0)}: ${e.what}`);
    const after = trail.filter((e) => e.at > worst.at).slice(0, 2).map((e) => `+${(e.at - worst.at).toFixed(0)}: ${e.what}`);
    console.log(`   worst gap ${worst.ms.toFixed(0)} ms at +${(worst.at - s).toFixed(0)} of ${ms.toFixed(0)}; before: ${before.join(" | ")}; after: ${after.join(" | ")}`);
  }
  for (const x of [...slow].sort((a, b) => b.ms - a.ms).slice(0, 6)) console.log(`   cpu ${x.ms.toFixed(1)} ms ${x.what}`);
  return text;
}

for (let round = 0; round < Number(process.env["ROUNDS"] ?? 1); round++) {
  await call("warm POST group-types 1000", "POST", "/api/group-types", Array.from({ length: 1000 }, (_, i) => ({ name: `W${round} ${i}`, color: "#4477aa" })));
  await call(`POST group-types ${N}`, "POST", "/api/group-types", Array.from({ length: N }, (_, i) => ({ name: `B${round} ${i}`, color: "#4477aa" })));
  const ids = rowsOf<{ public_id: string }>(await t.database.db.execute(sql`select public_id from group_types where name like ${`B${round} %`} order by "order"`));
  await call(`PATCH group-types reorder ${ids.length}`, "PATCH", "/api/group-types", ids.map((r, i) => ({ publicId: r.public_id, order: (ids.length - i) * 10 })));
  await call(`PATCH group-types rename ${ids.length}`, "PATCH", "/api/group-types", ids.map((r, i) => ({ publicId: r.public_id, name: `R${round} ${i}` })));
  await call(`POST asset-types ${N}`, "POST", "/api/asset-types", Array.from({ length: N }, (_, i) => ({ name: `A${round} ${i}` })));
  await call(`upsert translations ${N}x3`, "POST", "/api/translations?mode=upsert", Array.from({ length: N }, (_, i) => ({ key: `K${round}_${i}`, languages: { en: `Text ${i}`, de: `Text ${i} de`, nl: `Text ${i} nl` } })));
  await call(`upsert translations ${N}x3 again (updates)`, "POST", "/api/translations?mode=upsert", Array.from({ length: N }, (_, i) => ({ key: `K${round}_${i}`, languages: { en: `Text2 ${i}`, de: `Text ${i} de`, nl: `Text ${i} nl` } })));
  await call(`DELETE group-types ${ids.length}`, "DELETE", "/api/group-types", ids.map((r) => ({ publicId: r.public_id })));
}
clearInterval(tick);
await app.close();
await t.close();
process.exit(0);
