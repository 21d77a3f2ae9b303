#!/usr/bin/env node
// Lighthouse (mobile profile: Lighthouse's default Moto G Power emulation with simulated slow 4G)
// on the portal's sign-in page and on a signed-in screen, against a portal started here with the
// demo data (fresh PGlite data dir, the built web/dist). Prints performance, accessibility and
// best practices per page next to issue 16's targets (90, 100, 100). Needs web/dist
// (`pnpm --filter @portal/web run build`) and Chromium at /usr/bin/chromium (CHROMIUM_PATH).
//
// The signed-in screen: signs in through the API (POST /api/access-tokens with the demo admin's
// password), puts the token and the company where the web app keeps them (localStorage
// "portal.auth" / "portal.company", the StorageLocal entry format) and keeps that storage for the
// run, so Lighthouse loads the screen as a returning signed-in person would.
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { signedInStorage, startPortal } from "./benchPortal.mjs";

// PORTAL_REPO: measure another checkout (e.g. the main branch, for a before/after figure).
const repo = process.env.PORTAL_REPO ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SIGNED_IN_PATH = process.env.LH_SCREEN ?? "/devices";
const TARGETS = { performance: 90, accessibility: 100, "best-practices": 100 };
// LH_RUNS: runs per page (default 1). Lighthouse simulates from one unthrottled trace, and on a
// shared 2-core machine the tasks of that trace move by 2x between runs (total blocking time
// 270 to 600 ms for one build): with several runs every run is printed, and the median counts.
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));

if (!existsSync(join(repo, "web", "dist", "index.html"))) throw new Error("web/dist is missing: run the web build first");

async function audit(page, port, url) {
  let result;
  // A run now and then fails to record its trace (NO_NAVSTART, mostly the browser's first page): once more.
  for (let attempt = 1; attempt <= 2; attempt++) {
    result = await lighthouse(url, {
      port, output: "json", logLevel: "error", disableStorageReset: true,
      onlyCategories: ["performance", "accessibility", "best-practices"],
    }, undefined, page);
    if (!result.lhr.runtimeError) break;
    console.error(`Lighthouse could not measure ${url} (${result.lhr.runtimeError.code})${attempt === 1 ? ": once more" : ""}`);
    // The failed run filled the HTTP cache; the next one starts cold like the others.
    await (await page.createCDPSession()).send("Network.clearBrowserCache");
  }
  if (result.lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError.message}`);
  if (process.env.LH_REPORT_DIR) writeFileSync(join(process.env.LH_REPORT_DIR, `${new URL(url).pathname.replace(/\W+/g, "_")}.json`), result.report);
  const { categories, audits } = result.lhr;
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    "best-practices": Math.round(categories["best-practices"].score * 100),
    fcp: audits["first-contentful-paint"].displayValue,
    lcp: audits["largest-contentful-paint"].displayValue,
    tbt: audits["total-blocking-time"].displayValue,
    transferred: audits["total-byte-weight"].displayValue,
    failing,
  };
}

const portal = await startPortal(repo);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const rows = [];
  const storage = await signedInStorage(portal.baseURL);
  const cdp = await page.createCDPSession();
  const runs = { login: [], signedIn: [] };
  for (let run = 0; run < RUNS; run++) {
    // Signed out: no stored session (the signed-in run of the round before left one).
    await page.goto(`${portal.baseURL}/error`);
    await page.evaluate(() => localStorage.clear());
    await cdp.send("Network.clearBrowserCache");
    runs.login.push(await audit(page, chrome.port, `${portal.baseURL}/login`));
    await page.goto(`${portal.baseURL}/error`);
    await page.evaluate((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, storage);
    // A cold HTTP cache like the sign-in run (disableStorageReset keeps the cache with the storage).
    await cdp.send("Network.clearBrowserCache");
    runs.signedIn.push(await audit(page, chrome.port, `${portal.baseURL}${SIGNED_IN_PATH}`));
  }
  await browser.disconnect();
  // The run of median performance stands for the page; the others are printed below it.
  const median = (list) => [...list].sort((a, b) => a.performance - b.performance)[Math.floor(list.length / 2)];
  rows.push(["sign-in page /login", median(runs.login)], [`signed-in ${SIGNED_IN_PATH}`, median(runs.signedIn)]);

  console.log("Lighthouse, mobile profile   performance  accessibility  best practices   FCP     LCP     TBT       bytes");
  for (const [name, r] of rows) {
    console.log(`${name.padEnd(28)} ${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${String(r["best-practices"]).padStart(14)}   ${r.fcp.padEnd(7)} ${r.lcp.padEnd(7)} ${r.tbt.padEnd(9)} ${r.transferred.replace("Total size was ", "")}`);
    if (r.failing.length > 0) console.log(`  failing audits: ${r.failing.join(", ")}`);
  }
  if (RUNS > 1) {
    for (const [name, list] of [["/login", runs.login], [SIGNED_IN_PATH, runs.signedIn]]) {
      console.log(`  ${name}, ${RUNS} runs (performance FCP/LCP/TBT): ${list.map((r) => `${r.performance} ${r.fcp}/${r.lcp}/${r.tbt}`).join(", ")}`);
    }
  }
  const holds = rows.every(([, r]) => Object.entries(TARGETS).every(([k, min]) => r[k] >= min));
  console.log(`targets (performance >= 90, accessibility 100, best practices 100): ${holds ? "hold" : "do NOT hold"}`);
} finally {
  await chrome.kill();
  portal.stop();
}
