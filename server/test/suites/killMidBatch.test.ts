/**
 * A process killed in the middle of a large batch leaves nothing half-written: the server runs
 * as a child process (`npm start`'s main.ts) on a temporary PGlite DATA_DIR, or on a fresh
 * PostgreSQL database when one answers; a translation upsert of many keys is sent and the
 * process is SIGKILLed while it works; the server is started again on the same data and the
 * table (and the audit trail) hold either the whole batch or none of it. A batch committed
 * before the kill must still be there. The same for a bulk reorder (PATCH of every group type's
 * order): after the restart every type has the old order or every type the new one.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "@portal/fixtures/demo/demoData";
import { MAX_BULK_ITEMS } from "@portal/core/wire/endpoint";
import { openDatabase, rowsOf, type Db } from "../../src/db/Database";
import { availableBackends, createTestDatabase, fillPgliteDataDir, type TestDatabase } from "../testDatabase";

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The largest batch one call may carry (the contract's bound), so the kill lands mid-transaction. */
const KEYS = MAX_BULK_ITEMS;

const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const s = createServer();
  s.once("error", reject);
  s.listen(0, "127.0.0.1", () => {
    const address = s.address();
    s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
  });
});

interface Child {
  readonly process: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
}

/** Starts the server (bin/server.mjs: the bundle, in this one node process, so SIGKILL hits the server itself). */
async function startChild(env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ["bin/server.mjs"], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), INIT_CWD: serverDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    // A first start on an empty PGlite (initdb, migrations, demo data) took over 60 s on a busy machine.
    const timer = setTimeout(() => reject(new Error(`server did not start in 150 s:\n${output}`)), 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Portal is running at")) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`server exited with ${code} before it listened:\n${output}`)); });
  });
  return { process: child, url, exited };
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/access-tokens`, {
    method: "POST",
    headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from(`${email}::${DEMO_PASSWORD}`).toString("base64")}` },
    body: JSON.stringify({ expiresIn: 3600 }),
  });
  if (res.status !== 201) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { secretId: string } }).data.secretId;
}

async function demoCompany(url: string, secret: string): Promise<string> {
  const res = await fetch(`${url}/api/my-companies`, { headers: { "api-version": "2", authorization: `Bearer ${secret}` } });
  const companies = ((await res.json()) as { data: Array<{ publicId: string; name: string }> }).data;
  return companies.find((c) => c.name === "Demo Company")!.publicId;
}

const batch = (prefix: string) =>
  JSON.stringify(Array.from({ length: KEYS }, (_, i) => ({ key: `${prefix}_${i}`, languages: { en: `Text ${i}`, de: `Text ${i} de`, nl: `Text ${i} nl` } })));

const upsert = (url: string, secret: string, company: string, body: string) =>
  fetch(`${url}/api/translations?mode=upsert`, {
    method: "POST", body,
    headers: { "api-version": "2", "content-type": "application/json", authorization: `Bearer ${secret}`, "api-company": company },
  });

/** Rows and CREATE audit rows of one batch prefix. */
async function countBatch(db: Db, prefix: string): Promise<{ rows: number; audit: number }> {
  const [r] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from translations where key like ${`${prefix}\\_%`}`));
  const [a] = rowsOf<{ n: string | number }>(await db.execute(sql`
    select count(*) as n from audit_logs where topic = 'Translation' and action = 'CREATE' and after->>'key' like ${`${prefix}\\_%`}`));
  return { rows: Number(r!.n), audit: Number(a!.n) };
}

/** Polls the server's sessions until one runs `statement` inside a transaction; false on timeout. */
async function writingSeen(postgres: TestDatabase, timeoutMs: number, statement = "%insert into translations%"): Promise<boolean> {
  const name = new URL(postgres.url!).pathname.slice(1);
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    const rows = rowsOf(await postgres.database.db.execute(sql`
      select 1 from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()
        and state = 'active' and xact_start is not null and query ilike ${statement}`));
    if (rows.length > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return false;
}

describe.each(await availableBackends())("a server killed mid-batch on %s", (kind) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  /** A fresh database for one test: a PGlite data directory or a PostgreSQL database. */
  const freshData = async (): Promise<{ env: Record<string, string>; postgres?: TestDatabase; dataDir?: string }> => {
    if (kind === "pglite") {
      const dataDir = mkdtempSync(join(tmpdir(), "portal-kill-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      // The run's demo template, so the first start skips initdb and the demo load (tens of
      // seconds of this file on a busy machine; seed.test.ts covers a start on an empty directory).
      await fillPgliteDataDir(dataDir);
      return { env: { DATA_DIR: dataDir }, dataDir };
    }
    const postgres = await createTestDatabase("postgres");
    cleanups.push(() => postgres.close());
    return { env: { DATABASE_URL: postgres.url! }, postgres };
  };

  it("holds all or none of the killed batch after a restart, and every committed batch", async () => {
    const { env, postgres, dataDir } = await freshData();
    const first = await startChild(env);
    cleanups.push(() => { if (first.process.exitCode === null) first.process.kill("SIGKILL"); });
    const secret = await signIn(first.url, "translator@example.com");
    const company = await demoCompany(first.url, secret);

    // A committed batch first; its duration tells when the next one is surely mid-work.
    const started = performance.now();
    const committed = await upsert(first.url, secret, company, batch("KEPT"));
    expect(committed.status).toBe(200);
    const duration = performance.now() - started;

    const killed = upsert(first.url, secret, company, batch("KILLED")).then((r) => r.status, () => "connection lost");
    // On PostgreSQL the kill waits until the batch's transaction is seen writing; PGlite lives
    // inside the process and cannot be watched, so there it comes at half the measured duration.
    const moment = postgres ? await writingSeen(postgres, duration * 3) : false;
    if (!moment) await new Promise((resolve) => setTimeout(resolve, duration / 2));
    first.process.kill("SIGKILL");
    const answer = await killed;
    await first.exited;

    const second = await startChild(env);
    try {
      // The restarted server serves the same data.
      const again = await signIn(second.url, "translator@example.com");
      const list = await fetch(`${second.url}/api/translations?page-size=1`, { headers: { "api-version": "2", authorization: `Bearer ${again}`, "api-company": company } });
      expect(list.status).toBe(200);
    } finally {
      second.process.kill("SIGTERM");
      await second.exited;
    }

    const db = postgres ? postgres.database : await openDatabase({ kind: "pglite", dataDir: dataDir! });
    try {
      const kept = await countBatch(db.db, "KEPT");
      const half = await countBatch(db.db, "KILLED");
      const when = moment ? "while its transaction was writing (pg_stat_activity)" : `after ${Math.round(duration / 2)} ms`;
      console.info(`kill test on ${kind}: batch of ${KEYS} took ${Math.round(duration)} ms; killed ${when} (client saw: ${answer}); after restart ${half.rows} rows, ${half.audit} audit rows of it`);
      expect(kept).toEqual({ rows: KEYS, audit: KEYS });
      expect([0, KEYS]).toContain(half.rows);
      expect(half.audit).toBe(half.rows);
    } finally {
      if (!postgres) await db.close();
    }
  }, 420_000);

  it("holds all or none of a killed bulk reorder after a restart", async () => {
    const { env, postgres, dataDir } = await freshData();
    const first = await startChild(env);
    cleanups.push(() => { if (first.process.exitCode === null) first.process.kill("SIGKILL"); });
    const secret = await signIn(first.url, "translator@example.com");
    const company = await demoCompany(first.url, secret);
    const headers = { "api-version": "2", "content-type": "application/json", authorization: `Bearer ${secret}`, "api-company": company };
    const created = await fetch(`${first.url}/api/group-types`, {
      method: "POST", headers, body: JSON.stringify(Array.from({ length: KEYS - 100 }, (_, i) => ({ name: `Kill type ${i}`, color: "#224466" }))),
    });
    expect(created.status).toBe(201);
    const ids: string[] = [];
    for (let url = `${first.url}/api/group-types?page-size=4000&fields=publicId`; ;) {
      const page = (await (await fetch(url, { headers })).json()) as { data: Array<{ publicId: string }>; moreAfter: string | null };
      ids.push(...page.data.map((d) => d.publicId));
      if (page.moreAfter === null) break;
      url = `${first.url}/api/group-types?page-size=4000&fields=publicId&page-after=${encodeURIComponent(page.moreAfter)}`;
    }
    // Order A (committed), then order B (killed mid-way): each a reorder of every type (the demo's
    // few and ours stay within the 10,000 items of one call).
    const orderA = (i: number) => (ids.length - i) * 1000;
    const orderB = (i: number) => i * 1000 + 7;
    const reorder = (order: (i: number) => number) =>
      fetch(`${first.url}/api/group-types`, { method: "PATCH", headers, body: JSON.stringify(ids.map((publicId, i) => ({ publicId, order: order(i) }))) });
    const started = performance.now();
    expect((await reorder(orderA)).status).toBe(200);
    const duration = performance.now() - started;
    const killed = reorder(orderB).then((r) => r.status, () => "connection lost");
    const moment = postgres ? await writingSeen(postgres, duration * 3, "%update \"group_types\"%") : false;
    if (!moment) await new Promise((resolve) => setTimeout(resolve, duration / 2));
    first.process.kill("SIGKILL");
    const answer = await killed;
    await first.exited;

    const second = await startChild(env);
    second.process.kill("SIGTERM");
    await second.exited;
    const db = postgres ? postgres.database : await openDatabase({ kind: "pglite", dataDir: dataDir! });
    try {
      const rows = rowsOf<{ public_id: string; order: number }>(await db.db.execute(sql`select public_id, "order" from group_types where public_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`));
      const at = new Map(ids.map((id, i) => [id, i]));
      const inA = rows.filter((r) => r.order === orderA(at.get(r.public_id)!)).length;
      const inB = rows.filter((r) => r.order === orderB(at.get(r.public_id)!)).length;
      console.info(`kill test on ${kind}: reorder of ${ids.length} took ${Math.round(duration)} ms; killed ${moment ? "while it was updating" : `after ${Math.round(duration / 2)} ms`} (client saw: ${answer}); after restart ${inA} in order A, ${inB} in order B`);
      expect(rows).toHaveLength(ids.length);
      expect([inA, inB].sort()).toEqual([0, ids.length]);
    } finally {
      if (!postgres) await db.close();
    }
  }, 420_000);
});
