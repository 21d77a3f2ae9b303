/**
 * Data usage (issue 12) over HTTP: VPN sessions and bytes per device bucketed by day and month in
 * the asked time zone (equal to core's bucketing, and adding up to the stored sessions), API calls
 * counted per company, the CSV export with the same numbers, and bad periods refused by field.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UsageGranularity, UsageRow } from "@portal/core/domain/Usage";
import { usageBucketOf, usageTotals } from "@portal/core/rules/usage";
import { agentServers, agents, companies, tunnelSessions, users } from "../src/db/schema";
import { newPublicId } from "../src/ids";
import { apiHeaders, availableBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

describe.each(await availableBackends())("data usage on %s", (kind) => {
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

  it("property: sessions land in the bucket core gives them, and the rows add up to the sessions", async () => {
    const db = t.database.db;
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, demo));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "engineer@example.com"));
    const services = await db.select({ agentId: agents.id, agent: agents.publicId, name: agents.name, serverId: agentServers.id })
      .from(agentServers).innerJoin(agents, eq(agents.id, agentServers.agentId)).where(eq(agents.companyId, company!.id));
    const base = Date.parse("2025-03-01T00:00:00Z");
    const session = fc.record({
      service: fc.integer({ min: 0, max: services.length - 1 }),
      at: fc.integer({ min: 0, max: 90 * 24 * 60 }).map((m) => base + m * 60_000),
      to: fc.nat(2 ** 36), from: fc.nat(2 ** 36),
    });
    const zone = fc.constantFrom("UTC", "Europe/Amsterdam", "America/New_York", "Asia/Kolkata");
    await fc.assert(fc.asyncProperty(fc.array(session, { minLength: 1, maxLength: 25 }), zone, fc.constantFrom<UsageGranularity>("day", "month"), async (made, tz, g) => {
      await db.delete(tunnelSessions).where(eq(tunnelSessions.companyId, company!.id));
      await db.insert(tunnelSessions).values(made.map((s) => ({
        publicId: newPublicId(), companyId: company!.id, userId: user!.id, agentId: services[s.service]!.agentId, serverId: services[s.service]!.serverId,
        node: "test", startedAt: new Date(s.at), endedAt: new Date(s.at + 60_000), bytesToDevice: s.to, bytesFromDevice: s.from, endReason: "closed",
      })));
      // A period wider than the sessions on both sides, so every one is inside.
      const rows = (await usage(`from=2025-02-27&to=2025-06-02&granularity=${g}&timeZone=${encodeURIComponent(tz)}`)).filter((r) => r.agent !== null);
      const expected = new Map<string, { sessions: number; to: number; from: number }>();
      for (const s of made) {
        const key = `${usageBucketOf(new Date(s.at).toISOString(), tz, g)}|${services[s.service]!.agent}`;
        const e = expected.get(key) ?? { sessions: 0, to: 0, from: 0 };
        expected.set(key, { sessions: e.sessions + 1, to: e.to + s.to, from: e.from + s.from });
      }
      expect(new Map(rows.map((r) => [`${r.bucket}|${r.agent!.publicId}`, { sessions: r.vpnSessions, to: r.bytesToDevice, from: r.bytesFromDevice }]))).toEqual(expected);
      const totals = usageTotals(rows);
      expect(totals.bytesToDevice).toBe(made.reduce((n, s) => n + s.to, 0));
      expect(totals.bytesFromDevice).toBe(made.reduce((n, s) => n + s.from, 0));
      expect(totals.vpnSessions).toBe(made.length);
    }), { numRuns: 12 });
  });

  it("exports the same rows as CSV", async () => {
    const q = "from=2025-02-27&to=2025-06-02&granularity=month&timeZone=UTC";
    const rows = await usage(q);
    const res = await get(`/api/data-usage/export?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("usage-");
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("period,device,device id,VPN sessions,bytes to device,bytes from device,API calls");
    expect(lines).toHaveLength(rows.length + 1);
    const bytes = lines.slice(1).reduce((n, l) => n + Number(l.split(",").at(-3)), 0);
    expect(bytes).toBe(usageTotals(rows).bytesToDevice);
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
