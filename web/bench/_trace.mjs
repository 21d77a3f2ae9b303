import puppeteer from "puppeteer-core";
import { readFileSync } from "node:fs";
import { signedInStorage, startPortal } from "./benchPortal.mjs";
import { join, dirname } from "node:path"; import { fileURLToPath } from "node:url";
const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const portal = await startPortal(repo);
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless=new"] });
try {
  const storage = await signedInStorage(portal.baseURL);
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await page.goto(`${portal.baseURL}/error`);
  await page.evaluate((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, storage);
  await page.goto(`${portal.baseURL}/devices`); await page.waitForSelector('[data-testid="device-row"]'); await new Promise((r) => setTimeout(r, 6000));
  await page.goto(`${portal.baseURL}/error`);
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.tracing.start({ path: "/tmp/tr/trace.json", categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8.execute", "blink", "loading", "v8"] });
  await page.goto(`${portal.baseURL}/devices`);
  await page.waitForSelector('[data-testid="device-row"]');
  await new Promise((r) => setTimeout(r, 3000));
  await page.tracing.stop();
} finally { await browser.close(); portal.stop(); }
const { traceEvents } = JSON.parse(readFileSync("/tmp/tr/trace.json", "utf8"));
const mains = traceEvents.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
const busy = (m) => traceEvents.filter((x) => x.pid === m.pid && x.tid === m.tid && x.name === "RunTask").reduce((s, x) => s + (x.dur ?? 0), 0);
const main = mains.sort((a, b) => busy(b) - busy(a))[0];
const ev = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
const tasks = ev.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask").sort((a, b) => a.ts - b.ts);
const t0 = ev.find((e) => e.name === "ParseHTML")?.ts ?? tasks[0].ts;
const byName = new Map();
let other = 0;
for (const t of tasks) {
  const kids = ev.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.name !== "RunTask" && e.name !== "ThreadControllerImpl::RunTask");
  // top-level children only
  const tops = kids.filter((k) => !kids.some((p) => p !== k && p.ts <= k.ts && p.ts + p.dur >= k.ts + k.dur && p.dur > k.dur));
  const covered = tops.reduce((s, k) => s + k.dur, 0);
  other += Math.max(0, t.dur - covered);
  for (const k of tops) byName.set(k.name, (byName.get(k.name) ?? 0) + k.dur);
  if (t.dur > 50_000) console.log(`task at ${Math.round((t.ts - t0) / 1000)} ms, ${Math.round(t.dur / 1000)} ms:`, tops.sort((a, b) => b.dur - a.dur).slice(0, 4).map((k) => `${k.name}${k.args?.data?.url ? "(" + k.args.data.url.slice(-30) + ")" : ""} ${Math.round(k.dur / 1000)}`).join(", "), `uncovered ${Math.round((t.dur - covered) / 1000)}`);
}
console.log("total task time", Math.round(tasks.reduce((s, t) => s + t.dur, 0) / 1000), "ms; not covered by a child event", Math.round(other / 1000), "ms");
console.log([...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([n, d]) => `${n} ${Math.round(d / 1000)}`).join("\n"));
