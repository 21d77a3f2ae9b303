/**
 * Try again on a rate-limited device (spec 4, Rate limiting; issue 9): a hard limit is reset by
 * anyone with a right on the device (one audit entry); a soft limit (still retrying) or a device
 * without a limit is refused with 409 RATE_LIMIT_NOT_STOPPED and left as it is; another company's
 * device is 404, and a member without a device right is 403. Also the Devices screen's group
 * filter (`GET /api/device-groups`): the groups holding a device, per company, for device rights.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agents, auditLogs } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

type Json = { data: any; status: string };

describe.each(await featureBackends())("Try again on a rate-limited device on %s", (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let demo: string;
  let acme: string;
  let devices: Record<string, { publicId: string; rateLimiting: unknown }>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
    for (const [key, email] of Object.entries({
      engineer: "engineer@example.com", translator: "translator@example.com", acmeAdmin: "acme-admin@example.com",
    })) tokens[key] = await signInAs(t.app, email);
    const list = (await call("GET", "/api/agents?page-size=100", "engineer")).json() as Json;
    devices = Object.fromEntries(list.data.map((a: { name: string }) => [a.name, a]));
  });
  afterAll(async () => { await t?.close(); });

  const call = (method: "GET" | "POST", url: string, who: string, company = demo) =>
    t.app.inject({ method, url, headers: apiHeaders(tokens[who], company) });
  const reset = (device: string, who = "engineer", company = demo) =>
    call("POST", `/api/agents/${devices[device]!.publicId}/rate-limit-reset`, who, company);
  const stored = async (device: string) =>
    (await t.database.db.select({ limit: agents.rateLimit, counter: agents.rateCounter }).from(agents).where(eq(agents.publicId, devices[device]!.publicId)))[0];

  it("refuses another company's caller (404) and a member without a device right (403), changing nothing", async () => {
    expect(devices["Press Line Router"]!.rateLimiting).toMatchObject({ configOpenvpnLimit: "hard", configOpenvpnCounter: 12 });
    const foreign = await reset("Press Line Router", "acmeAdmin", acme);
    expect(foreign.statusCode, foreign.body).toBe(404);
    const noRight = await reset("Press Line Router", "translator");
    expect(noRight.statusCode, noRight.body).toBe(403);
    expect(await stored("Press Line Router")).toEqual({ limit: "hard", counter: 12 });
  });

  it("refuses a soft limit: the system is still retrying", async () => {
    const res = await reset("Boiler Controller");
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as Json).data[0].message).toBe("RATE_LIMIT_NOT_STOPPED");
    expect(await stored("Boiler Controller")).toEqual({ limit: "soft", counter: 3 });
  });

  it("resets a hard limit once: the device answers without a limit, one audit entry, a second Try again is refused", async () => {
    const res = await reset("Press Line Router");
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Json).data).toMatchObject({ publicId: devices["Press Line Router"]!.publicId, rateLimiting: null });
    expect(await stored("Press Line Router")).toEqual({ limit: null, counter: 0 });
    const again = await reset("Press Line Router");
    expect(again.statusCode, again.body).toBe(409);
    const audit = await t.database.db.select().from(auditLogs)
      .where(and(eq(auditLogs.target, devices["Press Line Router"]!.publicId), eq(auditLogs.topic, "Agent")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "UPDATE", after: { rateLimiting: null } });
    expect(audit[0]!.before).toMatchObject({ rateLimiting: { configOpenvpnLimit: "hard", configOpenvpnCounter: 12 } });
  });

  it("lists the groups holding a device of the company for the group filter, by name; 403 without a device right", async () => {
    const names = async (who: string, company = demo) => {
      const res = await call("GET", "/api/device-groups", who, company);
      expect(res.statusCode, res.body).toBe(200);
      return ((res.json() as Json).data as Array<{ name: string }>).map((g) => g.name);
    };
    const demoGroups = await names("engineer");
    expect(demoGroups).toEqual([...new Set(Object.values(devices).flatMap((d: any) => d.groups.map((g: { name: string }) => g.name)))].sort());
    expect(demoGroups).toEqual(expect.arrayContaining(["Engineering", "Hall A", "Maintenance"]));
    expect(await names("acmeAdmin", acme)).toEqual(["Night crew"]);
    expect((await call("GET", "/api/device-groups", "translator")).statusCode).toBe(403);
  });
});
