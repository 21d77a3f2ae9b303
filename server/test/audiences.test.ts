/**
 * Access categories (audiences; issue 11) over HTTP: list, create, rename, delete (409 'Audience is
 * still in use' while a membership or device carries one), the default (one at most, in the rule
 * and in the database), defaultAudienceId for new members, and what a category decides: a member
 * with category X does not see a device of category Y (list, by id, assets), administrators do.
 */
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agents, audiences, companies, memberships, users } from "../src/db/schema";
import { defaultAudienceId } from "../src/roles/companyMembers";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

interface AudienceView { publicId: string; name: string; default: boolean }

describe.each(await featureBackends())("access categories on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = t.demo.companies["demo"]!;
    admin = await signInAs(t.app, "admin@example.com");
  });
  afterAll(async () => { await t?.close(); });

  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, secret = admin, payload?: unknown, company = demo) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, company), ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async (): Promise<AudienceView[]> => ((await call("GET", "/api/audiences?page-size=100")).json() as { data: AudienceView[] }).data;
  const named = async (name: string) => (await list()).find((a) => a.name === name)!;
  const companyId = async () => (await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, demo)))[0]!.id;

  it("lists the demo categories by name with the default", async () => {
    expect(await list()).toEqual([
      expect.objectContaining({ name: "Office", default: false }),
      expect.objectContaining({ name: "Plant floor", default: true }),
    ]);
  });

  it("creates, renames and deletes a category; names are required and unique", async () => {
    const created = await call("POST", "/api/audiences", admin, { name: "Visitors" });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    expect((await call("GET", `/api/audiences/${id}`)).json().data).toEqual({ publicId: id, name: "Visitors", default: false });
    const taken = await call("PATCH", `/api/audiences/${id}`, admin, { name: "office" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data[0]).toMatchObject({ message: "AUDIENCE_NAME_ALREADY_IN_USE", propertyName: "name" });
    expect((await call("POST", "/api/audiences", admin, { name: "" })).statusCode).toBe(400);
    expect((await call("PATCH", `/api/audiences/${id}`, admin, { name: "Guests" })).json().data.name).toBe("Guests");
    expect((await call("DELETE", `/api/audiences/${id}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/audiences/${id}`)).statusCode).toBe(404);
  });

  it("refuses to delete a category a device or a member carries: 409 'Audience is still in use'", async () => {
    const office = await named("Office");
    const res = await call("DELETE", `/api/audiences/${office.publicId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().data[0].message).toBe("Audience is still in use");
    expect((await list()).some((a) => a.name === "Office")).toBe(true);
  });

  it("sets and unsets the default: one default at most, and defaultAudienceId follows it", async () => {
    const office = await named("Office");
    const plant = await named("Plant floor");
    const set = await call("POST", `/api/audiences/${office.publicId}/default`);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ publicId: office.publicId, default: true });
    expect((await list()).filter((a) => a.default).map((a) => a.name)).toEqual(["Office"]);
    const id = await companyId();
    const [officeRow] = await t.database.db.select({ id: audiences.id }).from(audiences).where(eq(audiences.publicId, office.publicId));
    expect(await defaultAudienceId(t.database.db, id)).toBe(officeRow!.id);
    const unset = await call("DELETE", `/api/audiences/${office.publicId}/default`);
    expect(unset.json().data.default).toBe(false);
    expect((await list()).filter((a) => a.default)).toEqual([]);
    expect(await defaultAudienceId(t.database.db, id)).toBeNull();
    expect((await call("POST", `/api/audiences/${plant.publicId}/default`)).statusCode).toBe(200);
    expect((await call("POST", "/api/audiences/nope/default")).statusCode).toBe(404);
  });

  it("the database itself refuses a second default of a company (partial unique index)", async () => {
    const office = await named("Office");
    await expect(t.database.db.update(audiences).set({ isDefault: true }).where(eq(audiences.publicId, office.publicId))).rejects.toThrow();
  });

  it("property: after any sequence of set and unset calls the company has at most one default", async () => {
    const ids = (await list()).map((a) => a.publicId);
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.constantFrom(...ids)), { minLength: 1, maxLength: 6 }), async (steps) => {
      for (const [on, id] of steps) expect((await call(on ? "POST" : "DELETE", `/api/audiences/${id}/default`)).statusCode).toBe(200);
      const defaults = (await list()).filter((a) => a.default);
      expect(defaults.length).toBeLessThanOrEqual(1);
      const [lastOn, lastId] = steps[steps.length - 1]!;
      if (lastOn) expect(defaults.map((d) => d.publicId)).toEqual([lastId]);
      else expect(defaults.map((d) => d.publicId)).not.toContain(lastId);
    }), { numRuns: 8 });
    await call("POST", `/api/audiences/${(await named("Plant floor")).publicId}/default`);
  });

  it("a member with category X does not see a device of category Y: not listed, 404 by id, its assets hidden; administrators see all", async () => {
    const db = t.database.db;
    const id = await companyId();
    const [plant] = await db.select().from(audiences).where(and(eq(audiences.companyId, id), eq(audiences.name, "Plant floor")));
    const [engineerUser] = await db.select().from(users).where(eq(users.email, "engineer@example.com"));
    await db.update(memberships).set({ audienceId: plant!.id }).where(and(eq(memberships.userId, engineerUser!.id), eq(memberships.companyId, id)));
    // Line 1 Router (with assets) joins the Office category for this test.
    const [office] = await db.select().from(audiences).where(and(eq(audiences.companyId, id), eq(audiences.name, "Office")));
    await db.update(agents).set({ audienceId: office!.id }).where(and(eq(agents.companyId, id), eq(agents.name, "Line 1 Router")));
    t.app.portal.cache.dropAll();
    const engineer = await signInAs(t.app, "engineer@example.com");
    const seen = (await call("GET", "/api/agents?page-size=100&fields=name", engineer)).json() as { data: Array<{ name: string }> };
    const names = seen.data.map((a) => a.name);
    expect(names).toContain("Boiler Controller");
    expect(names).toContain("Line 2 Router");
    expect(names).not.toContain("Press Line Router");
    expect(names).not.toContain("Line 1 Router");
    const all = (await call("GET", "/api/agents?page-size=100&fields=name")).json() as { data: Array<{ publicId: string; name: string }> };
    expect(all.data.map((a) => a.name)).toContain("Press Line Router");
    const press = all.data.find((a) => a.name === "Press Line Router")!.publicId;
    expect((await call("GET", `/api/agents/${press}`, engineer)).statusCode).toBe(404);
    expect((await call("GET", `/api/agents/${press}/approvers`, engineer)).statusCode).toBe(404);
    expect((await call("GET", `/api/agents/${press}`)).statusCode).toBe(200);
    const assetsSeen = (await call("GET", "/api/assets?page-size=100", engineer)).json() as { data: Array<{ name: string; publicId: string }> };
    expect(assetsSeen.data.map((a) => a.name)).not.toContain("Pump P-101");
    const allAssets = (await call("GET", "/api/assets?page-size=100")).json() as { data: Array<{ name: string; publicId: string }> };
    const pump = allAssets.data.find((a) => a.name === "Pump P-101")!.publicId;
    expect((await call("GET", `/api/assets/${pump}`, engineer)).statusCode).toBe(404);
    // Back as it was, for the other tests of this file.
    await db.update(agents).set({ audienceId: null }).where(and(eq(agents.companyId, id), eq(agents.name, "Line 1 Router")));
    await db.update(memberships).set({ audienceId: null }).where(eq(memberships.userId, engineerUser!.id));
    t.app.portal.cache.dropAll();
  });

  it("keeps categories to their company and to manage:roles", async () => {
    const acme = await signInAs(t.app, "acme-admin@example.com");
    const acmeId = t.demo.companies["acme"]!;
    const created = await call("POST", "/api/audiences", acme, { name: "Acme only" }, acmeId);
    const foreign = (created.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    expect((await call("GET", `/api/audiences/${foreign}`)).statusCode).toBe(404);
    expect((await call("POST", `/api/audiences/${foreign}/default`)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/audiences/${foreign}`)).statusCode).toBe(404);
    const viewer = await signInAs(t.app, "viewer@example.com");
    expect((await call("GET", "/api/audiences", viewer)).statusCode).toBe(403);
    expect((await call("POST", `/api/audiences/${(await named("Office")).publicId}/default`, viewer)).statusCode).toBe(403);
  });
});
