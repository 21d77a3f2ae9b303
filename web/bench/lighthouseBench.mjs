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
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

// PORTAL_REPO: measure another checkout (e.g. the main branch, for a before/after figure).
const repo = process.env.PORTAL_REPO ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SIGNED_IN_PATH = process.env.LH_SCREEN ?? "/devices";
const ADMIN = { email: "admin@example.com", password: "portal-demo" };
const TARGETS = { performance: 90, accessibility: 100, "best-practices": 100 };

if (!existsSync(join(repo, "web", "dist", "index.html"))) throw new Error("web/dist is missing: run the web build first");

const freePort = () => new Promise((resolve, reject) => {
  const srv = createServer();
  srv.once("error", reject);
  srv.listen(0, "127.0.0.1", () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});

/** The portal as `npm start` runs it (server/README.md), on a free port with a fresh data dir. */
async function startPortal() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "portal-lh-"));
  const child = spawn(process.execPath, [join(repo, "node_modules", "tsx", "dist", "cli.mjs"), "src/main.ts"], {
    cwd: join(repo, "server"),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: "127.0.0.1", NODE_ENV: "production", PORTAL_SECRET_KEY: "be0c".repeat(16) },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let log = "";
  child.stderr.on("data", (d) => (log += d));
  const baseURL = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ;) {
    if (child.exitCode !== null) throw new Error(`the portal exited:\n${log}`);
    if (await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the portal did not answer within 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    stop() {
      try {
        process.kill(-child.pid, "SIGKILL"); // the process group this script started (tsx and the server)
      } catch {
        // already gone
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the demo admin in through the API; returns the localStorage entries the web app reads. */
async function signedInStorage(baseURL) {
  const headers = { "Api-Version": "2", "Content-Type": "application/json" };
  const basic = Buffer.from(`${ADMIN.email}::${ADMIN.password}`).toString("base64");
  const tokenRes = await fetch(`${baseURL}/api/access-tokens?fields=expiresOn,publicId,secretId`, {
    method: "POST", headers: { ...headers, Authorization: `Basic ${basic}` }, body: JSON.stringify({ expiresIn: 3600 }),
  });
  if (!tokenRes.ok) throw new Error(`sign-in failed: ${tokenRes.status} ${await tokenRes.text()}`);
  const token = (await tokenRes.json()).data;
  const companies = await fetch(`${baseURL}/api/my-companies`, { headers: { ...headers, Authorization: `Bearer ${token.secretId}` } });
  const company = (await companies.json()).data[0];
  const expires = Date.parse(token.expiresOn);
  return {
    "portal.auth": JSON.stringify({ v: JSON.stringify(token), e: expires }),
    "portal.company": JSON.stringify({ v: JSON.stringify(company.publicId ?? company.company?.publicId), e: null }),
  };
}

async function audit(page, port, url) {
  const result = await lighthouse(url, {
    port, output: "json", logLevel: "error", disableStorageReset: true,
    onlyCategories: ["performance", "accessibility", "best-practices"],
  }, undefined, page);
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

const portal = await startPortal();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const rows = [];
  rows.push(["sign-in page /login", await audit(page, chrome.port, `${portal.baseURL}/login`)]);
  const storage = await signedInStorage(portal.baseURL);
  await page.goto(`${portal.baseURL}/error`);
  await page.evaluate((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, storage);
  // A cold HTTP cache like the sign-in run (disableStorageReset keeps the cache with the storage).
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  rows.push([`signed-in ${SIGNED_IN_PATH}`, await audit(page, chrome.port, `${portal.baseURL}${SIGNED_IN_PATH}`)]);
  await browser.disconnect();

  console.log("Lighthouse, mobile profile   performance  accessibility  best practices   FCP     LCP     TBT       bytes");
  for (const [name, r] of rows) {
    console.log(`${name.padEnd(28)} ${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${String(r["best-practices"]).padStart(14)}   ${r.fcp.padEnd(7)} ${r.lcp.padEnd(7)} ${r.tbt.padEnd(9)} ${r.transferred.replace("Total size was ", "")}`);
    if (r.failing.length > 0) console.log(`  failing audits: ${r.failing.join(", ")}`);
  }
  const holds = rows.every(([, r]) => Object.entries(TARGETS).every(([k, min]) => r[k] >= min));
  console.log(`targets (performance >= 90, accessibility 100, best practices 100): ${holds ? "hold" : "do NOT hold"}`);
} finally {
  await chrome.kill();
  portal.stop();
}
