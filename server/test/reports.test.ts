/**
 * Reports (issue 13) on PGlite and on PostgreSQL: queue → running → done with a real PDF printed
 * by Chromium from the built web app's print route (header, footer, period in the time zone,
 * device name in the text), the event stream telling the requester, the render credential
 * (single use, bound to its report, never a user token), the failure path with its reason
 * (Chromium missing), bad requests, two workers sharing one queue (each job done once), and each
 * run counted in the usage of its device.
 * The print route is the built web app (web/dist, built before the tests in CI): without it,
 * the printing tests skip with a line that says so.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UsageRow } from "@portal/core/domain/Usage";
import { usageTotals } from "@portal/core/rules/usage";
import { buildApp } from "../src/buildApp";
import { reports } from "../src/db/schema";
import { PdfPrinter } from "../src/reports/pdfPrinter";
import { apiHeaders, featureBackends, createTestDatabase, signInAs, type TestDatabase } from "./testDatabase";
import { openStream } from "./sseClient";
import { pdfText } from "./pdfText";

const webDist = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "dist");
const built = existsSync(join(webDist, "index.html"));
const chromium = existsSync("/usr/bin/chromium");
if (!built || !chromium) console.warn(`reports.test: ${!built ? "web/dist is not built" : "/usr/bin/chromium is missing"}: skipped the printing tests.`);

interface ReportView { publicId: string; status: string; failureReason: string | null; size: number | null; agent: { name: string } | null; title: string }

async function listening(t: TestDatabase, options: Parameters<typeof buildApp>[0] extends infer O ? Partial<O> : never = {}) {
  const app = await buildApp({ database: t.database, webDist, jobPollSeconds: 0.5, reportReadyTimeoutMs: 30_000, ...options });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { app, origin };
}

describe.each(await featureBackends())("reports on %s", (kind) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  let admin: string;
  let demo: string;
  let reportPage: string;
  let boiler: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    ({ app, origin } = await listening(t));
    await app.portal.reports.startWorker(origin);
    demo = t.demo.companies["demo"]!;
    admin = await signInAs(app, "admin@example.com");
    const pages = (await call("GET", "/api/pages")).body.data as Array<{ publicId: string; kind: string }>;
    reportPage = pages.find((p) => p.kind === "report")!.publicId;
    const agents = (await call("GET", "/api/agents?page-size=100")).body.data as Array<{ publicId: string; name: string }>;
    boiler = agents.find((a) => a.name === "Boiler Controller")!.publicId;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  async function call(method: "GET" | "POST" | "DELETE", url: string, payload?: unknown, target: FastifyInstance = app) {
    const res = await target.inject({ method, url, headers: apiHeaders(admin, demo), ...(payload === undefined ? {} : { payload: payload as object }) });
    const json = (res.headers["content-type"] ?? "").toString().startsWith("application/json");
    return { status: res.statusCode, body: (json ? res.json() : {}) as { data: unknown; status?: string }, raw: res };
  }
  const queue = async (extra: Record<string, unknown> = {}, target: FastifyInstance = app) => {
    const res = await call("POST", "/api/reports", {
      report: { publicId: reportPage }, agent: { publicId: boiler }, start: "2026-11-01T00:00:00Z", end: "2026-11-02T00:00:00Z", timeZone: "Europe/Berlin", ...extra,
    }, target);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.data as Array<{ publicId: string }>)[0]!.publicId;
  };
  const until = async (id: string, statuses: string[], target: FastifyInstance = app, timeoutMs = 60_000): Promise<ReportView> => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const r = (await call("GET", `/api/reports/${id}`, undefined, target)).body.data as ReportView;
      if (statuses.includes(r.status)) return r;
      if (Date.now() > end) throw new Error(`report ${id} is still ${r.status}`);
      await new Promise((ok) => setTimeout(ok, 200));
    }
  };

  it("refuses a bad period, zone, version or device with the field and sentence", async () => {
    const bad = await call("POST", "/api/reports", { report: { publicId: reportPage }, start: "2026-11-02T00:00:00Z", end: "2026-11-01T00:00:00Z", timeZone: "Mars/Base" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("The end must be after the start");
    expect(JSON.stringify(bad.body)).toContain("Unknown time zone");
    const noPage = await call("POST", "/api/reports", { report: { publicId: "nosuchpage01" }, start: "2026-11-01T00:00:00Z", end: "2026-11-02T00:00:00Z", timeZone: "UTC" });
    expect(noPage.status).toBe(404);
    const noDevice = await call("POST", "/api/reports", { report: { publicId: reportPage }, agent: { publicId: "nosuchagent1" }, start: "2026-11-01T00:00:00Z", end: "2026-11-02T00:00:00Z", timeZone: "UTC" });
    expect(noDevice.status).toBe(404);
    expect(await t.database.db.$count(reports)).toBe(0);
  });

  it.skipIf(!built || !chromium)("prints a queued report to a PDF with its header, footer, device and period, and tells the requester", async () => {
    const stream = await openStream(origin, admin);
    const id = await queue();
    const done = await until(id, ["done", "failed"]);
    expect(done.failureReason).toBeNull();
    expect(done.status).toBe("done");
    const file = await call("GET", `/api/reports/${id}/file`);
    expect(file.raw.headers["content-type"]).toBe("application/pdf");
    const pdf = file.raw.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(done.size).toBe(pdf.length);
    const text = await pdfText(pdf);
    expect(text).toContain("Monthly service report");
    expect(text).toContain("Boiler Controller");
    // The period in the report's zone (Berlin is UTC+1 in November), in the header on the page.
    expect(text).toContain("1 Nov 2026, 01:00 – 2 Nov 2026, 01:00 (Europe/Berlin)");
    expect(text).toContain("Demo Company service department");
    expect(text).toMatch(/Page 1 of 1/);
    // The requester heard it queued, running and done (as does every member with the report right: reportEvents.test.ts).
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !stream.events.some((e) => e.event === "report-changed" && (e.data as { report: ReportView }).report.status === "done")) {
      await new Promise((ok) => setTimeout(ok, 100));
    }
    const seen = stream.events.filter((e) => e.event === "report-changed").map((e) => (e.data as { report: ReportView }).report.status);
    expect(seen).toEqual(["queued", "running", "done"]);
    stream.close();
    // The credential is gone once used: nothing left to replay.
    const [row] = await t.database.db.select().from(reports).where(eq(reports.publicId, id));
    expect(row!.renderCredentialHash).toBeNull();
    // A real print: Chromium starting and printing on a loaded machine can take most of `until`'s
    // minute, which the default 30 s of a test would cut short.
  }, 90_000);

  it("accepts a render credential once, for its own report only; a user's token is not one", async () => {
    // No worker takes these reports: the test plays the worker's part.
    await app.portal.reports.pauseWorker();
    const id = await queue({ version: "draft" });
    // Stop this report before a worker takes it: mark it running with a known credential.
    const { hashSecret } = await import("../src/auth/secrets");
    await t.database.db.update(reports).set({ status: "running", renderCredentialHash: hashSecret("right-credential"), renderCredentialExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(reports.publicId, id));
    const other = await queue();
    const print = (report: string, credential: string) =>
      app.inject({ method: "POST", url: `/api/report-prints/${report}`, headers: { "api-version": "2" }, payload: { credential } });
    expect((await print(other, "right-credential")).statusCode).toBe(404);
    expect((await print(id, admin)).statusCode).toBe(404);
    const first = await print(id, "right-credential");
    expect(first.statusCode).toBe(200);
    expect((first.json() as { data: { periodLabel: string; agent: { name: string } } }).data).toMatchObject({
      periodLabel: "1 Nov 2026, 01:00 – 2 Nov 2026, 01:00 (Europe/Berlin)", agent: { name: "Boiler Controller" },
    });
    expect((await print(id, "right-credential")).statusCode).toBe(404);
    await call("DELETE", `/api/reports/${id}`);
    await call("DELETE", `/api/reports/${other}`);
    await app.portal.reports.resumeWorker();
  });

  it("prints an asset's report with the device the asset is on", async () => {
    await app.portal.reports.pauseWorker();
    try {
      const assets = (await call("GET", "/api/assets?page-size=100")).body.data as Array<{ publicId: string; name: string }>;
      const pump = assets.find((a) => a.name === "Pump P-101")!;
      const id = await queue({ agent: null, asset: { publicId: pump.publicId } });
      const { hashSecret } = await import("../src/auth/secrets");
      await t.database.db.update(reports).set({ status: "running", renderCredentialHash: hashSecret("asset-credential"), renderCredentialExpiresAt: new Date(Date.now() + 60_000) })
        .where(eq(reports.publicId, id));
      const res = await app.inject({ method: "POST", url: `/api/report-prints/${id}`, headers: { "api-version": "2" }, payload: { credential: "asset-credential" } });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { data: unknown }).data).toMatchObject({ asset: { publicId: pump.publicId, name: "Pump P-101" }, agent: { name: "Line 1 Router" } });
      await call("DELETE", `/api/reports/${id}`);
    } finally {
      await app.portal.reports.resumeWorker();
    }
  });

  it("fails a report with the reason when Chromium is missing, without a crash", async () => {
    const missing = await listening(t, { printPdf: new PdfPrinter("/nonexistent/chromium").print });
    // This app's worker alone takes the next job: the main worker stops taking new ones.
    await app.portal.reports.pauseWorker();
    try {
      await missing.app.portal.reports.startWorker(missing.origin);
      const id = await queue({}, missing.app);
      const failed = await until(id, ["done", "failed"], missing.app);
      expect(failed.status).toBe("failed");
      expect(failed.failureReason).toBe("Chromium is not installed at /nonexistent/chromium, so reports cannot be printed on this server.");
      expect((await call("GET", `/api/reports/${id}/file`, undefined, missing.app)).status).toBe(409);
    } finally {
      await missing.app.close();
      await app.portal.reports.resumeWorker();
    }
  });

  it("shares one queue between two workers: every job is printed once", async () => {
    await app.portal.reports.pauseWorker();
    const printed: string[] = [];
    // Counting printers: the subject here is the queue, not Chromium (printed above).
    const fake = (who: string) => async (r: { url: string }) => {
      printed.push(`${who} ${new URLSearchParams(r.url.split("#")[1]).get("report")}`);
      await new Promise((ok) => setTimeout(ok, 50));
      return Buffer.from(`%PDF-1.4 printed by ${who}`);
    };
    const one = await listening(t, { printPdf: fake("one") });
    const two = await listening(t, { printPdf: fake("two") });
    try {
      await one.app.portal.reports.startWorker(one.origin);
      await two.app.portal.reports.startWorker(two.origin);
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) ids.push(await queue({}, i % 2 === 0 ? one.app : two.app));
      for (const id of ids) expect((await until(id, ["done", "failed"], one.app)).status).toBe("done");
      const byReport = new Map<string, number>();
      for (const p of printed) byReport.set(p.split(" ")[1]!, (byReport.get(p.split(" ")[1]!) ?? 0) + 1);
      expect([...byReport.keys()].sort()).toEqual([...ids].sort());
      expect([...byReport.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await one.app.close();
      await two.app.close();
      await app.portal.reports.resumeWorker();
    }
  });

  it("counts each run the worker ended in the usage of its device (an asset's device for an asset), done or failed, and keeps it after a delete", async () => {
    await app.portal.reports.pauseWorker();
    // A printer that prints, or fails for a report queued with the "fail" zone: the subject is the count, not Chromium.
    const printing = async (r: { url: string; timeZone: string }) => {
      if (r.timeZone === "Pacific/Chatham") throw new Error("printer jammed");
      return Buffer.from("%PDF-1.4 counted");
    };
    const worker = await listening(t, { printPdf: printing });
    const day = new Date().toISOString().slice(0, 10);
    const usage = async () => {
      const res = await call("GET", `/api/data-usage?from=${day}&to=${day}&timeZone=UTC`);
      expect(res.status).toBe(200);
      return res.body.data as UsageRow[];
    };
    const runsOf = (rows: UsageRow[], name: string | null) => rows.filter((r) => (r.agent?.name ?? null) === name).reduce((n, r) => n + r.reportRuns, 0);
    try {
      await worker.app.portal.reports.startWorker(worker.origin);
      const assetsList = (await call("GET", "/api/assets?page-size=100")).body.data as Array<{ publicId: string; agent: { name: string } }>;
      const asset = assetsList[0]!;
      const before = await usage();
      const ids = [
        await queue({}, worker.app),
        await queue({ timeZone: "Pacific/Chatham" }, worker.app),
        await queue({ agent: null, asset: { publicId: asset.publicId } }, worker.app),
        await queue({ agent: null }, worker.app),
      ];
      const ended = await Promise.all(ids.map((id) => until(id, ["done", "failed"], worker.app)));
      expect(ended.map((r) => r.status)).toEqual(["done", "failed", "done", "done"]);
      const after = await usage();
      const boilerRuns = asset.agent.name === "Boiler Controller" ? 3 : 2;
      expect(runsOf(after, "Boiler Controller") - runsOf(before, "Boiler Controller")).toBe(boilerRuns);
      if (asset.agent.name !== "Boiler Controller") expect(runsOf(after, asset.agent.name) - runsOf(before, asset.agent.name)).toBe(1);
      expect(runsOf(after, null) - runsOf(before, null)).toBe(1);
      // The rows add up to the stored runs of the company today, and a deleted report keeps its run.
      expect(usageTotals(after).reportRuns - usageTotals(before).reportRuns).toBe(4);
      expect((await call("DELETE", `/api/reports/${ids[0]}`)).status).toBe(200);
      expect(usageTotals(await usage()).reportRuns).toBe(usageTotals(after).reportRuns);
    } finally {
      await worker.app.close();
      await app.portal.reports.resumeWorker();
    }
  });

  it("deletes a report with its PDF, and another company's is not found", async () => {
    const list = (await call("GET", "/api/reports?page-size=2")).body as { data: ReportView[]; moreAfter: string | null };
    expect(list.data.length).toBe(2);
    expect(list.moreAfter).not.toBeNull();
    const id = list.data[0]!.publicId;
    const acmeAdmin = await signInAs(app, "acme-admin@example.com");
    const foreign = await app.inject({ method: "GET", url: `/api/reports/${id}`, headers: apiHeaders(acmeAdmin, t.demo.companies["acme"]!) });
    expect(foreign.statusCode).toBe(404);
    expect((await call("DELETE", `/api/reports/${id}`)).status).toBe(200);
    expect((await call("GET", `/api/reports/${id}`)).status).toBe(404);
  });

  it("queues again a report left queued without a job (its process stopped between its commit and its job)", async () => {
    await app.portal.reports.pauseWorker();
    // A counting printer: the subject is the queue, not Chromium (printed above). Two real prints
    // in one test took more than its 30 s on a loaded machine.
    const printed: string[] = [];
    const worker = await listening(t, {
      printPdf: async (r: { url: string }) => {
        printed.push(new URLSearchParams(r.url.split("#")[1]).get("report") ?? "");
        return Buffer.from("%PDF-1.4 requeued");
      },
    });
    try {
      await worker.app.portal.reports.startWorker(worker.origin);
      const id = await queue({}, worker.app);
      expect((await until(id, ["done", "failed"], worker.app)).status).toBe("done");
      const [row] = await t.database.db.select().from(reports).where(eq(reports.publicId, id));
      expect(row!.jobId).not.toBeNull();
      // A copy as such a stop leaves one: stored as queued more than a minute ago, and no job.
      const { id: _id, ...rest } = row!;
      await t.database.db.insert(reports).values({
        ...rest, publicId: "orphanReport", status: "queued", jobId: null, failureReason: null, size: null, finishedAt: null,
        renderCredentialHash: null, renderCredentialExpiresAt: null, createdAt: new Date(Date.now() - 120_000),
      });
      expect(await worker.app.portal.reports.requeueOrphans()).toBe(1);
      expect((await until("orphanReport", ["done", "failed"], worker.app)).status).toBe("done");
      expect(await worker.app.portal.reports.requeueOrphans()).toBe(0);
      // Printed once: its own job, and no second one from the sweep after it.
      expect(printed.filter((p) => p === "orphanReport")).toEqual(["orphanReport"]);
    } finally {
      await worker.app.close();
      await app.portal.reports.resumeWorker();
    }
  });

});
