#!/usr/bin/env node
// `npm start`: installs the packages with the pinned pnpm, builds the web app when it can be
// built, and starts the portal (API and web on one port). Environment: PORT (8080), DATA_DIR
// (./data, the embedded database), DATABASE_URL (a PostgreSQL server instead: no demo data unless
// PORTAL_DEMO=1),
// PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_PASSWORD (an administrator to create). See README.md.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pnpm } from "./pnpm.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const step = (title) => console.log(`\n=== ${title} ===`);

// PORTAL_START_SKIP_PREPARE=1 starts the server as it is (the stop test uses it: no install, no build).
const prepare = process.env.PORTAL_START_SKIP_PREPARE !== "1";
if (prepare) {
  step("install");
  pnpm(["install"]);
}

const webPackage = join(root, "web", "package.json");
const canBuildWeb = existsSync(webPackage) && existsSync(join(root, "web", "index.html"))
  && Boolean(JSON.parse(readFileSync(webPackage, "utf8")).scripts?.build);
if (prepare && canBuildWeb) {
  step("build the web app");
  // A failing web build must not keep the API from starting; the API answers on its own.
  if (pnpm(["--filter", "@portal/web", "run", "build"], { allowFailure: true }) !== 0) {
    console.warn("The web build failed: starting the API without a fresh web app.");
  }
}

step("start");
const port = process.env.PORT ?? "8080";
const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? "data");
const demoAgentConfig = join(dataDir, "demo-agent.json");
// A new database gets new demo credentials once the server listens: a file left from an earlier
// database would hold ones it replaces. An existing database keeps its file (and credentials).
if (!existsSync(join(dataDir, "PG_VERSION"))) rmSync(demoAgentConfig, { force: true });
// server/bin/server.mjs runs a bundle of the sources (built on first use, rebuilt when a source
// changes), or the sources through tsx when it cannot bundle; from server/ (TOOLCHAIN.md).
const child = spawn(process.execPath, [join(root, "server", "bin", "server.mjs")], {
  cwd: join(root, "server"),
  stdio: "inherit",
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
let agent = null;
// SIGINT and SIGTERM go to the server, which stops gracefully and exits; this script follows it.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => { agent?.kill(signal); child.kill(signal); });
child.on("exit", (code, signal) => { agent?.kill("SIGTERM"); process.exit(code ?? (signal ? 1 : 0)); });

// The demo device agent (issue 10): once the portal answers, one agent process links the online
// demo devices, with a demo HMI page, Modbus TCP server and echo service behind them. The server
// wrote its configuration (fresh credentials) into the data directory. PORTAL_DEMO_AGENT=0: none.
const demo = process.env.DATABASE_URL ? process.env.PORTAL_DEMO === "1" : process.env.PORTAL_DEMO !== "0";
if (demo && process.env.PORTAL_DEMO_AGENT !== "0") {
  void (async () => {
    for (let i = 0; i < 600; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (up && existsSync(demoAgentConfig)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    if (!existsSync(demoAgentConfig) || child.exitCode !== null) return;
    agent = spawn(process.execPath, [join(root, "cli", "bin", "portal.mjs"), "agent", "--config", demoAgentConfig, "--demo-services"], {
      cwd: root, stdio: "inherit",
    });
    agent.on("exit", (code) => { if (code) console.warn(`The demo agent stopped (exit code ${code}); the demo devices show offline.`); });
  })();
}
// `npm start` runs this script under `sh -c`: a SIGTERM to npm ends npm and the shell but never
// reaches this process, which is then re-parented. Seeing the parent change is the only sign
// left, so it is watched, and the server is stopped as if the signal had come here.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid !== parent) {
    clearInterval(watch);
    child.kill("SIGTERM");
  }
}, 500);
watch.unref();
