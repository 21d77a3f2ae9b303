/**
 * Starts the real portal (server + built web app) as a child process on a free port with a fresh
 * temporary PGlite DATA_DIR, so that the demo data is loaded exactly as `npm start` loads it (or,
 * once the global setup made one, a copy of a data directory where it was loaded that way).
 * Used by the global setup (one shared server per run) and by specs that must stop or lock their
 * own server (API down, sign-in lockout) without disturbing the others.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

export interface PortalServer {
  readonly baseURL: string;
  readonly port: number;
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

/** Starts a portal and resolves once `GET /api/health` answers 200. */
export async function startPortal(options: { port?: number; dataDir?: string; env?: Readonly<Record<string, string>>; fresh?: boolean } = {}): Promise<PortalServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "portal-e2e-"));
  const template = process.env[TEMPLATE_ENV];
  // `fresh`: demo data loaded anew, with ids of its own. Copies of the template share every id, so
  // their MQTT broker clients share client ids and take over each other's sessions on the broker.
  if (template && !options.fresh && existsSync(template) && readdirSync(dataDir).length === 0) cpSync(template, dataDir, { recursive: true, filter: (src) => !src.endsWith("postmaster.pid") });
  const { cmd, args, cwd } = serverCommand();
  const child: ChildProcess = spawn(cmd, args, {
    cwd,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: "127.0.0.1", NODE_ENV: "production", PORTAL_CHECK_ANSWERS: "1",
      // Production needs a key for secrets at rest (MQTT broker passwords); this one is for tests only.
      PORTAL_SECRET_KEY: "e2e0".repeat(16),
      // Demo passwords hashed, and every sign-in checked, at scrypt's lowest accepted cost: a test
      // signs in once or more, 67 ms of CPU each at the production cost (server/src/auth/secrets.ts).
      PORTAL_SCRYPT_N: "1024", ...options.env },
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
      if (!keepData && options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
