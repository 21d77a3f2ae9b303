/**
 * Starts the portal: opens the database (PGlite under a data directory, or DATABASE_URL),
 * applies migrations, loads the demo data into an empty embedded database, creates an
 * administrator when asked, and listens. Used by main.ts and by tests that need a real port.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./buildApp";
import { sectors } from "./db/schema";
import { openDatabase, type Database, type DatabaseOptions } from "./db/Database";
import type { Clock } from "./http/Clock";
import { createAdministrator } from "./seed/createAdministrator";
import { seedDemoExpiringAccess } from "./seed/demoExpiringAccess";
import { isDatabaseEmpty, loadDemo } from "./seed/loadDemo";
import { loadDemoUsage } from "./seed/demoUsage";
import { nowOf, systemClock } from "./http/Clock";
import { scryptCost } from "./auth/secrets";

export interface StartServerOptions {
  readonly database: DatabaseOptions;
  readonly port?: number;
  readonly host?: string;
  /** Load the demo data when the database is empty (never for a PostgreSQL server by default). */
  readonly demo?: boolean;
  /** Create this administrator (and, on an empty database, a first company) unless the email exists. */
  readonly admin?: { readonly email: string; readonly password: string; readonly name?: string };
  /** Turn self sign-up (/register) on or off in every sector at start; undefined leaves it as stored. */
  readonly selfSignUp?: boolean;
  readonly webDist?: string | null;
  readonly logger?: boolean;
  readonly clock?: Clock;
  /** The device broker whose data-point messages are stored (buildApp's dataMqttUrl). */
  readonly dataMqttUrl?: string | null;
  readonly dataMqttShareGroup?: string;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly app: FastifyInstance;
  readonly database: Database;
  /** Whether the demo data was loaded by this start. */
  readonly demoLoaded: boolean;
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  // A bad PORTAL_SCRYPT_N stops the start here rather than failing each sign-up later.
  scryptCost();
  const database = await openDatabase(options.database);
  let demoLoaded = false;
  try {
    const demo = options.demo ?? options.database.kind === "pglite";
    if (demo && (await isDatabaseEmpty(database.db))) {
      await loadDemo(database.db);
      await loadDemoUsage(database.db, nowOf(options.clock ?? systemClock));
      await seedDemoExpiringAccess(database.db, nowOf(options.clock ?? systemClock));
      demoLoaded = true;
    }
    if (options.admin) await createAdministrator(database.db, options.admin);
    if (options.selfSignUp !== undefined) await database.db.update(sectors).set({ selfSignUp: options.selfSignUp });
    const app = await buildApp({
      database,
      ...(options.webDist === undefined ? {} : { webDist: options.webDist }),
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.dataMqttUrl === undefined ? {} : { dataMqttUrl: options.dataMqttUrl }),
      ...(options.dataMqttShareGroup === undefined ? {} : { dataMqttShareGroup: options.dataMqttShareGroup }),
    });
    const host = options.host ?? "0.0.0.0";
    await app.listen({ port: options.port ?? 8080, host });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : options.port ?? 8080;
    // Other server processes on this database forward relay streams here (Relay.ts).
    app.relay.nodeUrl = process.env["RELAY_NODE_URL"] ?? `http://127.0.0.1:${port}`;
    // This process prints queued reports from its own web app (PORTAL_RENDER_ORIGIN overrides,
    // e.g. behind a proxy); PORTAL_REPORT_WORKER=0 leaves printing to the other processes.
    if (process.env["PORTAL_REPORT_WORKER"] !== "0") {
      await app.portal.reports.startWorker(process.env["PORTAL_RENDER_ORIGIN"] ?? `http://127.0.0.1:${port}`);
    }
    return {
      url: `http://localhost:${port}`,
      port,
      app,
      database,
      demoLoaded,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (e) {
    await database.close().catch(() => undefined);
    throw e;
  }
}
