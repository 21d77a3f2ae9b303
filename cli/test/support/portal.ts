/**
 * What the CLI tests run: the real server (server/src/main.ts, as `npm start` runs it) in a
 * child process on a free port with a fresh PGlite data directory and the demo data, and the
 * real `portal` binary (bin/portal.mjs) in child processes, as a script would call it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const root = join(cli, "..");
export const PORTAL_BIN = join(cli, "bin", "portal.mjs");
export const DEMO_PASSWORD = "portal-demo";

export interface PortalServer {
  readonly url: string;
  /** The server's data directory (the demo agent's configuration is written there). */
  readonly dataDir: string;
  /** Stops the server; its data directory is deleted unless `keepData` (a restart follows). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** Starts the real server; resolves once it prints its URL. `dataDir` and `port` restart one that was stopped with keepData. */
export function startPortalServer(options: { dataDir?: string; port?: number } = {}): Promise<PortalServer> {
  const dataDir = options.dataDir ?? freshDataDir();
  const child: ChildProcess = spawn(process.execPath, [join(root, "server", "bin", "server.mjs")], {
    cwd: join(root, "server"),
    env: { ...process.env, PORT: String(options.port ?? 0), DATA_DIR: dataDir, INIT_CWD: dataDir, PORTAL_DEMO: "1", LOG: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = async ({ keepData = false }: { keepData?: boolean } = {}) => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Portal is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1]!.replace("localhost", "127.0.0.1"), dataDir, stop });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => { output += chunk.toString(); });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before it listened:\n${output}`)));
  });
}

/**
 * A new data directory: a copy of the run's template (globalSetup.ts: the demo data already
 * loaded) when there is one, else empty (the server loads the demo data on its first start).
 */
function freshDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "portal-cli-test-"));
  const template = templateDir();
  if (template && existsSync(template)) {
    cpSync(template, dataDir, { recursive: true });
    rmSync(join(dataDir, "postmaster.pid"), { force: true });
  }
  return dataDir;
}

/** The template of this vitest run (globalSetup.ts); null outside one. */
function templateDir(): string | null {
  try {
    return inject("cliTemplateDir") ?? null;
  } catch {
    return null;
  }
}

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `portal ...args`; stdout is a pipe (not a terminal), as in a script. */
export function runPortal(args: ReadonlyArray<string>, options: { env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
    for (const name of ["PORTAL_TOKEN", "PORTAL_URL", "PORTAL_COMPANY"]) if (!options.env || !(name in options.env)) delete env[name];
    const child = spawn(process.execPath, [PORTAL_BIN, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}

/** A fresh folder for one test's credentials file. */
export const freshConfigDir = (): string => mkdtempSync(join(tmpdir(), "portal-cli-config-"));
