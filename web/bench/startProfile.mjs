#!/usr/bin/env node
// Where a cold signed-in start of a screen spends the browser's main thread: loads the screen
// (default /devices, LH_SCREEN to change) as the demo admin, three times, under V8's CPU profiler
// (no throttling), and prints the time until the screen's rows show, the self time per script
// file and the functions with the most self time. "(program)" is the browser's own work (style,
// layout, parsing); "(idle)" is waiting, mostly for the API. Needs web/dist and Chromium at
// /usr/bin/chromium (CHROMIUM_PATH). The .cpuprofile files stay in the printed folder (open them
// in Chrome's DevTools for a flame graph). Read the function names from an unminified build
// (`npx vite build --minify false`, then the normal build again).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";
import { signedInStorage, startPortal } from "./benchPortal.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SCREEN = process.env.LH_SCREEN ?? "/devices";
const READY = process.env.READY_SELECTOR ?? '[data-testid="device-row"]';
const ROUNDS = 3;
const out = mkdtempSync(join(tmpdir(), "portal-start-profile-"));

/** Self time (ms) per key of a V8 CPU profile's samples. */
function selfTimes(profile, keyOf) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map();
  profile.samples.forEach((id, i) => {
    const key = keyOf(byId.get(id).callFrame);
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...times].sort((a, b) => b[1] - a[1]);
}
const file = (f) => f.url.split("/").pop() || f.functionName;

const portal = await startPortal(repo);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823 });
  await page.goto(`${portal.baseURL}/login`);
  const storage = await signedInStorage(portal.baseURL);
  await page.evaluate((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, storage);
  for (let round = 1; round <= ROUNDS; round++) {
    await page.goto("about:blank");
    const cdp = await page.createCDPSession();
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    const started = Date.now();
    await page.goto(`${portal.baseURL}${SCREEN}`);
    await page.waitForSelector(READY, { timeout: 60_000 });
    const ready = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the calls after the first rows
    const { profile } = await cdp.send("Profiler.stop");
    writeFileSync(join(out, `start-${round}.cpuprofile`), JSON.stringify(profile));
    console.log(`\nround ${round}: ${SCREEN} rows on screen after ${ready} ms`);
    for (const [key, ms] of selfTimes(profile, file).slice(0, 10)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${key}`);
    console.log("  functions:");
    for (const [key, ms] of selfTimes(profile, (f) => `${f.functionName || "(anonymous)"} ${file(f)}:${f.lineNumber + 1}`).filter(([k]) => !k.startsWith("(idle)")).slice(0, 15)) {
      console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${key}`);
    }
  }
  console.log(`\nprofiles: ${out}`);
} finally {
  await chrome.kill();
  portal.stop();
}
