/**
 * Who hears a report's status live (issue 13), on PGlite and on PostgreSQL: every member of the
 * company whose role holds a right of core's REPORT_RIGHTS gets each report-changed event
 * (queued, running, done), not only the one who queued it; a member without the right, a member
 * whose temporary membership with the right has ended, and a member of another company get none:
 * not on their open stream and not in the events table. A deletion is told the same way (the
 * report as it was, flagged deleted), and a refused one (another company's) tells nobody. The printer is a counting stand-in (the
 * subject is the event stream; reports.test.ts prints with Chromium).
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_RIGHTS } from "@portal/core/rules/reports";
import { REPORT_EVENT } from "@portal/core/wire/events";
import { buildApp } from "../src/buildApp";
import { companies, events, memberships, roles, users } from "../src/db/schema";
import { newPublicId } from "../src/ids";
import { apiHeaders, featureBackends, createTestDatabase, signInAs, type TestDatabase } from "./testDatabase";
import { openStream, type SseEvent } from "./sseClient";

interface ReportEventData { company: string; deleted?: boolean; report: { publicId: string; status: string; requestedBy: { publicId: string } | null } }

describe.each(await featureBackends())("report events on %s", (kind) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  const secrets: Record<string, string> = {};
  let demo: string;
  let acme: string;

  const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    app = await buildApp({ database: t.database, jobPollSeconds: 0.5, printPdf: async () => Buffer.from("%PDF-1.4 stand-in") });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    await app.portal.reports.startWorker(origin);
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
    // The demo data gives the report right to the administrator alone: a role "Report readers"
    // gives it to the engineer, and to the translator through a membership that has ended.
    const db = t.database.db;
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, demo));
    const [role] = await db.insert(roles).values({ publicId: newPublicId(), companyId: company!.id, name: "Report readers", rights: [...REPORT_RIGHTS] }).returning();
    await db.insert(memberships).values([
      { publicId: newPublicId(), userId: await userId("engineer@example.com"), companyId: company!.id, roleId: role!.id },
      { publicId: newPublicId(), userId: await userId("translator@example.com"), companyId: company!.id, roleId: role!.id, expiresOn: new Date(Date.now() - 60_000) },
    ]);
    for (const [key, email] of [["admin", "admin@example.com"], ["engineer", "engineer@example.com"], ["viewer", "viewer@example.com"],
      ["translator", "translator@example.com"], ["acmeAdmin", "acme-admin@example.com"]] as const) {
      secrets[key] = await signInAs(app, email);
    }
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const reportEvents = (list: SseEvent[], id?: string) => list.filter((e) => e.event === REPORT_EVENT)
    .map((e) => e.data as ReportEventData).filter((d) => id === undefined || d.report.publicId === id);

  it("tells every member with the report right, and nobody without it or of another company", async () => {
    // Controls: the right is real (the engineer reads the list), its absence too.
    expect((await app.inject({ method: "GET", url: "/api/reports", headers: apiHeaders(secrets["engineer"]!, demo) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/reports", headers: apiHeaders(secrets["viewer"]!, demo) })).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/reports", headers: apiHeaders(secrets["acmeAdmin"]!, acme) })).statusCode).toBe(200);

    const streams = Object.fromEntries(await Promise.all(Object.entries(secrets).map(async ([k, s]) => [k, await openStream(origin, s)] as const)));
    try {
      const pages = (await app.inject({ method: "GET", url: "/api/pages", headers: apiHeaders(secrets["admin"]!, demo) })).json() as { data: Array<{ publicId: string; kind: string }> };
      const res = await app.inject({
        method: "POST", url: "/api/reports", headers: apiHeaders(secrets["admin"]!, demo),
        payload: { report: { publicId: pages.data.find((p) => p.kind === "report")!.publicId }, start: "2026-11-01T00:00:00Z", end: "2026-11-02T00:00:00Z", timeZone: "UTC" },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;

      const deadline = Date.now() + 30_000;
      const heard = (k: string) => reportEvents(streams[k]!.events, id).map((d) => d.report.status);
      while (Date.now() < deadline && !(heard("engineer").includes("done") && heard("admin").includes("done"))) await new Promise((r) => setTimeout(r, 50));
      expect(heard("admin")).toEqual(["queued", "running", "done"]);
      expect(heard("engineer")).toEqual(["queued", "running", "done"]);
      const last = reportEvents(streams["engineer"]!.events, id).at(-1)!;
      expect(last.company).toBe(demo);
      expect(last.report.requestedBy?.publicId).toBeDefined();

      // Anything on its way to the others would have come with the engineer's: give it a moment more.
      await new Promise((r) => setTimeout(r, 500));
      for (const k of ["viewer", "translator", "acmeAdmin"]) expect(reportEvents(streams[k]!.events), k).toEqual([]);
      for (const email of ["viewer@example.com", "translator@example.com", "acme-admin@example.com"]) {
        const stored = await t.database.db.select({ id: events.id }).from(events).where(and(eq(events.userId, await userId(email)), eq(events.type, REPORT_EVENT)));
        expect(stored, email).toEqual([]);
      }
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });

  it("tells the same members when a report is deleted, and nobody when another company's delete is refused", async () => {
    const pages = (await app.inject({ method: "GET", url: "/api/pages", headers: apiHeaders(secrets["admin"]!, demo) })).json() as { data: Array<{ publicId: string; kind: string }> };
    const res = await app.inject({
      method: "POST", url: "/api/reports", headers: apiHeaders(secrets["admin"]!, demo),
      payload: { report: { publicId: pages.data.find((p) => p.kind === "report")!.publicId }, start: "2026-11-03T00:00:00Z", end: "2026-11-04T00:00:00Z", timeZone: "UTC" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    const streams = Object.fromEntries(await Promise.all(Object.entries(secrets).map(async ([k, s]) => [k, await openStream(origin, s)] as const)));
    try {
      const deleted = (k: string) => reportEvents(streams[k]!.events, id).filter((d) => d.deleted === true);
      // Acme's administrator names Demo's report: not found, and nothing is told.
      expect((await app.inject({ method: "DELETE", url: `/api/reports/${id}`, headers: apiHeaders(secrets["acmeAdmin"]!, acme) })).statusCode).toBe(404);
      const del = await app.inject({ method: "DELETE", url: `/api/reports/${id}`, headers: apiHeaders(secrets["admin"]!, demo) });
      expect(del.statusCode, del.body).toBe(200);
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && !(deleted("engineer").length > 0 && deleted("admin").length > 0)) await new Promise((r) => setTimeout(r, 50));
      expect(deleted("engineer")).toHaveLength(1);
      expect(deleted("admin")).toHaveLength(1);
      expect(deleted("engineer")[0]).toMatchObject({ company: demo, report: { publicId: id } });
      // The deletion is the last the list hears of it (a worker that was printing stores and tells nothing).
      await new Promise((r) => setTimeout(r, 500));
      expect(reportEvents(streams["engineer"]!.events, id).at(-1)?.deleted).toBe(true);
      for (const k of ["viewer", "translator", "acmeAdmin"]) expect(reportEvents(streams[k]!.events), k).toEqual([]);
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });
});
