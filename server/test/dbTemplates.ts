/**
 * Database templates for a vitest run: the migrated database, empty and with the demo data,
 * built ONCE by the server project's global setup (test/globalSetup.ts) instead of once per test
 * file. A PGlite starts from a dump of it (`loadDataDir`: no initdb, no migrations, no demo
 * load with its password hashing), a PostgreSQL database is `CREATE DATABASE … TEMPLATE`.
 * Measured on these 2-core machines: a fresh PGlite took ~13 s to migrate and load under load,
 * ~3 s from the dump. Migrations still run on open, as a no-op, so a template from other code
 * could never pass unnoticed: it is built from the code under test at the start of each run.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../src/db/Database";
import { loadDemo, type DemoIds } from "../src/seed/loadDemo";

/** What the global setup provides to the test files (vitest `provide` / `inject`). */
export interface DbTemplates {
  readonly pglite: { readonly demoFile: string; readonly emptyFile: string; readonly demo: DemoIds };
  /** Template database names on the PostgreSQL server, when it answers. */
  readonly postgres?: { readonly demoDb: string; readonly emptyDb: string; readonly demo: DemoIds };
}

declare module "vitest" {
  export interface ProvidedContext {
    dbTemplates: DbTemplates | null;
  }
}

async function pgliteDump(withDemo: boolean): Promise<{ blob: Blob; demo: DemoIds }> {
  const database = await openDatabase({ kind: "pglite" });
  const demo = withDemo ? await loadDemo(database.db) : { users: {}, companies: {} };
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const blob = await client.dumpDataDir("none");
  await database.close();
  return { blob, demo };
}

async function postgresTemplate(adminUrl: string, name: string, withDemo: boolean): Promise<DemoIds> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  const demo = withDemo ? await loadDemo(database.db) : { users: {}, companies: {} };
  await database.close();
  return demo;
}

/** Builds the templates; `dispose` removes the files and drops the template databases. */
export async function buildDbTemplates(postgresAdminUrl: string | undefined): Promise<{ templates: DbTemplates; dispose(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "portal-db-templates-"));
  const [withDemo, empty] = [await pgliteDump(true), await pgliteDump(false)];
  const demoFile = join(dir, "pglite-demo.tar");
  const emptyFile = join(dir, "pglite-empty.tar");
  writeFileSync(demoFile, Buffer.from(await withDemo.blob.arrayBuffer()));
  writeFileSync(emptyFile, Buffer.from(await empty.blob.arrayBuffer()));
  let postgres: DbTemplates["postgres"];
  if (postgresAdminUrl !== undefined) {
    const stem = `portal_tpl_${randomBytes(5).toString("hex")}`;
    const demo = await postgresTemplate(postgresAdminUrl, `${stem}_demo`, true);
    await postgresTemplate(postgresAdminUrl, `${stem}_empty`, false);
    postgres = { demoDb: `${stem}_demo`, emptyDb: `${stem}_empty`, demo };
  }
  return {
    templates: { pglite: { demoFile, emptyFile, demo: withDemo.demo }, ...(postgres ? { postgres } : {}) },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
      if (postgres === undefined || postgresAdminUrl === undefined) return;
      const admin = new pg.Client({ connectionString: postgresAdminUrl });
      await admin.connect();
      for (const name of [postgres.demoDb, postgres.emptyDb]) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
