/**
 * `pnpm bench` (and `bench:pages`): a published dashboard of COMPONENTS live components (issue 13)
 * in Debian's Chromium, each on a data point of its own that the device publishes RATE times a
 * second over the machine's Mosquitto (20 x 10 = 200 MQTT messages a second). The components are
 * the live kinds of the registry in turn: live value, gauge, tank, line graph and wear and tear.
 *
 * Measured twice in the same run, PHASE_SECONDS each, on the same open page: with nothing
 * published (the baseline) and under the load. Printed for both:
 * - frames: requestAnimationFrame callbacks, frames dropped (a callback more than 1.5 frame
 *   intervals after the one before counts each missing 16.7 ms) and the longest gap;
 * - long animation frames (PerformanceObserver "long-animation-frame", frames over 50 ms) and
 *   their blocking time;
 * - the page's main-thread busy time (CDP Performance TaskDuration) as a share of the phase;
 * - the server's CPU (process.cpuUsage of the server process, over the phase) as a share of one core;
 * - the DOM mutations of the dashboard (MutationObserver records): the rendering work the values cause.
 * The server runs in its own process (dataPointsServer.ts) so that its CPU time is its own. Skips,
 * saying why, without a broker, web/dist or Chromium. BENCH_PAGES_SECONDS (default 10).
 */
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect } from "mqtt";
import { dataPointTopic } from "@portal/core/domain/DataPoint";
import { kindSpec } from "@portal/core/domain/PageComponent";
import { answers, LOCAL_BROKER } from "../test/mosquitto";
import { measurePhase, type PageLike, type Phase } from "./pagesFrames";

const PHASE_SECONDS = Number(process.env["BENCH_PAGES_SECONDS"] ?? 10);
const COMPONENTS = 20;
const RATE = 10;
/** The kinds in turn; BENCH_PAGES_KINDS (comma separated) picks others, to find which kind costs what. */
const KINDS = (process.env["BENCH_PAGES_KINDS"]?.split(",") ?? ["live-value", "gauge", "tank", "line-graph", "wear-and-tear"]).map((k) => k.trim());
if (KINDS.some((k) => !kindSpec(k))) throw new Error(`BENCH_PAGES_KINDS: unknown kind in ${KINDS.join(", ")}`);
const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");

const skip = (why: string) => {
  console.log(`pages bench: ${why}; skipped.`);
  process.exit(0);
};
if (!(await answers(LOCAL_BROKER.host, LOCAL_BROKER.port))) skip(`no MQTT broker on ${LOCAL_BROKER.host}:${LOCAL_BROKER.port}`);
if (!existsSync(join(repo, "web", "dist", "index.html"))) skip("web/dist is not built (node scripts/pnpm.mjs --filter @portal/web run build)");
if (!existsSync(CHROMIUM)) skip(`no Chromium at ${CHROMIUM}`);
interface Browser { newPage(o: object): Promise<PageLike & { context(): { newCDPSession(p: unknown): Promise<Cdp> } }>; close(): Promise<void> }
interface Cdp { send(method: string, params?: object): Promise<{ metrics?: Array<{ name: string; value: number }> }> }
let chromium: { launch(o: object): Promise<Browser> };
try {
  ({ chromium } = createRequire(join(repo, "tests", "package.json"))("@playwright/test") as { chromium: typeof chromium });
} catch {
  skip("the tests package's Playwright is not installed");
}

const child = fork(join(here, "dataPointsServer.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
process.on("exit", () => child.kill());
const ask = <T>(type: string): Promise<T> => new Promise((resolve) => {
  const on = (m: { type: string }) => {
    if (m.type !== type) return;
    child.off("message", on);
    resolve(m as T);
  };
  child.on("message", on);
  child.send({ type });
});
const ready = await new Promise<{ url: string; secret: string; company: string; agent: string }>((resolve) => child.once("message", (m) => resolve(m as never)));
const headers = { "api-version": "2", authorization: `Bearer ${ready.secret}`, "api-company": ready.company };
const json = { ...headers, "content-type": "application/json" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The dashboard: COMPONENTS components on data points p0..p19 of the device, published.
const created = await (await fetch(`${ready.url}/api/pages`, { method: "POST", headers: json, body: JSON.stringify({ title: "Pages bench" }) })).json() as { data: Array<{ publicId: string }> };
const pageId = created.data[0]!.publicId;
const current = await (await fetch(`${ready.url}/api/pages/${pageId}`, { headers })).json() as { data: { draft: Record<string, unknown> } };
const components = Array.from({ length: COMPONENTS }, (_, i) => {
  const kind = KINDS[i % KINDS.length]!;
  const spec = kindSpec(kind)!;
  return { id: `c${i}`, kind, x: (i % 4) * 3, y: Math.floor(i / 4) * 4, w: 3, h: 4, config: { ...spec.defaults, label: `${spec.label} ${i}`, dataPoint: `p${i}` } };
});
const patched = await fetch(`${ready.url}/api/pages/${pageId}`, { method: "PATCH", headers: json, body: JSON.stringify({ draft: { ...current.data.draft, components, previewAgent: { publicId: ready.agent } } }) });
if (patched.status !== 200) throw new Error(`the bench dashboard could not be saved: ${patched.status} ${await patched.text()}`);
const published = await fetch(`${ready.url}/api/pages/${pageId}/publication`, { method: "POST", headers });
if (published.status !== 200) throw new Error(`the bench dashboard could not be published: ${published.status} ${await published.text()}`);

// The device: one value per data point first (every component shows something), then RATE a second each.
const device = connect(`mqtt://${LOCAL_BROKER.host}:${LOCAL_BROKER.port}`);
await new Promise<void>((r) => device.once("connect", () => r()));
const publishAll = () => {
  const now = Date.now();
  for (let i = 0; i < COMPONENTS; i++) {
    const value = Math.round((50 + 40 * Math.sin(now / 700 + i)) * 10) / 10;
    device.publish(dataPointTopic(ready.agent), JSON.stringify({ ts: now, values: { [`p${i}`]: KINDS[i % KINDS.length] === "wear-and-tear" ? 300 + now / 3_600_000 : value } }));
  }
};
publishAll();
await sleep(1000);

const browser = await chromium!.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send("Performance.enable");
const taskSeconds = async () => (await cdp.send("Performance.getMetrics")).metrics?.find((m) => m.name === "TaskDuration")?.value ?? NaN;
const cpu = async () => {
  const m = await ask<{ cpu: NodeJS.CpuUsage; at: number }>("cpu");
  return { us: m.cpu.user + m.cpu.system, at: m.at };
};

let idle: Phase;
let load: Phase;
try {
  await page.goto(`${ready.url}/login`);
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("portal-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await page.waitForURL(/\/users$/);
  await page.goto(`${ready.url}/devices/${ready.agent}/pages/${pageId}`);
  await page.getByTestId("dashboard-component").first().waitFor({ state: "visible" });
  const shown = await page.getByTestId("dashboard-component").count();
  if (shown !== COMPONENTS) throw new Error(`the dashboard shows ${shown} components, not ${COMPONENTS}`);
  await sleep(2000); // first reads and chart layout settle
  idle = await measurePhase(page, PHASE_SECONDS, cpu, taskSeconds);
  let timer: NodeJS.Timeout | null = null;
  load = await measurePhase(page, PHASE_SECONDS, cpu, taskSeconds, () => {
    timer = setInterval(publishAll, 1000 / RATE);
  });
  clearInterval(timer!);
} finally {
  await browser.close();
  device.end(true);
  child.send({ type: "stop" });
  await new Promise((r) => child.once("exit", r));
}

const f = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const line = (p: Phase) => `${f(p.frames)} frames, ${f(p.dropped)} dropped (${f(p.droppedShare * 100, 1)}%), longest ${f(p.longestMs)} ms; `
  + `${p.longFrames < 0 ? "long animation frames not observable" : `${f(p.longFrames)} long animation frames (${f(p.blockingMs)} ms blocking)`}; page main thread ${f(p.mainThreadPercent, 1)}%; `
  + `server CPU ${f(p.serverCpuPercent, 1)}%; ${f(p.mutations)} DOM mutations`;
console.log(`\nPages: a published dashboard of ${COMPONENTS} live components (${KINDS.join(", ")}), ${RATE} updates/s each (${RATE * COMPONENTS} MQTT messages/s), Chromium 1280x800, ${PHASE_SECONDS} s per phase`);
console.log(`  baseline (no updates)  ${line(idle!)}`);
console.log(`  under load             ${line(load!)}`);
console.log(`  difference             ${f(load!.dropped - idle!.dropped)} more frames dropped, server CPU +${f(load!.serverCpuPercent - idle!.serverCpuPercent, 1)} points, page main thread +${f(load!.mainThreadPercent - idle!.mainThreadPercent, 1)} points`);
