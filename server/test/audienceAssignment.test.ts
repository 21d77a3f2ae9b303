/**
 * Giving members and devices an access category (issue 11) over HTTP: an administrator sets and
 * clears a member's and a device's category, audited; the member's device list follows at once; a
 * category of another company or an unknown one is a 400 naming "audience"; a user without
 * manage:roles is refused; a category in use cannot be deleted.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

type Json = { data: any };

describe.each(await featureBackends())("access category assignment on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  const tokens: Record<string, string> = {};
  const call = (method: "GET" | "PATCH" | "DELETE", url: string, who: string, payload?: unknown, company = demo) =>
    t.app.inject({ method, url, headers: apiHeaders(tokens[who], company), ...(payload === undefined ? {} : { payload: payload as object }) });
  const audienceId = async (name: string, who = "admin", company = demo) =>
    ((await call("GET", "/api/audiences?page-size=100", who, undefined, company)).json() as Json).data.find((a: { name: string }) => a.name === name).publicId as string;
  const deviceNames = async (who: string) =>
    ((await call("GET", "/api/agents?page-size=100", who)).json() as Json).data.map((a: { name: string }) => a.name).sort() as string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = t.demo.companies["demo"]!;
    for (const [key, email] of Object.entries({ admin: "admin@example.com", engineer: "engineer@example.com", approver: "approver@example.com", acmeAdmin: "acme-admin@example.com" })) {
      tokens[key] = await signInAs(t.app, email);
    }
  });
  afterAll(async () => { await t?.close(); });

  it("a member given 'Office' sees the Office device and the uncategorised ones, not the Plant floor one; cleared, every device", async () => {
    const engineer = t.demo.users["engineer"]!;
    const all = await deviceNames("engineer");
    expect(all).toEqual(expect.arrayContaining(["Boiler Controller", "Press Line Router"]));
    expect((await call("GET", `/api/users/${engineer}/audience`, "admin")).json().data).toEqual({ publicId: engineer, audience: null });
    const office = await audienceId("Office");
    const set = await call("PATCH", `/api/users/${engineer}/audience`, "admin", { audience: { publicId: office } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ publicId: engineer, audience: { publicId: office, name: "Office" } });
    expect((await call("GET", `/api/users/${engineer}/audience`, "admin")).json().data.audience.name).toBe("Office");
    const seen = await deviceNames("engineer");
    expect(seen).toContain("Press Line Router");
    expect(seen).not.toContain("Boiler Controller");
    expect(seen.length).toBe(all.length - 1);
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.topic, "UserAudience"), eq(auditLogs.target, engineer)));
    expect(entry).toMatchObject({ action: "UPDATE", before: { audience: null }, after: { audience: { name: "Office" } } });
    // In use: the category cannot be deleted.
    expect((await call("DELETE", `/api/audiences/${office}`, "admin")).statusCode).toBe(409);
    expect((await call("PATCH", `/api/users/${engineer}/audience`, "admin", { audience: null })).json().data.audience).toBeNull();
    expect(await deviceNames("engineer")).toEqual(all);
  });

  it("a device moved into 'Office' disappears for a Plant floor member and reappears when cleared", async () => {
    const engineer = t.demo.users["engineer"]!;
    const plant = await audienceId("Plant floor");
    const office = await audienceId("Office");
    expect((await call("PATCH", `/api/users/${engineer}/audience`, "admin", { audience: { publicId: plant } })).statusCode).toBe(200);
    const line2 = ((await call("GET", "/api/agents?page-size=100", "admin")).json() as Json).data.find((a: { name: string }) => a.name === "Line 2 Router").publicId as string;
    expect(await deviceNames("engineer")).toContain("Line 2 Router");
    const moved = await call("PATCH", `/api/agents/${line2}/audience`, "admin", { audience: { publicId: office } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call("GET", `/api/agents/${line2}/audience`, "admin")).json().data.audience).toEqual({ publicId: office, name: "Office" });
    expect(await deviceNames("engineer")).not.toContain("Line 2 Router");
    expect((await call("GET", `/api/agents/${line2}`, "engineer")).statusCode).toBe(404);
    const [entry] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.topic, "AgentAudience"), eq(auditLogs.target, line2)));
    expect(entry).toMatchObject({ action: "UPDATE", after: { audience: { name: "Office" } } });
    expect((await call("PATCH", `/api/agents/${line2}/audience`, "admin", { audience: null })).statusCode).toBe(200);
    expect(await deviceNames("engineer")).toContain("Line 2 Router");
    await call("PATCH", `/api/users/${engineer}/audience`, "admin", { audience: null });
  });

  it("refuses another company's or an unknown category (400 on audience), bad bodies (400) and callers without manage:roles (403)", async () => {
    const engineer = t.demo.users["engineer"]!;
    const acmeStaff = await audienceId("Acme staff", "acmeAdmin", t.demo.companies["acme"]!);
    for (const publicId of [acmeStaff, "nope"]) {
      const res = await call("PATCH", `/api/users/${engineer}/audience`, "admin", { audience: { publicId } });
      expect(res.statusCode).toBe(400);
      expect(res.json().data[0]).toMatchObject({ message: "UNKNOWN_AUDIENCE", propertyName: "audience" });
    }
    expect((await call("PATCH", `/api/users/${engineer}/audience`, "admin", { audience: 5 })).statusCode).toBe(400);
    expect((await call("PATCH", `/api/users/${engineer}/audience`, "admin", {})).statusCode).toBe(400);
    expect((await call("PATCH", `/api/users/${engineer}/audience`, "approver", { audience: null })).statusCode).toBe(403);
    expect((await call("GET", `/api/users/${engineer}/audience`, "acmeAdmin", undefined, t.demo.companies["acme"]!)).statusCode).toBe(404);
  });
});
