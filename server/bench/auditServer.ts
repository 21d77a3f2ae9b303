/**
 * The audit benchmark's server process (started by auditBench.ts over IPC, so the HTTP client
 * reading the export does not share this event loop or its memory): the real portal app on the
 * database the parent made and filled (AUDIT_DATABASE_URL: PostgreSQL; or AUDIT_PGLITE_DIR: a
 * PGlite data directory on disk), listening. Seeding happens in the parent, so this process holds
 * what a server holds, not the demo loader's image library or the million-row INSERT.
 *
 * It samples its own memory every 20 ms; the parent asks {type: "rss"} (now) and {type: "peak"}
 * (the highest since the last "peak": resident set, V8 heap reserved, memory outside the heap),
 * and {type: "heap"} gives the JS heap in use after a full collection (the process runs with
 * --expose-gc): what the process really holds, without garbage not yet collected.
 */
import { buildApp } from "../src/buildApp";
import { openDatabase } from "../src/db/Database";
import type { AuditReady } from "./auditShared";

const pgliteDir = process.env["AUDIT_PGLITE_DIR"];
const database = pgliteDir
  ? await openDatabase({ kind: "pglite", dataDir: pgliteDir })
  : await openDatabase({ kind: "postgres", url: process.env["AUDIT_DATABASE_URL"]! });
const app = await buildApp({ database, webDist: null, mail: { smtpUrl: undefined } });
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

interface Sample { rss: number; heapTotal: number; outside: number }
const sample = (): Sample => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapTotal: m.heapTotal, outside: m.external + m.arrayBuffers };
};
let peak = sample();
const sampler = setInterval(() => {
  const s = sample();
  peak = { rss: Math.max(peak.rss, s.rss), heapTotal: Math.max(peak.heapTotal, s.heapTotal), outside: Math.max(peak.outside, s.outside) };
}, 20);

process.send!({ type: "ready", url } satisfies AuditReady);

process.on("message", (message: { type: string }) => {
  if (message.type === "rss") process.send!({ type: "rss", rss: process.memoryUsage().rss });
  if (message.type === "peak") {
    const s = sample();
    process.send!({ type: "peak", rss: Math.max(peak.rss, s.rss), heapTotal: Math.max(peak.heapTotal, s.heapTotal), outside: Math.max(peak.outside, s.outside) });
    peak = s;
  }
  if (message.type === "heap") {
    (globalThis as { gc?: () => void }).gc?.();
    process.send!({ type: "heap", rss: process.memoryUsage().heapUsed });
  }
  if (message.type === "stop") {
    clearInterval(sampler);
    void (async () => {
      await app.close();
      await database.close();
      process.exit(0);
    })();
  }
});
