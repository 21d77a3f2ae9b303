/**
 * Data usage (issue 12) over HTTP: VPN sessions and bytes per device bucketed by day and month in
 * the asked time zone (equal to core's bucketing, and adding up to the stored sessions), report
 * runs per device (or the company's) by when they ended, API calls counted per company, the CSV
 * export with the same numbers, and bad periods refused by field.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UsageGranularity, UsageRow } from "@portal/core/domain/Usage";
import { usageBucketOf, usagePeriod, usageSeries, usageTotals } from "@portal/core/rules/usage";
import { agentServers, agents, companies, reportRuns, tunnelSessions, users } from "../src/db/schema";
import { newPublicId } from "../src/ids";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

describe.each(await featureBackends())("data usage on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = t.demo.companies["demo"]!;
    admin = await signInAs(t.app, "admin@example.com");
  });
  afterAll(async () => { await t?.close(); });

  const get = (url: string, secret = admin, company = demo) => t.app.inject({ method: "GET", url, headers: apiHeaders(secret, company) });
  const usage = async (query: string): Promise<UsageRow[]> => {
    const res = await get(`/api/data-usage?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: UsageRow[] }).data;
  };
  const today = () => new Date().toISOString().slice(0, 10);

  it("counts every API call answered in the company, its own included", async () => {
    const q = `from=${today()}&to=${today()}&timeZone=UTC`;
    const before = usageTotals(await usage(q)).apiCalls;
    for (let i = 0; i < 5; i++) expect((await get("/api/group-types")).statusCode).toBe(200);
    expect((await get("/api/group-types", "not-a-token")).statusCode).toBe(401);
    const after = usageTotals(await usage(q)).apiCalls;
    expect(after - before).toBe(6);
  });

  it("property: sessions and report runs land in the bucket core gives them, and the rows add up to the records", async () => {
    const db = t.database.db;
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, demo));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "engineer@example.com"));
    const services = await db.select({ agentId: agents.id, agent: agents.publicId, name: agents.name, serverId: agentServers.id })
      .from(agentServers).innerJoin(agents, eq(agents.id, agentServers.agentId)).where(eq(agents.companyId, company!.id));
    const base = Date.parse("2025-03-01T00:00:00Z");
    const at = fc.integer({ min: 0, max: 90 * 24 * 60 }).map((m) => base + m * 60_000);
    const session = fc.record({ service: fc.integer({ min: 0, max: services.length - 1 }), at, to: fc.nat(2 ** 36), from: fc.nat(2 ** 36) });
    // A run of a device, or (null) of no device: the company's own row.
    const run = fc.record({ service: fc.option(fc.integer({ min: 0, max: services.length - 1 }), { nil: null }), at, failed: fc.boolean() });
    const zone = fc.constantFrom("UTC", "Europe/Amsterdam", "America/New_York", "Asia/Kolkata");
    await fc.assert(fc.asyncProperty(fc.array(session, { minLength: 1, maxLength: 25 }), fc.array(run, { maxLength: 15 }), zone, fc.constantFrom<UsageGranularity>("day", "month"), async (made, ran, tz, g) => {
      await db.delete(tunnelSessions).where(eq(tunnelSessions.companyId, company!.id));
      await db.delete(reportRuns).where(eq(reportRuns.companyId, company!.id));
      await db.insert(tunnelSessions).values(made.map((s) => ({
        publicId: newPublicId(), companyId: company!.id, userId: user!.id, agentId: services[s.service]!.agentId, serverId: services[s.service]!.serverId,
        node: "test", startedAt: new Date(s.at), endedAt: new Date(s.at + 60_000), bytesToDevice: s.to, bytesFromDevice: s.from, endReason: "closed",
      })));
      if (ran.length > 0) {
        await db.insert(reportRuns).values(ran.map((r) => ({
          companyId: company!.id, agentId: r.service === null ? null : services[r.service]!.agentId, status: r.failed ? "failed" as const : "done" as const, finishedAt: new Date(r.at),
        })));
      }
      // A period wider than the records on both sides, so every one is inside.
      const rows = await usage(`from=2025-02-27&to=2025-06-02&granularity=${g}&timeZone=${encodeURIComponent(tz)}`);
      const expected = new Map<string, { sessions: number; to: number; from: number; runs: number }>();
      const add = (instant: number, agent: string, n: { sessions?: number; to?: number; from?: number; runs?: number }) => {
        const key = `${usageBucketOf(new Date(instant).toISOString(), tz, g)}|${agent}`;
        const e = expected.get(key) ?? { sessions: 0, to: 0, from: 0, runs: 0 };
        expected.set(key, { sessions: e.sessions + (n.sessions ?? 0), to: e.to + (n.to ?? 0), from: e.from + (n.from ?? 0), runs: e.runs + (n.runs ?? 0) });
      };
      for (const s of made) add(s.at, services[s.service]!.agent, { sessions: 1, to: s.to, from: s.from });
      for (const r of ran) add(r.at, r.service === null ? "" : services[r.service]!.agent, { runs: 1 });
      // One row per bucket and device (or the company), whatever it counts.
      expect(new Set(rows.map((r) => `${r.bucket}|${r.agent?.publicId ?? ""}`)).size).toBe(rows.length);
      expect(new Map(rows.map((r) => [`${r.bucket}|${r.agent?.publicId ?? ""}`, { sessions: r.vpnSessions, to: r.bytesToDevice, from: r.bytesFromDevice, runs: r.reportRuns }])))
        .toEqual(expected);
      const totals = usageTotals(rows);
      expect(totals.bytesToDevice).toBe(made.reduce((n, s) => n + s.to, 0));
      expect(totals.bytesFromDevice).toBe(made.reduce((n, s) => n + s.from, 0));
      expect(totals.vpnSessions).toBe(made.length);
      expect(totals.reportRuns).toBe(ran.length);
      // The chart's points (core's series over the period's buckets) add up to the same totals.
      const p = usagePeriod("2025-02-27", "2025-06-02", g, tz);
      if ("field" in p) throw new Error(p.message);
      expect(usageTotals(usageSeries(rows, p.buckets))).toEqual(totals);
    }), { numRuns: 12 });
  });

  it("exports the same rows as CSV", async () => {
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, demo));
    await t.database.db.insert(reportRuns).values({ companyId: company!.id, agentId: null, status: "done", finishedAt: new Date("2025-04-10T12:00:00Z") });
    const q = "from=2025-02-27&to=2025-06-02&granularity=month&timeZone=UTC";
    const rows = await usage(q);
    const res = await get(`/api/data-usage/export?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("usage-");
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("period,device,device id,VPN sessions,bytes to device,bytes from device,API calls,report runs");
    expect(lines).toHaveLength(rows.length + 1);
    const bytes = lines.slice(1).reduce((n, l) => n + Number(l.split(",").at(-4)), 0);
    expect(bytes).toBe(usageTotals(rows).bytesToDevice);
    const runs = lines.slice(1).reduce((n, l) => n + Number(l.split(",").at(-1)), 0);
    expect(runs).toBe(usageTotals(rows).reportRuns);
    expect(runs).toBeGreaterThan(0);
  });

  it("refuses a bad period with the field, and callers without the usage right", async () => {
    const field = async (query: string) => {
      const res = await get(`/api/data-usage?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { data: Array<{ propertyName?: string; message: string }> }).data[0];
    };
    expect(await field("from=2026-01-02&to=2026-01-01")).toMatchObject({ propertyName: "to", message: "The end date must not be before the start date" });
    expect(await field("from=2026-01-01&to=2026-01-02&timeZone=Mars%2FOlympus")).toMatchObject({ propertyName: "timeZone" });
    expect(await field("from=2026-02-30&to=2026-03-01")).toMatchObject({ propertyName: "from" });
    expect((await get("/api/data-usage?to=2026-01-01")).statusCode).toBe(400);
    expect((await get("/api/data-usage?from=2026-01-01&to=2026-01-02&granularity=week")).statusCode).toBe(400);
    const viewer = await signInAs(t.app, "viewer@example.com");
    expect((await get(`/api/data-usage?from=${today()}&to=${today()}`, viewer)).statusCode).toBe(403);
  });
});
