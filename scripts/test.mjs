#!/usr/bin/env node
// `npm test`: installs what the project needs (pnpm, packages, Debian's Chromium for end-to-end),
// then runs lint, typecheck, every vitest project and the Playwright suite, and ends with one
// closing line "N passed, N failed" that counts all runners together.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { ensurePnpm, pnpm } from "./pnpm.mjs";

const step = (title) => console.log(`\n=== ${title} ===`);

step("install");
pnpm(["install", "--frozen-lockfile"]);

// The web build first (8 s): the end-to-end tests serve it, and server tests print reports from
// it. Lint and typecheck then run in the background while the unit tests run: tsc and eslint leave
// a core idle much of the time, and the first vitest batch fills it (measured: the three side by
// side took 60 s of wall time before any test began). Each background step prints its log when it
// ends; a failure among them fails the run after the batch.
step("web build, then lint (dependency rule) and typecheck in the background while the unit tests run");
if ((await pnpmAsync("web build", ["--filter", "@portal/web", "run", "build"])) !== 0) process.exit(1);
const preparing = Promise.all([
  pnpmAsync("lint", ["exec", "eslint", "."]),
  // One program over every package (tsconfig.check.json, the same options as each package's):
  // each file is checked once, where the packages' own checks each checked core again (65 s of
  // CPU one package after the other, 29 s as one program, on a quiet machine).
  pnpmAsync("typecheck", ["exec", "tsc", "-p", "tsconfig.check.json"]),
]);

step("services (MQTT broker) and Chromium");
await ensureMosquitto();
// Before the unit batch: the server's report-printing tests drive Chromium too.
ensureChromium();

// Every project but the CLI runs three files at a time on the two cores (many server tests wait
// on the event stream, the job queue or a child process). Until vitest.config.ts stopped setting
// maxWorkers, every project resolved one worker whatever this flag said, so the batch ran one
// file at a time (the earlier "three took 289 s where two took 333 s" compared two such runs). The
// CLI's tests run real processes (a server, the binary per command, an agent and a VPN client)
// whose timeouts a second busy vitest worker starved; alone they kept the machine 65 % busy, so
// they run one file at a time beside the end-to-end run, their output printed when they end.
step("unit, property and integration tests (vitest): core, fixtures, adapters, server, web");
const projects = ["core", "fixtures", "adapters", "server", "web"].flatMap((name) => ["--project", name]);
const first = await vitest([...projects, "--maxWorkers=3"]);
const prepared = await preparing;
if (prepared.some((status) => status !== 0)) {
  console.log("\nLint or typecheck failed (its log is above).");
  process.exit(1);
}
step("integration tests of the CLI (vitest, real processes), beside the end-to-end run; their log follows when they end");
const cliRun = vitest(["--project", "cli", "--maxWorkers=1"], { title: "integration tests of the CLI", countsFile: ".tools/vitest-counts-cli.json" });

let e2e = { passed: 0, failed: 0, skipped: 0 };
let e2eStatus = 0;
const specs = existsSync("tests/e2e") ? readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts")) : [];
if (specs.length > 0) {
  step("end-to-end (Playwright in Debian's Chromium)");
  rmSync(".tools/playwright-results.json", { force: true });
  e2eStatus = await pnpmInherit(["--filter", "@portal/tests", "run", "e2e"]);
  if (existsSync(".tools/playwright-results.json")) {
    const results = JSON.parse(readFileSync(".tools/playwright-results.json", "utf8"));
    const s = results.stats ?? {};
    e2e = { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) * 0, skipped: s.skipped ?? 0, ...playwrightNames(results) };
  } else if (e2eStatus !== 0) e2e.failed = 1;
}
const second = await cliRun;
const counts = { passed: first.passed + second.passed, failed: first.failed + second.failed, skipped: first.skipped + second.skipped };
const vitestStatus = first.status || second.status;

const passed = counts.passed + e2e.passed;
const failed = counts.failed + e2e.failed + (vitestStatus !== 0 && counts.failed === 0 ? 1 : 0) + (e2eStatus !== 0 && e2e.failed === 0 ? 1 : 0);
const skipped = counts.skipped + e2e.skipped;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
// Named after the closing line: the tail of a long CI log is what is sure to be seen.
for (const name of [...first.failures, ...second.failures, ...(e2e.failures ?? [])]) console.log(`failed: ${name}`);
for (const name of [...first.flaky, ...second.flaky, ...(e2e.flaky ?? [])]) console.log(`flaky (passed on its retry): ${name}`);
process.exit(failed === 0 ? 0 : 1);

/**
 * Runs one vitest invocation; its counts come from the count reporter's file. Its output goes
 * straight to the console, or, with a `title`, is kept and printed whole when it ends (a run
 * beside another). Asynchronous, so that the background steps' output keeps being read.
 */
async function vitest(args, { title, countsFile = ".tools/vitest-counts.json" } = {}) {
  rmSync(countsFile, { force: true });
  const started = Date.now();
  const status = await new Promise((resolve) => {
    const child = spawn(process.execPath, [ensurePnpm(), "exec", "vitest", "run", ...args], {
      stdio: title ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, PORTAL_COUNTS_FILE: countsFile, ...(title ? { FORCE_COLOR: "0" } : {}) },
    });
    let output = "";
    child.stdout?.on("data", (chunk) => { output += chunk; });
    child.stderr?.on("data", (chunk) => { output += chunk; });
    child.on("close", (code) => {
      if (title) console.log(`\n--- ${title}: ${code === 0 ? "ok" : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s ---\n${output.trimEnd()}`);
      resolve(code ?? 1);
    });
  });
  const counts = existsSync(countsFile)
    ? JSON.parse(readFileSync(countsFile, "utf8"))
    : { passed: 0, failed: 1, skipped: 0, failures: [`${title ?? "vitest"}: no counts were written (the run ended before its reporter)`] };
  const failures = counts.failures ?? [];
  // An error outside any test (an unhandled rejection, a thrown deprecation) fails the run with no test to name.
  if (status !== 0 && failures.length === 0) failures.push(`${title ?? "vitest"}: exited with ${status} and no failed test (an error outside the tests: see "Unhandled" in its log)`);
  return { status, passed: counts.passed, failed: counts.failed, skipped: counts.skipped, failures, flaky: counts.flaky ?? [] };
}

/** The end-to-end tests that failed (with their first error line) and those that passed only on their retry, by file and title. */
function playwrightNames(results) {
  const failures = [];
  const flaky = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${spec.file}:${spec.line} > ${[...titles, spec.title].join(" > ")}`;
        if (test.status === "unexpected") {
          const error = test.results?.at(-1)?.error?.message?.split("\n")[0]?.replace(/\u001b\[[0-9;]*m/g, "") ?? "";
          failures.push(`${name}${error ? `: ${error.slice(0, 300)}` : ""}`);
        } else if (test.status === "flaky") flaky.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles);
  };
  for (const suite of results.suites ?? []) walk(suite, []);
  return { failures, flaky };
}

/** Runs pnpm with the console's output, without blocking the event loop (a vitest run beside it). */
function pnpmInherit(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ensurePnpm(), ...args], { stdio: "inherit" });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** Runs pnpm in the background, keeping its output, which is printed whole when it ends. */
function pnpmAsync(title, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [ensurePnpm(), ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
    let output = "";
    child.stdout.on("data", (chunk) => { output += chunk; });
    child.stderr.on("data", (chunk) => { output += chunk; });
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`\n--- ${title}: ${code === 0 ? "ok" : `failed (exit ${code})`} in ${seconds} s ---\n${output.trimEnd()}`);
      resolve(code ?? 1);
    });
  });
}

/**
 * The MQTT integration tests need a broker on 127.0.0.1:1883. When none answers and mosquitto is
 * installed, one is started as a daemon (anonymous, no persistence) and left running, as the
 * machine's own service would be; without mosquitto the tests skip with a line saying so.
 */
async function ensureMosquitto() {
  const { Socket } = await import("node:net");
  const answers = () => new Promise((resolve) => {
    const s = new Socket();
    const done = (ok) => { s.destroy(); resolve(ok); };
    s.setTimeout(1000, () => done(false));
    s.once("connect", () => done(true));
    s.once("error", () => done(false));
    s.connect(1883, "127.0.0.1");
  });
  if (await answers()) return console.log("An MQTT broker answers on 127.0.0.1:1883.");
  const { mkdtempSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const conf = join(mkdtempSync(join(tmpdir(), "portal-ci-mosquitto-")), "mosquitto.conf");
  writeFileSync(conf, "listener 1883 127.0.0.1\nallow_anonymous true\npersistence false\n");
  const r = spawnSync("mosquitto", ["-d", "-c", conf], { stdio: "inherit" });
  if (r.error || r.status !== 0) return console.log("No MQTT broker on 127.0.0.1:1883 and mosquitto could not start: the MQTT tests will skip.");
  for (let i = 0; i < 30 && !(await answers()); i++) await new Promise((res) => setTimeout(res, 100));
  console.log("Started mosquitto on 127.0.0.1:1883 for the MQTT tests.");
}

// The end-to-end run uses chromium-headless-shell (Chromium's old headless mode, lighter: the
// suite took 461 s with it against 562 s with the full browser's new headless mode); the server's
// report printing and the Lighthouse bench use the full browser.
function ensureChromium() {
  const packages = ["chromium", "chromium-headless-shell"].filter((name) => !existsSync(`/usr/bin/${name}`));
  if (packages.length === 0) return;
  console.log(`Installing Debian's ${packages.join(" and ")} (apt-get) for the end-to-end tests ...`);
  const sudo = process.getuid && process.getuid() === 0 ? [] : ["sudo"];
  const run = (args) => spawnSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: "inherit" });
  run(["apt-get", "update"]);
  const r = run(["apt-get", "install", "-y", "--no-install-recommends", ...packages, "fonts-dejavu-core"]);
  if (r.status !== 0) {
    console.error("Could not install chromium; end-to-end tests cannot run.");
    process.exit(1);
  }
}
