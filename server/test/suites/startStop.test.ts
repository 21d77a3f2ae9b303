/**
 * Stopping `npm start`: npm runs scripts/start.mjs under `sh -c`, and a SIGTERM to npm ends npm
 * and the shell without reaching the script (the server used to keep listening). Here the
 * shell is killed the same way, and the server must stop; SIGINT to the script stops it too.
 * The script starts with PORTAL_START_SKIP_PREPARE=1 (no install, no web build), on PGlite.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { fillPgliteDataDir } from "../testDatabase";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const dirs: string[] = [];
/** Start scripts this file started: stopped at the end should a test fail and leave one running. */
const scripts: number[] = [];
afterAll(() => {
  for (const pid of scripts) { try { process.kill(pid, "SIGTERM"); } catch { /* already gone */ } }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const s = createServer();
  s.once("error", reject);
  s.listen(0, "127.0.0.1", () => {
    const address = s.address();
    s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
  });
});

const listening = (port: number): Promise<boolean> => new Promise((resolve) => {
  const socket = connect(port, "127.0.0.1");
  socket.once("connect", () => { socket.destroy(); resolve(true); });
  socket.once("error", () => resolve(false));
});

async function untilClosed(port: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!(await listening(port))) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** `sh -c` around the start script, as npm runs it (the trailing command keeps sh from exec-ing node). */
async function start(): Promise<{ shell: ReturnType<typeof spawn>; port: number; output: () => string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "portal-stop-"));
  dirs.push(dataDir);
  // The run's demo template: the start skips initdb and the demo load (the subject is the stop).
  await fillPgliteDataDir(dataDir);
  const shell = spawn("sh", ["-c", "node scripts/start.mjs; true"], {
    cwd: root, stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PORTAL_START_SKIP_PREPARE: "1", INIT_CWD: root },
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start in 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Portal is running at")) { clearTimeout(timer); resolve(); }
    };
    shell.stdout!.on("data", onData);
    shell.stderr!.on("data", onData);
  });
  scripts.push(...execFileSync("pgrep", ["-P", String(shell.pid)]).toString().trim().split("\n").map(Number));
  return { shell, port, output: () => output };
}

describe("stopping npm start", () => {
  it("stops the server when the shell npm runs it under is killed by SIGTERM", async () => {
    const { shell, port, output } = await start();
    expect(await listening(port)).toBe(true);
    shell.kill("SIGTERM");
    expect(await untilClosed(port, 15_000), output()).toBe(true);
    expect(output()).toContain("SIGTERM: stopping");
  }, 120_000);
});
