/**
 * Test databases: a fresh in-memory PGlite, or a fresh database on the PostgreSQL server at
 * 127.0.0.1:5432 (dropped again on close), each migrated and with the demo data loaded.
 * Share one per test file: a PGlite takes seconds to start.
 *
 *   const backends = await availableBackends();            // ["pglite"] or ["pglite", "postgres"]
 *   describe.each(backends)("on %s", (kind) => { let t: TestApp; beforeAll(async () => { t = await createTestApp(kind); }); ... });
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { DEMO_PASSWORD } from "@portal/fixtures/demo/demoData";
import { buildApp } from "../src/buildApp";
import { openDatabase, type Database } from "../src/db/Database";
import type { Clock } from "../src/http/Clock";
import { loadDemo, type DemoIds } from "../src/seed/loadDemo";
import type { DbTemplates } from "./dbTemplates";

export type BackendKind = "pglite" | "postgres";

/** The server every machine of this project has (TOOLCHAIN.md); CI too. */
export const POSTGRES_ADMIN_URL = process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres";

let postgresAnswers: Promise<boolean> | undefined;

/** Whether the PostgreSQL server answers (asked once per process, with a short timeout). */
export function postgresAvailable(): Promise<boolean> {
  postgresAnswers ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresAnswers;
}

/** The backends to run against: PGlite always, PostgreSQL when it answers (else a line says it skipped). */
export async function availableBackends(): Promise<BackendKind[]> {
  if (await postgresAvailable()) return ["pglite", "postgres"];
  console.warn(`PostgreSQL at ${POSTGRES_ADMIN_URL} does not answer: skipped the PostgreSQL runs, PGlite only.`);
  return ["pglite"];
}

/**
 * The backend for the tests whose subject is the same code on both databases: the suites that
 * walk every endpoint (rights table, fuzz, schema fuzz: rights, company scope, decoding, the error
 * envelope) and the feature tests (a feature's handlers and SQL do not change with the database).
 * They run once, on PostgreSQL when it answers (what production runs), else on PGlite. What does
 * differ between the two is the driver: one in-process connection against a pool, statements
 * chunked on PGlite, LISTEN/NOTIFY, a data directory killed mid-write; the suites whose subject
 * that is run on both (availableBackends): atomicity, a server killed mid-batch, bounded work, the
 * demo load, write races, events, the read cache, MQTT ownership, the relay's connects and session
 * log, start and stop. Feature tests on both took about a third of the server project's time
 * (CI on a 2-core machine: 18 minutes, over the 15 allowed). `PORTAL_TEST_ALL_BACKENDS=1` runs
 * these on both too.
 */
export async function crossCuttingBackends(): Promise<BackendKind[]> {
  const all = await availableBackends();
  if (process.env["PORTAL_TEST_ALL_BACKENDS"] === "1") return all;
  return all.includes("postgres") ? ["postgres"] : all;
}

/** The backends of a feature test: crossCuttingBackends (see there why once). */
export const featureBackends = crossCuttingBackends;

export interface TestDatabase {
  readonly database: Database;
  /** The connection URL of the fresh PostgreSQL database (undefined for PGlite). */
  readonly url: string | undefined;
  readonly demo: DemoIds;
  close(): Promise<void>;
}

/**
 * The templates the global setup built for this run (dbTemplates.ts); null outside a vitest run
 * of the server project (the benches), where each database is migrated and loaded afresh.
 */
function templates(): DbTemplates | null {
  // For comparing (and for doubting the templates): PORTAL_TEST_NO_TEMPLATES=1 builds every database afresh.
  if (process.env["PORTAL_TEST_NO_TEMPLATES"] === "1") return null;
  try {
    return inject("dbTemplates") ?? null;
  } catch {
    return null;
  }
}

const NO_DEMO: DemoIds = { users: {}, companies: {} };

/** A fresh, migrated database with the demo data loaded (or none with `demo: false`). */
export async function createTestDatabase(kind: BackendKind = "pglite", options: { demo?: boolean } = {}): Promise<TestDatabase> {
  const withDemo = options.demo !== false;
  const built = templates();
  if (kind === "pglite") {
    const file = built ? (withDemo ? built.pglite.demoFile : built.pglite.emptyFile) : undefined;
    const database = await openDatabase({ kind: "pglite", ...(file ? { loadDataDir: new Blob([readFileSync(file)]) } : {}) });
    const demo = !withDemo ? NO_DEMO : built ? built.pglite.demo : await loadDemo(database.db);
    return { database, url: undefined, demo, close: () => database.close() };
  }
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const template = built?.postgres ? (withDemo ? built.postgres.demoDb : built.postgres.emptyDb) : undefined;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  const demo = !withDemo ? NO_DEMO : built?.postgres ? built.postgres.demo : await loadDemo(database.db);
  return {
    database,
    url: url.toString(),
    demo,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Fills an empty PGlite data directory with the migrated demo database of the run's template
 * (no initdb, migrations or demo load: a child server started on it finds its data), and says
 * whether it could; without templates (PORTAL_TEST_NO_TEMPLATES=1, the benches) the directory
 * stays empty and the server builds it on its first start.
 */
export async function fillPgliteDataDir(dataDir: string): Promise<boolean> {
  const built = templates();
  if (!built) return false;
  const database = await openDatabase({ kind: "pglite", dataDir, loadDataDir: new Blob([readFileSync(built.pglite.demoFile)]) });
  await database.close();
  return true;
}

export interface TestApp extends TestDatabase {
  readonly app: FastifyInstance;
}

/** A fresh database with the demo data and an app on it (not listening; use app.inject). */
export async function createTestApp(kind: BackendKind = "pglite", options: { clock?: Clock; mqttClients?: boolean } = {}): Promise<TestApp> {
  const db = await createTestDatabase(kind);
  const app = await buildApp({
    database: db.database, webDist: null, ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mqttClients === undefined ? {} : { mqttClients: options.mqttClients }),
  });
  return {
    ...db,
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** Headers of a signed-in call in a company. */
export const apiHeaders = (secretId?: string, companyPublicId?: string): Record<string, string> => ({
  "api-version": "2",
  ...(secretId ? { authorization: `Bearer ${secretId}` } : {}),
  ...(companyPublicId ? { "api-company": companyPublicId } : {}),
});

/** Signs a demo user in (demo password) and returns the token's secretId. */
export async function signInAs(app: FastifyInstance, email: string, password = DEMO_PASSWORD, otp = ""): Promise<string> {
  const res = await app.inject({
    method: "POST", url: "/api/access-tokens",
    headers: { "api-version": "2", authorization: `Basic ${Buffer.from(`${email}:${otp}:${password}`).toString("base64")}` },
    payload: { expiresIn: 3600 },
  });
  if (res.statusCode !== 201) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { secretId: string } }).data.secretId;
}
