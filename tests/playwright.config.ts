import { defineConfig } from "@playwright/test";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");

// Debian's Chromium (TOOLCHAIN.md): Playwright cannot download a browser on these machines.
const chromiumArgs = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

// Debian's chromium-headless-shell (the old headless mode, which Playwright itself uses for headless
// runs) when installed, else the full browser in its new headless mode.
const chromiumPath = existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  outputDir: join(here, "test-results"),
  // The global setup starts ONE real server (fresh PGlite with the demo data) for the whole run
  // and exports its URL as E2E_BASE_URL; workers read it when they load this config.
  globalSetup: "./e2e/support/globalSetup.ts",
  workers: 2,
  fullyParallel: false,
  // One retry in CI: on the shared 2-core machine a browser test now and then times out under the
  // load of the other worker (seen: a translation dialog, an access-request flow; each passes
  // alone). A real fault fails both attempts; retried tests are reported as flaky, not hidden.
  retries: process.env["CI"] ? 1 : 0,
  timeout: 30_000,
  // CI machines vary (the same suite took 12 and 25 minutes on two machines of one kind): waits get more room there.
  expect: { timeout: process.env["CI"] ? 12_000 : 7_000 },
  reporter: [["list"], ["json", { outputFile: join(repo, ".tools", "playwright-results.json") }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? chromiumPath, args: chromiumArgs },
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
    trace: "off",
    screenshot: "only-on-failure",
  },
});
