/**
 * `pnpm bench:reports` in server/ (and part of `pnpm bench`): the time from queueing a report
 * to its PDF being stored, for a 10-page report (a main page and 9 sub-pages, each on a PDF page
 * of its own, with device info, line graph, gauge and live value components, report header and
 * footer on every page), through the whole path: the API, the pg-boss queue on the embedded
 * PGlite, Chromium opening the built web app's print route with the render credential, and
 * page.pdf. Baseline measured in the same run with the same Chromium: a blank 1-page PDF
 * (the fixed cost of a print). Needs web/dist (`pnpm --filter @portal/web build`) and Chromium.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { PdfPrinter } from "../src/reports/pdfPrinter";
import { startServer } from "../src/startServer";
import { apiHeaders, signInAs } from "../test/testDatabase";

const here = dirname(fileURLToPath(import.meta.url));
const webDist = join(here, "..", "..", "web", "dist");
const RUNS = Number(process.env["REPORT_BENCH_RUNS"] ?? 5);
const PAGES = 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

if (!existsSync(join(webDist, "index.html")) || !existsSync("/usr/bin/chromium")) {
  console.log("report bench: needs web/dist and /usr/bin/chromium; skipped.");
  process.exit(0);
}

// This process prints: the worker's polling is the only wait between the queue and Chromium.
const server = await startServer({ database: { kind: "pglite" }, port: 0, host: "127.0.0.1", webDist, logger: false });
const app = server.app;
const secret = await signInAs(app, "admin@example.com");
const demo = (await app.inject({ method: "GET", url: "/api/my-companies", headers: apiHeaders(secret) })).json().data
  .find((c: { name: string }) => c.name === "Demo Company").publicId as string;
const call = async (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) => {
  const res = await app.inject({ method, url, headers: apiHeaders(secret, demo), ...(payload === undefined ? {} : { payload: payload as object }) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

// A report template with a main page and 9 sub-pages, each filled with components.
const pageId = (await call("POST", "/api/pages", { title: "Ten page report", kind: "report" }))[0].publicId as string;
const draft = await call("POST", `/api/pages/${pageId}/draft`);
const body = (sub: string | undefined, n: number) => [
  { id: `info${n}`, kind: "device-info", x: 0, y: 0, w: 6, h: 3, config: { showServers: true }, ...(sub ? { subPage: sub } : {}) },
  { id: `gauge${n}`, kind: "gauge", x: 6, y: 0, w: 3, h: 3, config: { label: "Pressure", dataPoint: "pressure", unit: "bar", min: 0, max: 10 }, ...(sub ? { subPage: sub } : {}) },
  { id: `live${n}`, kind: "live-value", x: 9, y: 0, w: 3, h: 3, config: { label: "Flow", dataPoint: "flow", unit: "l/min" }, ...(sub ? { subPage: sub } : {}) },
  { id: `graph${n}`, kind: "line-graph", x: 0, y: 3, w: 12, h: 5, config: { label: "Temperature", dataPoint: "temperature", unit: "°C" }, ...(sub ? { subPage: sub } : {}) },
];
const subPages = Array.from({ length: PAGES - 1 }, (_, i) => ({ id: `p${i + 1}`, title: `Section ${i + 1}` }));
await call("PATCH", `/api/pages/${pageId}`, {
  draft: {
    ...draft, components: [
      { id: "header", kind: "report-header", x: 0, y: 0, w: 12, h: 2, config: { title: "Ten page report", showPeriod: true } },
      { id: "footer", kind: "report-footer", x: 0, y: 20, w: 12, h: 1, config: { text: "Benchmark" } },
      ...body(undefined, 0).map((c) => ({ ...c, y: c.y + 2 })), ...subPages.flatMap((p, i) => body(p.id, i + 1)),
    ], pagePages: subPages,
  },
});
await call("POST", `/api/pages/${pageId}/publication`);
const agent = (await call("GET", "/api/agents?page-size=1"))[0].publicId as string;

async function queueAndWait(): Promise<{ ms: number; pages: number }> {
  const started = performance.now();
  const id = (await call("POST", "/api/reports", { report: { publicId: pageId }, agent: { publicId: agent }, start: "2026-11-01T00:00:00Z", end: "2026-11-02T00:00:00Z", timeZone: "Europe/Berlin" }))[0].publicId;
  for (;;) {
    const r = await call("GET", `/api/reports/${id}`);
    if (r.status === "failed") throw new Error(`report failed: ${r.failureReason}`);
    if (r.status === "done") break;
    await new Promise((ok) => setTimeout(ok, 10));
  }
  const ms = performance.now() - started;
  const pdf = (await app.inject({ method: "GET", url: `/api/reports/${id}/file`, headers: apiHeaders(secret, demo) })).rawPayload;
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const pages = doc.numPages;
  await doc.destroy();
  return { ms, pages };
}

// Baseline: a blank page printed to a 1-page PDF by the same Chromium (its own browser, warmed up).
const printer = new PdfPrinter();
const blank = async () => {
  const started = performance.now();
  await printer.print({ url: 'data:text/html,<html data-report-state="ready"><body></body></html>', timeZone: "UTC", headerTemplate: "<span></span>", footerTemplate: "<span></span>", readyTimeoutMs: 30_000 });
  return performance.now() - started;
};
await blank();
await queueAndWait(); // warm-up: Chromium start, pg-boss schema, the app's chunks in the cache
const baseline: number[] = [];
const report: number[] = [];
let pages = 0;
for (let i = 0; i < RUNS; i++) {
  baseline.push(await blank());
  const r = await queueAndWait();
  report.push(r.ms);
  pages = r.pages;
}
await printer.close();
await server.close();

console.log(`\nReport printing (median of ${RUNS}, PGlite, Chromium ${printer.executablePath})`);
console.log(`  baseline: blank 1-page PDF, print only            ${fmt(median(baseline))}`);
console.log(`  ${pages}-page report, queue -> stored PDF (whole path)  ${fmt(median(report))}  (${(median(report) / median(baseline)).toFixed(1)} x baseline, ${fmt(median(report) / pages)} per page)`);
