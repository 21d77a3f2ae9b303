#!/usr/bin/env node
// The translations screen at any table size (issue 16, "Large lists": the first rows on screen
// within 200 ms). Starts the portal with the demo data (PGlite; TL_POSTGRES=1 for a fresh
// database on the machine's PostgreSQL), signs the demo admin in, and for each table size (1,000
// then 100,000 translations, added through the upsert API) measures in Chromium, ROUNDS times:
//   - from the menu click (the app already running, coming from Users) to the first row on
//     screen; the first visit of the app's life (the screen's code still to load) apart;
//   - from typing a search to the matching row on screen (the server searches);
//   - from choosing "Sort by English text" to its first row on screen;
// and the rows in the DOM after the first page, which virtualisation keeps to a screenful.
// Prints the medians per size side by side: flat figures mean the screen does not grow with the
// table. Needs web/dist and Chromium at /usr/bin/chromium (CHROMIUM_PATH).
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";
import { signedInStorage, startPortal } from "./benchPortal.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SIZES = (process.env.TL_SIZES ?? "1000,100000").split(",").map(Number);
const ROUNDS = Number(process.env.TL_ROUNDS ?? 5);
const BATCH = 10_000;
const ROW = '[data-testid="translation-row"]';

const postgres = process.env.TL_POSTGRES === "1";
const database = `portal_bench_tl_${Date.now().toString(36)}`;
const psql = (sqlText) => execFileSync("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", sqlText], { stdio: "ignore" });
if (postgres) {
  psql(`create database ${database}`);
  process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${database}`;
  process.env.PORTAL_DEMO = "1";
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const portal = await startPortal(repo);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  const storage = await signedInStorage(portal.baseURL);
  const token = JSON.parse(JSON.parse(storage["portal.auth"]).v).secretId;
  const company = JSON.parse(JSON.parse(storage["portal.company"]).v);
  const headers = { "Api-Version": "2", "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Api-Company": company };
  let stored = 0;
  /** Adds translations up to `size` in batches (keys BENCH_000001...; texts with a word per thousand to search for). */
  const fill = async (size) => {
    while (stored < size) {
      const n = Math.min(BATCH, size - stored);
      const batch = Array.from({ length: n }, (_, i) => {
        const k = stored + i + 1;
        return { key: `BENCH_${String(k).padStart(6, "0")}`, languages: { en: `Bench text ${k} word${Math.floor(k / 1000)}`, de: `Prüftext ${k}`, nl: `Testtekst ${k}` } };
      });
      const res = await fetch(`${portal.baseURL}/api/translations?mode=upsert`, { method: "POST", headers, body: JSON.stringify(batch) });
      if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
      stored += n;
    }
  };

  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${portal.baseURL}/login`);
  await page.evaluate((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, storage);
  const results = [];
  // The app loads once per size; each round goes to Users and back through the menu, as a person does.
  const clickToFirstRow = () => page.evaluate((row) => new Promise((resolve) => {
    const began = performance.now();
    const check = () => (document.querySelector(row) ? resolve(performance.now() - began) : requestAnimationFrame(check));
    document.querySelector('[data-testid="menu-item-translations"]').click();
    requestAnimationFrame(check);
  }), ROW);
  for (const size of SIZES) {
    await fill(size);
    const open = [], search = [], sort = [], inDom = [];
    await page.goto(`${portal.baseURL}/users`);
    await page.waitForSelector('[data-testid="menu-item-translations"]', { timeout: 60_000 });
    const firstVisit = await clickToFirstRow();
    for (let round = 0; round < ROUNDS; round++) {
      await page.click('[data-testid="menu-item-users"]');
      await page.waitForSelector('[data-testid="user-row"]', { timeout: 60_000 });
      open.push(await clickToFirstRow());
      inDom.push(await page.$$eval(ROW, (rows) => rows.length));
      const word = `word${round % Math.max(1, Math.floor(size / 1000))}`;
      await page.type('input[aria-label="Search translations"]', word);
      const typed = performance.now();
      await page.waitForFunction((w, row) => [...document.querySelectorAll(row)].length > 0
        && [...document.querySelectorAll(row)].every((r) => r.textContent.includes(w)), { polling: "raf", timeout: 60_000 }, word, ROW);
      search.push(performance.now() - typed);
      await page.$eval('input[aria-label="Search translations"]', (input) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, "");
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await page.waitForFunction((row) => document.querySelector(row)?.textContent.includes("ASSET_TYPE") ?? false, { polling: "raf", timeout: 60_000 }, ROW);
      const chose = performance.now();
      await page.select('select[aria-label="Sort translations"]', "english");
      // "Bench text 1 word0" sorts first among the English texts beginning with B; the demo's come before it.
      await page.waitForFunction((row) => !document.querySelector(row)?.textContent.includes("ASSET_TYPE"), { polling: "raf", timeout: 60_000 }, ROW);
      sort.push(performance.now() - chose);
      await page.select('select[aria-label="Sort translations"]', "key");
    }
    results.push({ size, firstVisit, open: median(open), search: median(search), sort: median(sort), inDom: median(inDom) });
  }
  console.log(`\nTranslations screen (median of ${ROUNDS}; ${postgres ? "PostgreSQL" : "PGlite"}; search and sort include the 250 ms typing pause where they type)`);
  console.log("translations   menu click to first row (first visit of the app's life)   search to rows   sort to rows   rows in the DOM");
  for (const r of results) {
    console.log(`${String(r.size).padStart(12)}   ${`${r.open.toFixed(0)} ms (${r.firstVisit.toFixed(0)} ms)`.padStart(52)}   ${`${r.search.toFixed(0)} ms`.padStart(14)}   ${`${r.sort.toFixed(0)} ms`.padStart(12)}   ${String(r.inDom).padStart(15)}`);
  }
  const worst = Math.max(...results.map((r) => r.open));
  console.log(`target: first rows within 200 ms at any size: ${worst <= 200 ? "holds" : "does NOT hold"} (worst median ${worst.toFixed(0)} ms)`);
} catch (e) {
  if (process.env.TL_DEBUG) await (await (await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })).pages()).at(-1).screenshot({ path: "/tmp/tl-fail.png" });
  throw e;
} finally {
  await chrome.kill();
  portal.stop();
  if (postgres) {
    await new Promise((r) => setTimeout(r, 500));
    try { psql(`drop database if exists ${database} with (force)`); } catch { /* left for the next run to see */ }
  }
}
