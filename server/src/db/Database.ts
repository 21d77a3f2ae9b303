/**
 * The database handle the server runs on: embedded PGlite (a data directory, or in memory for
 * tests) or a PostgreSQL server (DATABASE_URL). Both are drizzle `PgDatabase`s over the same
 * schema, so the rest of the server cannot tell them apart. Migrations are applied on open.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { pgListen, type PgListener } from "./pgListener";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseOptions =
  /**
   * `loadDataDir`: start from a dump (`dumpDataDir`) instead of an empty database: in memory, or
   * written into an empty `dataDir` (tests prepare a data directory so, without initdb).
   */
  | { readonly kind: "pglite"; readonly dataDir?: string; readonly loadDataDir?: Blob }
  | { readonly kind: "postgres"; readonly url: string };

export interface Database {
  readonly kind: DatabaseOptions["kind"];
  readonly db: Db;
  /**
   * The embedded PGlite client (PGlite only): the job queue (reports/jobQueue.ts) runs its own
   * SQL on the same single connection.
   */
  readonly pglite?: PGlite;
  /** The server's URL (PostgreSQL only): the job queue opens its own small pool there. */
  readonly url?: string;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onResume` is called
   * after the listening connection was lost and is back: notifications in between are lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  /** Sends a NOTIFY on a channel outside any transaction. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "drizzle");
/** Any fixed number: serialises migrations of several processes starting on one database. */
const MIGRATION_LOCK = 72_001;

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "pglite" ? openPglite(options.dataDir, options.loadDataDir) : openPostgres(options.url);
}

/**
 * PGlite's start parameters plus ours. `wal_init_zero=off`: PostgreSQL fills each new 16 MB WAL
 * segment with zeroes, and PGlite runs that inside the statement that crosses into the segment, on
 * this thread: 80 to 220 ms of one 250-row INSERT, once every ~1.5 bulk calls of 10,000 items
 * (bench/RESULTS.md, issue 14). Off, the segment is created by writing its last byte; the zeroes
 * only reserve disk space ahead, which an embedded database does not rely on.
 */
export const PGLITE_START_PARAMS: ReadonlyArray<string> = [
  ...((PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? []),
  "-c", "wal_init_zero=off",
];

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the trigram indexes of the users and Devices searches (migration 0024).
  const options = { extensions: { pg_trgm }, startParams: [...PGLITE_START_PARAMS] };
  const start = loadDataDir ? { loadDataDir, ...options } : options;
  const client = dataDir ? new PGlite(dataDir, start) : new PGlite(start);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    kind: "pglite",
    db,
    pglite: client,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is dropped by
  // the pool and replaced on next use; without a listener its error would end the process.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
  // LISTEN needs one connection held open for the process' lifetime, outside the pool.
  const listeners: PgListener[] = [];
  return {
    kind: "postgres",
    db,
    url,
    async listen(channel, onPayload, onResume) {
      const listener = await pgListen(url, channel, onPayload, onResume);
      listeners.push(listener);
      return async () => {
        listeners.splice(listeners.indexOf(listener), 1);
        await listener.stop();
      };
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      await Promise.all(listeners.splice(0).map((l) => l.stop()));
      await pool.end();
    },
  };
}

/** Rows of a raw `db.execute` result; the two drivers both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
