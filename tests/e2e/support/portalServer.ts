/**
 * Starts the real portal (server + built web app) as a child process on a free port with the
 * demo data, loaded exactly as `npm start` loads it. Its database is a PostgreSQL database of its
 * own on the machine's server when the global setup found one (a copy of a template database
 * where the demo was loaded, `CREATE DATABASE … TEMPLATE`), else a PGlite data directory (a copy
 * of a template directory). Used by the global setup (one shared server per run) and by specs that
 * must stop or lock their own server (API down, sign-in lockout) without disturbing the others.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

export interface PortalServer {
  readonly baseURL: string;
  readonly port: number;
  /** Where its data is, for a server command run on it: DATABASE_URL, or DATA_DIR (PGlite). */
  readonly databaseEnv: Readonly<Record<string, string>>;
  /**
   * Stops the server and, unless kept, deletes its data. `crash` kills it at once (SIGKILL), as a
   * crashed API would go; otherwise SIGTERM, then SIGKILL when the port still answers after 5 s
   * (a graceful close waits for the browser's keep-alive connections).
   */
  stop(options?: { keepData?: boolean; crash?: boolean }): Promise<void>;
}

/** Builds web/dist once when it is missing (the server serves it with an SPA fallback). */
export function ensureWebBuilt(): void {
  if (existsSync(join(repoRoot, "web", "dist", "index.html"))) return;
  const r = spawnSync(process.execPath, [join(repoRoot, "scripts", "pnpm.mjs"), "--filter", "@portal/web", "run", "build"], {
    cwd: repoRoot, stdio: "inherit",
  });
  if (r.status !== 0) throw new Error("building web/ failed");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The command that runs the server in the foreground; server/README.md documents it. */
function serverCommand(): { cmd: string; args: string[]; cwd: string } {
  const serverDir = join(repoRoot, "server");
  return { cmd: process.execPath, args: [join(serverDir, "bin", "server.mjs")], cwd: serverDir };
}

/**
 * The environment variable naming a data directory with the demo data loaded (the global setup
 * makes it): a portal started on an empty data directory begins from a copy of it.
 */
export const TEMPLATE_ENV = "E2E_DATA_TEMPLATE";

export interface StartPortalOptions {
  readonly port?: number;
  /** Its data directory; a portal started again on the same one finds the same data (PostgreSQL: the same database). */
  readonly dataDir?: string;
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Demo data loaded anew, with ids of its own. Copies of the template share every id, so their
   * MQTT broker clients would share client ids: only a fresh portal connects its broker clients
   * (PORTAL_MQTT_CLIENTS, unless `env` says otherwise).
   */
  readonly fresh?: boolean;
  /** The embedded database whatever the run uses, started on an empty directory as a first `npm start` is. */
  readonly embedded?: boolean;
}

/** Starts a portal and resolves once `GET /api/health` answers 200. */
export async function startPortal(options: StartPortalOptions = {}): Promise<PortalServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "portal-e2e-"));
  const postgres = options.embedded ? undefined : postgresOfRun();
  let databaseEnv: Record<string, string> = { DATA_DIR: dataDir };
  let database: string | undefined;
  if (postgres) {
    // One database per data directory, so that a restart on the same directory finds its data.
    database = `${postgres.prefix}_${createHash("sha256").update(dataDir).digest("hex").slice(0, 16)}`;
    await createDatabase(postgres.adminUrl, database, options.fresh ? undefined : postgres.template);
    databaseEnv = { DATABASE_URL: databaseUrl(postgres.adminUrl, database), PORTAL_DEMO: "1" };
  } else {
    const template = options.embedded ? undefined : process.env[TEMPLATE_ENV];
    if (template && !options.fresh && existsSync(template) && readdirSync(dataDir).length === 0) cpSync(template, dataDir, { recursive: true, filter: (src) => !src.endsWith("postmaster.pid") });
  }
  const { cmd, args, cwd } = serverCommand();
  const child: ChildProcess = spawn(cmd, args, {
    cwd,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...databaseEnv, HOST: "127.0.0.1", NODE_ENV: "production", PORTAL_CHECK_ANSWERS: "1",
      // Production needs a key for secrets at rest (MQTT broker passwords); this one is for tests only.
      PORTAL_SECRET_KEY: "e2e0".repeat(16),
      // Demo passwords hashed, and every sign-in checked, at scrypt's lowest accepted cost: a test
      // signs in once or more, 67 ms of CPU each at the production cost (server/src/auth/secrets.ts).
      PORTAL_SCRYPT_N: "1024",
      // Copies of the template share their MQTT broker entries' client ids, so portals running side
      // by side would take one broker session from each other (each handover a status event for
      // every member of the company). Only a portal with data of its own connects them.
      PORTAL_MQTT_CLIENTS: options.fresh ? "1" : "0", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal server exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      kill(child, "SIGKILL");
      throw new Error(`portal server did not answer /api/health within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseURL,
    port,
    databaseEnv,
    async stop({ keepData = false, crash = false } = {}) {
      kill(child, crash ? "SIGKILL" : "SIGTERM");
      const deadline = Date.now() + 5_000;
      while (await answers(baseURL)) {
        if (Date.now() > deadline) kill(child, "SIGKILL");
        await new Promise((r) => setTimeout(r, 100));
      }
      // Not answering is not gone: the process may still be writing its data directory (a copy
      // taken now, like the global setup's template, would race its last writes).
      const exitDeadline = Date.now() + 10_000;
      while (child.exitCode === null && child.signalCode === null) {
        if (Date.now() > exitDeadline) kill(child, "SIGKILL");
        await new Promise((r) => setTimeout(r, 50));
      }
      if (!keepData && options.dataDir === undefined) {
        rmSync(dataDir, { recursive: true, force: true });
        if (postgres && database) await dropDatabases(postgres.adminUrl, [database]);
      }
    },
  };
}

/** The run's PostgreSQL (the global setup sets these when the machine's server answers). */
export const POSTGRES_ENV = { adminUrl: "E2E_POSTGRES_ADMIN_URL", template: "E2E_POSTGRES_TEMPLATE", prefix: "E2E_POSTGRES_PREFIX" } as const;

function postgresOfRun(): { adminUrl: string; template: string; prefix: string } | undefined {
  const adminUrl = process.env[POSTGRES_ENV.adminUrl];
  const template = process.env[POSTGRES_ENV.template];
  const prefix = process.env[POSTGRES_ENV.prefix];
  return adminUrl && template && prefix ? { adminUrl, template, prefix } : undefined;
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates the database unless it exists (a restart on the same data), from the template when given. */
export async function createDatabase(adminUrl: string, name: string, template: string | undefined): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) return;
    // Two workers copying the template at once can meet "source database is being accessed by other users".
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== "55006" || attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabases(adminUrl: string, names: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at this address (a machine without one runs the suite on PGlite). */
export async function postgresAnswers(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function answers(baseURL: string): Promise<boolean> {
  try {
    await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

// tsx runs the server in a child process of its own (not always in our process group), so the
// signal goes to every process of the tree, found through ps.
function kill(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  for (const pid of processTree(child.pid)) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function processTree(root: number): number[] {
  const out = spawnSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" }).stdout ?? "";
  const children = new Map<number, number[]>();
  for (const line of out.split("\n")) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined || Number.isNaN(pid)) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const c of children.get(pid) ?? []) visit(c);
  };
  visit(root);
  return tree;
}
