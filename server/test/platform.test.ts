/** The platform conventions of api.md: discovery, headers, envelopes, body errors, OpenAPI. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "@portal/core/wire/routes";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

describe.each(await featureBackends())("platform on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signInAs(t.app, "admin@example.com");
  });
  afterAll(async () => { await t?.close(); });

  it("discovery lists every route of the table by rel, without Api-Version", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("success");
    expect(body.moreAfter).toBeNull();
    expect(body.data.map((l: { rel: string }) => l.rel)).toEqual(ROUTES.map((r) => r.rel));
    expect(body.data.find((l: { rel: string }) => l.rel === "GroupType")).toEqual({
      rel: "GroupType", href: "/api/group-types/{publicId}", methods: ["GET", "PATCH", "DELETE"],
    });
  });

  it("health answers without Api-Version", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.json()).toMatchObject({ status: "success", data: { status: "ok", database: kind } });
  });

  it("refuses a call without Api-Version: 2 with 400 on that header", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/my-user", headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", type: "Error", data: [{ message: "Api-Version header must be 2", propertyName: "Api-Version" }] });
    const wrong = await t.app.inject({ method: "GET", url: "/api/my-user", headers: { ...apiHeaders(admin), "api-version": "1" } });
    expect(wrong.statusCode).toBe(400);
  });

  it("answers 401 without or with a bad token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders("nonsense") })).statusCode).toBe(401);
  });

  it("requires Api-Company on company routes (400) and hides other companies (404)", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/group-types", headers: apiHeaders(admin) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data[0].propertyName).toBe("Api-Company");
    const other = await t.app.inject({ method: "GET", url: "/api/group-types", headers: apiHeaders(admin, t.demo.companies["acme"]) });
    expect(other.statusCode).toBe(404);
    expect(other.json().status).toBe("error");
  });

  it("turns bad JSON into 400, a wrong content type into 415 and a huge body into 413", async () => {
    const headers = { ...apiHeaders(admin, t.demo.companies["demo"]) };
    const badJson = await t.app.inject({ method: "POST", url: "/api/group-types", headers: { ...headers, "content-type": "application/json" }, payload: "{nope" });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().status).toBe("error");
    const text = await t.app.inject({ method: "POST", url: "/api/group-types", headers: { ...headers, "content-type": "text/plain" }, payload: "hello" });
    expect(text.statusCode).toBe(415);
    expect(text.json().data[0].message).toMatch(/content type/i);
    const huge = await t.app.inject({
      method: "POST", url: "/api/group-types", headers: { ...headers, "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(33 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it("answers unknown API paths with a 404 envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing-here", headers: apiHeaders(admin) });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe("error");
  });

  it("serves an OpenAPI document with every path and the rights of each method", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    for (const r of ROUTES) expect(Object.keys(doc.paths)).toContain(r.href);
    expect(doc.paths["/api/group-types"].post["x-rights"]).toEqual(["manage:group-types"]);
  });

  it("rejects bad list queries with 400, never 500", async () => {
    const h = apiHeaders(admin, t.demo.companies["demo"]);
    for (const q of ["page-size=0", "page-size=4001", "page-size=abc", "fields=a..b", "filters=zz(name,1)", "filters=eq(nope,1)", "page-after=%%%", "filters=eq(order,abc)"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/group-types?${q}`, headers: h });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().status, q).toBe("error");
    }
  });

  it("compares number filters outside the integer range or with fractions instead of failing", async () => {
    const h = apiHeaders(admin, t.demo.companies["demo"]);
    const all = (await t.app.inject({ method: "GET", url: "/api/group-types", headers: h })).json().data as { order: number }[];
    const cases: Array<[string, number]> = [
      ["gt(order,99999999999999999999)", 0],
      ["lt(order,99999999999999999999)", all.length],
      ["gte(order,-1e30)", all.length],
      ["gt(order,0.5)", all.filter((g) => g.order > 0.5).length],
      ["in(order,1e40,0)", all.filter((g) => g.order === 0).length],
    ];
    for (const [filter, count] of cases) {
      const res = await t.app.inject({ method: "GET", url: `/api/group-types?filters=${encodeURIComponent(filter)}`, headers: h });
      expect(res.statusCode, filter).toBe(200);
      expect(res.json().data, filter).toHaveLength(count);
    }
  });
});
