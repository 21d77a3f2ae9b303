import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDatabase, databaseUrl, dropDatabases, ensureWebBuilt, POSTGRES_ENV, postgresAnswers, startPortal, TEMPLATE_ENV } from "./portalServer";

/** The machine's PostgreSQL (TOOLCHAIN.md: trust auth on 127.0.0.1:5432), as the server tests find it. */
const POSTGRES_ADMIN_URL = process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * One real portal for the whole run: builds web/ if web/dist is missing, loads the demo data once
 * into a template (a portal started and stopped on it, exactly as `npm start` loads it), starts
 * the shared server on a copy of it, and hands its URL to the workers through E2E_BASE_URL. Every
 * other portal a spec starts begins from a copy of the same template: a fresh database with the
 * demo data costs seconds of CPU per start, a copy does not.
 *
 * The template is a PostgreSQL database when the machine's server answers (each portal then runs
 * on a database of its own, `CREATE DATABASE … TEMPLATE`), else a PGlite data directory. On
 * PostgreSQL the portals of a run took about half the CPU they took on PGlite (the embedded
 * database is PostgreSQL compiled to WebAssembly, in the server's own process), and the CPU is
 * what bounds this suite on two cores. The embedded database keeps an end-to-end test of its own
 * (terms.spec.ts: a first start on an empty directory, a stop, a restart on the same data), and
 * the server and CLI tests run on it. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureWebBuilt();
  const usePostgres = process.env["E2E_EMBEDDED_DATABASE"] !== "1" && (await postgresAnswers(POSTGRES_ADMIN_URL));
  const template = mkdtempSync(join(tmpdir(), "portal-e2e-template-"));
  let prefix: string | undefined;
  if (usePostgres) {
    await dropStaleRuns();
    // The run's start (seconds, base 36) in every name: a run killed before its teardown leaves
    // databases that a later run recognises as old and drops.
    prefix = `portal_e2e_${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(3).toString("hex")}`;
    const templateDb = `${prefix}_template`;
    await createDatabase(POSTGRES_ADMIN_URL, templateDb, undefined);
    const seeding = await startPortal({ dataDir: template, env: { DATABASE_URL: databaseUrl(POSTGRES_ADMIN_URL, templateDb), PORTAL_DEMO: "1" } });
    await seeding.stop();
    Object.assign(process.env, { [POSTGRES_ENV.adminUrl]: POSTGRES_ADMIN_URL, [POSTGRES_ENV.template]: templateDb, [POSTGRES_ENV.prefix]: prefix });
  } else {
    const seeding = await startPortal({ dataDir: template });
    await seeding.stop();
    process.env[TEMPLATE_ENV] = template;
  }
  console.log(`End-to-end portals run on ${usePostgres ? `PostgreSQL (${POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, "")}, databases ${prefix}_*)` : "PGlite (embedded)"}.`);
  const portal = await startPortal();
  process.env.E2E_BASE_URL = portal.baseURL;
  return async () => {
    await portal.stop();
    rmSync(template, { recursive: true, force: true });
    if (prefix) {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${prefix}\\_%`]);
      await client.end();
      await dropDatabases(POSTGRES_ADMIN_URL, rows.map((r) => r.datname));
    }
  };
}

/** Older than any run (the suite takes minutes): what a run killed before its teardown left. */
const STALE_RUN_MS = 6 * 60 * 60 * 1000;

async function dropStaleRuns(): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like 'portal\\_e2e\\_%'");
  await client.end();
  const stale = rows.map((r) => r.datname).filter((name) => {
    const started = parseInt(name.split("_")[2] ?? "", 36) * 1000;
    return Number.isFinite(started) && Date.now() - started > STALE_RUN_MS;
  });
  if (stale.length > 0) await dropDatabases(POSTGRES_ADMIN_URL, stale);
}
