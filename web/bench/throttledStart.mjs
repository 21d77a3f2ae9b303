#!/usr/bin/env node
// A cold start of a screen under real DevTools throttling (Lighthouse's mobile figures applied to
// the browser itself, not simulated: 150 ms per request, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x
// slower), 3 times: first contentful paint, largest contentful paint (and its element), the
// screen's rows on screen, and the same-origin requests made before the LCP. Lighthouse's own
// figure is a simulation from an unthrottled trace (lighthouseBench.mjs); this one is what a
// phone on that network waits. LH_SCREEN (default /devices; /login: signed out) chooses the
// screen; the page gets the phone's viewport and, as under Lighthouse, a phone's user agent
// (MOBILE_UA=0: the browser's own, no app banner); NO_THROTTLE=1 runs it unthrottled. Needs web/dist and Chromium at /usr/bin/chromium (CHROMIUM_PATH).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";
import { signedInStorage, startPortal } from "./benchPortal.mjs";

const repo = process.env.PORTAL_REPO ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SCREEN = process.env.LH_SCREEN ?? "/devices";
const SIGNED_OUT = SCREEN === "/login";
const READY = SIGNED_OUT ? 'input[type="password"]' : (process.env.READY_SELECTOR ?? '[data-testid="device-row"]');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const NO_THROTTLE = process.env.NO_THROTTLE === "1";
const MOBILE_UA = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";

const portal = await startPortal(repo);
const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--headless=new"] });
try {
  const storage = SIGNED_OUT ? {} : await signedInStorage(portal.baseURL);
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) {
    const page = await browser.newPage();
    // The phone's user agent, as Lighthouse's mobile profile sends it: the app banner of phones shows.
    if (process.env.MOBILE_UA !== "0") await page.setUserAgent(MOBILE_UA);
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    // Quiet before the measured start: chunks this page asks for after its load would still be
    // arriving, throttled, when the start begins (it delayed the start's own document by 130-180 ms).
    await page.goto(`${portal.baseURL}/error`, { waitUntil: "networkidle0" });
    await page.evaluate((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, storage);
    await page.evaluateOnNewDocument(() => {
      window.__paints = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__paints.push({ lcp: Math.round(e.startTime), el: e.element?.outerHTML.slice(0, 100) ?? null }); }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__paints.push({ task: Math.round(e.duration), at: Math.round(e.startTime) }); }).observe({ type: "longtask", buffered: true });
      new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__paints.push({ fcp: Math.round(e.startTime) }); }).observe({ type: "paint", buffered: true });
    });
    const cdp = await page.createCDPSession();
    await cdp.send("Network.enable");
    await cdp.send("Network.clearBrowserCache");
    // NO_THROTTLE=1: the same start unthrottled, the trace Lighthouse simulates from (its
    // observed paints: which element is the largest paint, and when).
    if (!NO_THROTTLE) await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    if (!NO_THROTTLE) await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const began = Date.now();
    await page.goto(`${portal.baseURL}${SCREEN}`, { waitUntil: "load" });
    await page.waitForSelector(READY, { timeout: 60_000 });
    const ready = Date.now() - began;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    runs.push({ ready, ...(await page.evaluate(() => {
      const lcp = window.__paints.filter((p) => p.lcp !== undefined).at(-1);
      const requests = performance.getEntriesByType("resource").filter((r) => r.startTime < lcp.lcp && r.name.startsWith(location.origin)).length;
      const candidates = window.__paints.filter((p) => p.lcp !== undefined && p !== lcp).map((p) => `${p.lcp} ms ${p.el}`).join(" | ") || "none";
      const fcp = window.__paints.find((p) => p.fcp !== undefined)?.fcp;
      // Lighthouse's total blocking time, as this browser saw it: what each long task after the
      // first paint took beyond 50 ms, until 1.5 s after the rows were on screen.
      const tbt = window.__paints.filter((p) => p.task !== undefined && p.at >= fcp).reduce((sum, p) => sum + Math.max(0, p.task - 50), 0);
      return { fcp, lcp: lcp.lcp, element: lcp.el, candidates, requests, tbt };
    })) });
    await page.close();
  }
  const median = (key) => [...runs.map((r) => r[key])].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  console.log(`${SCREEN} ${NO_THROTTLE ? "unthrottled" : "under DevTools throttling (150 ms, 1.6 Mbit/s, CPU 4x)"}, median of ${ROUNDS}: FCP ${median("fcp")} ms, LCP ${median("lcp")} ms, ready ${median("ready")} ms, blocking ${median("tbt")} ms, ${median("requests")} requests before the LCP`);
  console.log(`  runs (FCP/LCP/ready/blocking ms): ${runs.map((r) => `${r.fcp}/${r.lcp}/${r.ready}/${r.tbt}`).join(", ")}; LCP element ${runs[0].element}; earlier candidates ${runs[0].candidates}`);
} finally {
  await browser.close();
  portal.stop();
}
