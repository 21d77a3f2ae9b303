/**
 * The audit benchmark's server process (started by auditBench.ts over IPC, so the HTTP client
 * reading the export does not share this event loop or its memory): a fresh PostgreSQL database
 * with the demo data plus AUDIT_ROWS audit entries of the demo company (one INSERT ... SELECT
 * generate_series), and the real portal app listening. It samples its own resident set size
 * every 20 ms; the parent asks for it with {type: "rss"} (now) and {type: "peak"} (the highest
 * since the last "peak"), and {type: "heap"} gives the JS heap in use after a full collection (the
 * process runs with --expose-gc): what the process really holds, without garbage not yet collected.
 */
import { sql } from "drizzle-orm";
import { buildApp } from "../src/buildApp";
import { companies, users } from "../src/db/schema";
import { createTestDatabase } from "../test/testDatabase";
import { AUDIT_ROWS, NEWEST, type AuditReady } from "./auditShared";

const t = await createTestDatabase("postgres");
const db = t.database.db;
const [demo] = await db.select({ id: companies.id }).from(companies).where(sql`${companies.publicId} = ${t.demo.companies["demo"]!}`);
const [admin] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = 'admin@example.com'`);

const started = Date.now();
// Renames of 1,000 group types by turns, each with a before and after like the real ones.
await db.execute(sql`
  insert into audit_logs (public_id, company_id, actor_user_id, action, topic, target, before, after, client_address, created_at)
  select 'b' || lpad(to_hex(g), 11, '0'), ${demo!.id}::int, ${admin!.id}::int,
         (array['CREATE','UPDATE','DELETE','TRIGGER'])[1 + g % 4], 'GroupType', 't' || lpad((g % 1000)::text, 11, '0'),
         jsonb_build_object('name', 'Line ' || g, 'color', '#1f77b4', 'order', g % 1000 * 1000),
         jsonb_build_object('name', 'Line ' || g || ', "renamed"', 'color', '#ff7f0e', 'order', g % 1000 * 1000),
         '127.0.0.1', ${new Date(NEWEST).toISOString()}::timestamptz - ((${AUDIT_ROWS}::int - g) || ' seconds')::interval
  from generate_series(1, ${AUDIT_ROWS}::int) g`);
await db.execute(sql`analyze audit_logs`);
const insertMs = Date.now() - started;

const app = await buildApp({ database: t.database, webDist: null, mail: { smtpUrl: undefined } });
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const res = await fetch(`${url}/api/access-tokens`, {
  method: "POST",
  headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from("admin@example.com::portal-demo").toString("base64")}` },
  body: JSON.stringify({ expiresIn: 86_400 }),
});
const secret = ((await res.json()) as { data: { secretId: string } }).data.secretId;
const headers = { "api-version": "2", authorization: `Bearer ${secret}`, "api-company": t.demo.companies["demo"]! };

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);

const ready: AuditReady = { type: "ready", url, headers, insertMs };
process.send!(ready);

process.on("message", (message: { type: string }) => {
  if (message.type === "rss") process.send!({ type: "rss", rss: process.memoryUsage().rss });
  if (message.type === "peak") {
    process.send!({ type: "peak", rss: Math.max(peak, process.memoryUsage().rss) });
    peak = process.memoryUsage().rss;
  }
  if (message.type === "heap") {
    (globalThis as { gc?: () => void }).gc?.();
    process.send!({ type: "heap", rss: process.memoryUsage().heapUsed });
  }
  if (message.type === "stop") {
    clearInterval(sampler);
    void (async () => {
      await app.close();
      await t.close();
      process.exit(0);
    })();
  }
});
