/** Group types and asset types: list, create, bulk reorder, rename, delete rules, rights, isolation, audit. */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

describe.each(await featureBackends())("group types on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let translator: string;
  let engineer: string;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signInAs(t.app, "admin@example.com");
    translator = await signInAs(t.app, "translator@example.com");
    engineer = await signInAs(t.app, "engineer@example.com");
    demo = t.demo.companies["demo"]!;
  });
  afterAll(async () => { await t?.close(); });
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, secret: string, payload?: unknown, company = demo) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, company), ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async (url = "/api/group-types") => (await call("GET", `${url}?fields=color,name,order&page-size=100`, admin)).json().data as Array<{ publicId: string; name: string; color?: string | null; order: number }>;

  it("lists the company's group types by order with the requested fields", async () => {
    const res = await call("GET", "/api/group-types?fields=color,name,order", engineer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((g: { name: string }) => g.name)).toEqual(["Department", "Location", "Shift"]);
    expect(res.json().data[0]).toEqual({ publicId: expect.any(String), color: "#1f77b4", name: "Department", order: 0 });
    const names = await call("GET", "/api/group-types?fields=name", engineer);
    expect(Object.keys(names.json().data[0])).toEqual(["publicId", "name"]);
  });

  it("pages with page-size and page-after, moreAfter null on the last page", async () => {
    const first = (await call("GET", "/api/group-types?page-size=2", admin)).json();
    expect(first.data).toHaveLength(2);
    const second = (await call("GET", `/api/group-types?page-size=2&page-after=${first.moreAfter}`, admin)).json();
    expect(second.data.map((g: { name: string }) => g.name)).toEqual(["Shift"]);
    expect(second.moreAfter).toBeNull();
  });

  it("creates with order = max + 1000 and answers [{publicId}]", async () => {
    const res = await call("POST", "/api/group-types", admin, { name: "Machine line", color: "#ABCDEF" });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual([{ publicId: expect.any(String) }]);
    const created = (await list()).find((g) => g.name === "Machine line")!;
    expect(created).toMatchObject({ order: 3000, color: "#abcdef" });
  });

  it("refuses a clashing name (NAME_ALREADY_IN_USE), a missing name and a missing colour with the subgroups right", async () => {
    const clash = await call("POST", "/api/group-types", admin, { name: " department ", color: "#000000" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().data).toEqual([{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }]);
    const blank = await call("POST", "/api/group-types", admin, { name: "", color: "#000000" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data).toEqual([{ message: "REQUIRED", propertyName: "name" }]);
    const noColor = await call("POST", "/api/group-types", admin, { name: "No colour" });
    expect(noColor.json().data).toEqual([{ message: "REQUIRED", propertyName: "color" }]);
    const long = await call("POST", "/api/group-types", admin, { name: "x".repeat(256), color: "#000000" });
    expect(long.statusCode).toBe(400);
  });

  it("lets a user without the subgroups right create without colour; refuses users without manage:group-types (403)", async () => {
    const res = await call("POST", "/api/group-types", translator, { name: "Translator's type", color: "#123456" });
    expect(res.statusCode).toBe(201);
    expect((await list()).find((g) => g.name === "Translator's type")!.color).toBeNull();
    const denied = await call("POST", "/api/group-types", engineer, { name: "Nope", color: "#000000" });
    expect(denied.statusCode).toBe(403);
  });

  it("creates a list in one transaction: a failing item rolls back all, with its listIndex", async () => {
    const before = await list();
    const res = await call("POST", "/api/group-types", admin, [{ name: "Batch A", color: "#000001" }, { name: "Batch A", color: "#000002" }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual([{ message: "NAME_ALREADY_IN_USE", propertyName: "name", listIndex: 1 }]);
    expect(await list()).toEqual(before);
  });

  it("reorders with a bulk PATCH (drag), all or nothing", async () => {
    const current = await list();
    const reversed = [...current].reverse().map((g, i) => ({ publicId: g.publicId, order: i * 1000 }));
    const res = await call("PATCH", "/api/group-types", admin, reversed);
    expect(res.statusCode).toBe(200);
    expect((await list()).map((g) => g.publicId)).toEqual(reversed.map((r) => r.publicId));
    const broken = await call("PATCH", "/api/group-types", admin, [{ publicId: current[0]!.publicId, order: 5 }, { publicId: "AAAAAAAAAAAA", order: 6 }]);
    expect(broken.statusCode).toBe(404);
    expect(broken.json().data[0].listIndex).toBe(1);
    expect((await list()).map((g) => g.publicId)).toEqual(reversed.map((r) => r.publicId));
  });

  it("renames one group type; a clash is NAME_ALREADY_IN_USE", async () => {
    const [a, b] = await list();
    const ok = await call("PATCH", `/api/group-types/${a!.publicId}`, admin, { name: "Renamed", color: "#111111" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: "Renamed", color: "#111111" });
    const clash = await call("PATCH", `/api/group-types/${b!.publicId}`, admin, { name: "renamed" });
    expect(clash.statusCode).toBe(409);
  });

  it("refuses to delete a group type in use (CANNOT_DELETE_GROUP_TYPE), deletes an unused one", async () => {
    const types = await list();
    const department = types.find((g) => g.name === "Department")!;
    const groups = await call("GET", `/api/groups?filters=eq(groupType.publicId,${department.publicId})`, admin);
    expect(groups.json().data.map((g: { name: string }) => g.name).sort()).toEqual(["Engineering", "Maintenance"]);
    const inUse = await call("DELETE", `/api/group-types/${department.publicId}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().data).toEqual([{ message: "CANNOT_DELETE_GROUP_TYPE" }]);
    const shift = types.find((g) => g.name === "Shift")!;
    const bulk = await call("DELETE", "/api/group-types", admin, [{ publicId: shift.publicId }, { publicId: department.publicId }]);
    expect(bulk.json().data).toEqual([{ message: "CANNOT_DELETE_GROUP_TYPE", listIndex: 1 }]);
    expect((await list()).some((g) => g.publicId === shift.publicId)).toBe(true);
    const ok = await call("DELETE", "/api/group-types", admin, [{ publicId: shift.publicId }]);
    expect(ok.statusCode).toBe(200);
    expect((await list()).some((g) => g.publicId === shift.publicId)).toBe(false);
  });

  it("refuses to delete the last asset type, and one used by a resource variant", async () => {
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    const acme = t.demo.companies["acme"]!;
    const types = (await call("GET", "/api/asset-types", acmeAdmin, undefined, acme)).json().data as Array<{ publicId: string; name: string }>;
    const robot = types.find((a) => a.name === "Robot")!;
    const press = types.find((a) => a.name === "Press")!;
    expect((await call("DELETE", `/api/asset-types/${robot.publicId}`, acmeAdmin, undefined, acme)).json().data).toEqual([{ message: "CANNOT_DELETE_ASSET_TYPE" }]);
    expect((await call("DELETE", `/api/asset-types/${press.publicId}`, acmeAdmin, undefined, acme)).statusCode).toBe(200);
    expect((await call("POST", "/api/asset-types", acmeAdmin, { name: "Robot" }, acme)).statusCode).toBe(409);
  });

  it("never shows or changes another company's types (404)", async () => {
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    const acmeTypes = (await call("GET", "/api/group-types", acmeAdmin, undefined, t.demo.companies["acme"])).json().data;
    const target = acmeTypes[0].publicId;
    expect((await call("GET", `/api/group-types/${target}`, admin)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/group-types/${target}`, admin, { name: "Hijack" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/group-types/${target}`, admin)).statusCode).toBe(404);
  });

  it("writes one audit entry per target in the same transaction", async () => {
    const count = async () => (await t.database.db.query.auditLogs.findMany()).filter((l) => l.topic === "GroupType").length;
    const before = await count();
    await call("POST", "/api/group-types", admin, [{ name: "Audit 1", color: "#000001" }, { name: "Audit 2", color: "#000002" }]);
    expect(await count()).toBe(before + 2);
    await call("POST", "/api/group-types", admin, [{ name: "Audit 3", color: "#000001" }, { name: "Audit 3", color: "#000002" }]);
    expect(await count()).toBe(before + 2);
  });

  it("property: after any bulk reorder the list comes back in the order sent", async () => {
    const ids = (await list()).map((g) => g.publicId);
    await fc.assert(fc.asyncProperty(fc.shuffledSubarray(ids, { minLength: ids.length, maxLength: ids.length }), async (perm) => {
      const res = await call("PATCH", "/api/group-types", admin, perm.map((publicId, i) => ({ publicId, order: i * 1000 })));
      expect(res.statusCode).toBe(200);
      expect((await list()).map((g) => g.publicId)).toEqual(perm);
    }), { numRuns: 8 });
  });
});
