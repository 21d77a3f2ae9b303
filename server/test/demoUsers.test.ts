/**
 * The demo sign-ins hold, once loaded, exactly the rights the fixture gives them: the rights
 * table suite and the end-to-end specs take their expectations from the fixture, so this is the
 * check that the loader wrote it as is. Plus what the e2e specs rely on for the two
 * narrowest users: the viewer reads groups but changes no group type; the engineer reads the
 * audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData } from "@portal/fixtures/demo/demoData";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const demoCompany = demoData.companies.find((c) => c.key === "demo")!;
const emailOf = (key: string) => demoData.users.find((u) => u.key === key)!.email;
const rightsOf = (key: string) => demoCompany.roles.filter((r) => demoCompany.members[key]!.includes(r.key)).flatMap((r) => r.rights);

describe.each(await featureBackends())("demo users on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = t.demo.companies["demo"]!;
  });
  afterAll(async () => { await t?.close(); });

  it.each(Object.keys(demoCompany.members))("%s signs in and holds the fixture's rights in Demo Company", async (key) => {
    const secret = await signInAs(t.app, emailOf(key));
    const res = await t.app.inject({ method: "GET", url: "/api/my-rights", headers: apiHeaders(secret, demo) });
    expect(res.statusCode, res.body).toBe(200);
    expect([...(res.json() as { data: { rights: string[] } }).data.rights].sort()).toEqual([...new Set(rightsOf(key))].sort());
  });

  it("the viewer holds manage:groups only: lists groups and group types, may not add a group type", async () => {
    expect(rightsOf("viewer")).toEqual(["manage:groups"]);
    const headers = apiHeaders(await signInAs(t.app, "viewer@example.com"), demo);
    expect((await t.app.inject({ method: "GET", url: "/api/groups", headers })).statusCode).toBe(200);
    const types = await t.app.inject({ method: "GET", url: "/api/group-types?fields=name", headers });
    expect((types.json() as { data: Array<{ name: string }> }).data.map((g) => g.name)).toEqual(["Department", "Location", "Shift"]);
    const add = await t.app.inject({ method: "POST", url: "/api/group-types", headers, payload: { name: "Viewer's type" } });
    expect(add.statusCode).toBe(403);
  });

  it("every demo user has a password hash of their own (own salt)", async () => {
    const hashes = (await t.database.db.query.users.findMany()).map((u) => u.passwordHash);
    expect(hashes.length).toBe(demoData.users.length);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(new Set(hashes.map((h) => h.split("$")[4])).size).toBe(hashes.length);
  });

  it("the engineer reads the audit trail of Demo Company", async () => {
    const headers = apiHeaders(await signInAs(t.app, "engineer@example.com"), demo);
    const res = await t.app.inject({ method: "GET", url: "/api/audit-logs?page-size=1", headers });
    expect(res.statusCode, res.body).toBe(200);
  });
});
