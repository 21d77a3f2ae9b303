/**
 * Pages (issue 13) over HTTP on PGlite: create with an empty draft (period 'today'), the draft
 * rules of spec 4 (ensure, discard, publish; 'Page has no draft version'), duplicate (published
 * only: 'No published page'), set default (one per kind), PATCH of the draft with components
 * decoded by the registry, export and import into ANOTHER company, a bad file refused with its
 * reason and nothing written, the per-device list, and one audit row per write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiHeaders, createTestApp, signInAs, type TestApp } from "./testDatabase";
import { countRows } from "./suites/suiteHelpers";

interface Version { publicId: string; title: string; periodSpec: string; components: Array<Record<string, unknown>>; pagePages: unknown[]; custom: { glbMatIcon?: string | null }; previewAgent: { publicId: string } | null; previewAsset: { publicId: string } | null }
interface PageView { publicId: string; kind: string; isDefault: boolean; draft: Version | null; published: Version | null }

describe("pages", () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  let admin: string;
  let acmeAdmin: string;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
    admin = await signInAs(t.app, "admin@example.com");
    acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
  });
  afterAll(async () => t.close());

  const call = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, secret = admin, company = demo) => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(secret, company), ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as { data: unknown } };
  };
  const getPage = async (id: string, secret = admin, company = demo) => (await call("GET", `/api/pages/${id}`, undefined, secret, company)).body.data as PageView;
  const create = async (title: string, extra: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api/pages", { title, ...extra });
    expect(res.status).toBe(201);
    return (res.body.data as Array<{ publicId: string }>)[0]!.publicId;
  };
  const audits = () => countRows(t.database.db, "audit_logs");

  it("lists the demo dashboard and report template, published, each the default of its kind", async () => {
    const res = await call("GET", "/api/pages?page-size=100");
    const list = res.body.data as PageView[];
    const dashboard = list.find((p) => p.published?.title === "Boiler overview")!;
    const report = list.find((p) => p.published?.title === "Monthly service report")!;
    expect(dashboard).toMatchObject({ kind: "dashboard", isDefault: true });
    expect(report).toMatchObject({ kind: "report", isDefault: true });
    expect(dashboard.published!.components.map((c) => c["kind"])).toEqual(["device-info", "live-value", "gauge", "line-graph"]);
    expect(dashboard.draft!.publicId).not.toBe(dashboard.published!.publicId);
    expect(dashboard.published!.previewAgent).not.toBeNull();
    // Acme sees none of them.
    expect((await call("GET", "/api/pages", undefined, acmeAdmin, acme)).body.data).toEqual([]);
    expect((await call("GET", `/api/pages/${dashboard.publicId}`, undefined, acmeAdmin, acme)).status).toBe(404);
  });

  it("creates with an empty draft and period 'today'; publish, discard and duplicate follow spec 4", async () => {
    const before = await audits();
    const id = await create("Line 3", { custom: { glbMatIcon: "factory" } });
    let page = await getPage(id);
    expect(page).toMatchObject({ kind: "dashboard", isDefault: false, published: null });
    expect(page.draft).toMatchObject({ title: "Line 3", periodSpec: "today", components: [], pagePages: [], custom: { glbMatIcon: "factory" } });
    expect(await audits()).toBe(before + 1);

    // Duplicate of a page never published: 409 'No published page', nothing written.
    const dup = await call("POST", `/api/pages/${id}/duplicate`);
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual([{ message: "No published page" }]);
    expect(await audits()).toBe(before + 1);

    // Ensure draft with a draft: the same draft, no write.
    const ensured = await call("POST", `/api/pages/${id}/draft`);
    expect((ensured.body.data as Version).publicId).toBe(page.draft!.publicId);
    expect(await audits()).toBe(before + 1);

    // Autosave: PATCH the draft with a component.
    const draft = page.draft!;
    const component = { id: "c1", kind: "live-value", x: 0, y: 0, w: 3, h: 2, config: { label: "Flow", dataPoint: "flow", unit: "l/s" } };
    const patched = await call("PATCH", `/api/pages/${id}`, { draft: { ...draft, components: [component] } });
    expect(patched.status).toBe(200);
    expect((patched.body.data as PageView).draft!.components).toEqual([component]);

    // Publish: the draft becomes the published version (same id) and a new draft is ensured.
    const published = (await call("POST", `/api/pages/${id}/publication`)).body.data as PageView;
    expect(published.published!.publicId).toBe(draft.publicId);
    expect(published.draft!.publicId).not.toBe(draft.publicId);
    expect(published.draft!.components).toEqual([component]);

    // Discard: the draft goes and a copy of the published version comes back.
    const discarded = (await call("DELETE", `/api/pages/${id}/draft`)).body.data as PageView;
    expect(discarded.draft!.publicId).not.toBe(published.draft!.publicId);
    expect(discarded.published!.publicId).toBe(draft.publicId);

    // A stale draft id is refused (the editor worked on an old copy).
    const stale = await call("PATCH", `/api/pages/${id}`, { draft: { ...draft, title: "Stale" } });
    expect(stale.status).toBe(409);

    // Duplicate now works: a new page with the published content, the source unchanged.
    const copy = (await call("POST", `/api/pages/${id}/duplicate`)).body.data as PageView;
    expect(copy.publicId).not.toBe(id);
    expect(copy.published!.components).toEqual([component]);
    expect(copy.draft!.components).toEqual([component]);
    page = await getPage(id);
    expect(page.published!.publicId).toBe(draft.publicId);
    expect(await audits()).toBe(before + 5);
  });

  it("refuses a component of an unknown kind or outside the grid, writing nothing", async () => {
    const id = await create("Grid");
    const page = await getPage(id);
    const before = await audits();
    for (const bad of [
      { id: "x", kind: "teleporter", x: 0, y: 0, w: 1, h: 1, config: {} },
      { id: "x", kind: "gauge", x: 10, y: 0, w: 4, h: 3, config: { label: "a", dataPoint: "b", unit: "", min: 0, max: 1 } },
      { id: "x", kind: "gauge", x: 0, y: 0, w: 4, h: 3, config: { label: "a" } },
    ]) {
      const res = await call("PATCH", `/api/pages/${id}`, { draft: { ...page.draft!, components: [bad] } });
      expect(res.status).toBe(400);
    }
    expect((await getPage(id)).draft!.components).toEqual([]);
    expect(await audits()).toBe(before);
  });

  it("sets the default of a kind: the previous default of that kind is no longer one", async () => {
    const id = await create("Second dashboard");
    await call("POST", `/api/pages/${id}/default`);
    const list = (await call("GET", "/api/pages?page-size=100")).body.data as PageView[];
    expect(list.filter((p) => p.kind === "dashboard" && p.isDefault).map((p) => p.publicId)).toEqual([id]);
    expect(list.filter((p) => p.kind === "report" && p.isDefault)).toHaveLength(1);
  });

  it("exports a page and imports it into another company; a bad file is refused with the reason and nothing is written", async () => {
    const list = (await call("GET", "/api/pages?page-size=100")).body.data as PageView[];
    const source = list.find((p) => p.published?.title === "Boiler overview")!;
    const file = (await call("GET", `/api/pages/${source.publicId}/export`)).body.data as Record<string, unknown>;
    expect(file).toMatchObject({ format: "portal-page", version: 1, kind: "dashboard" });
    expect(JSON.stringify(file)).not.toContain(source.published!.previewAgent!.publicId);

    const pagesBefore = await countRows(t.database.db, "pages");
    const auditsBefore = await audits();
    for (const [text, reason] of [
      ["not json", "The file is not valid JSON"],
      [JSON.stringify({ format: "other" }), "The file is not a page export (format portal-page)"],
      [JSON.stringify({ ...file, version: 9 }), "The file has version 9; this portal reads version 1"],
      [JSON.stringify({ ...file, page: { ...(file["page"] as object), components: [{ id: "a", kind: "nope" }] } }), "The file's content is not valid"],
    ] as const) {
      const res = await call("POST", "/api/page-imports", { file: text }, acmeAdmin, acme);
      expect(res.status).toBe(400);
      expect((res.body.data as Array<{ message: string; propertyName: string }>)[0]!.message).toContain(reason);
    }
    expect(await countRows(t.database.db, "pages")).toBe(pagesBefore);
    expect(await audits()).toBe(auditsBefore);

    const imported = await call("POST", "/api/page-imports", { file: JSON.stringify(file) }, acmeAdmin, acme);
    expect(imported.status).toBe(201);
    const newId = (imported.body.data as Array<{ publicId: string }>)[0]!.publicId;
    const page = await getPage(newId, acmeAdmin, acme);
    expect(page.published).toMatchObject({ title: "Boiler overview", previewAgent: null });
    expect(page.published!.components).toEqual(source.published!.components);
    expect(page.draft!.components).toEqual(source.published!.components);
    expect(await audits()).toBe(auditsBefore + 1);
    // It is Acme's, not the demo company's.
    expect((await call("GET", `/api/pages/${newId}`)).status).toBe(404);
  });

  it("lists the published pages of a device at page-size 4000, and refuses another company's device", async () => {
    const agents = (await call("GET", "/api/agents")).body.data as Array<{ publicId: string }>;
    const res = await call("GET", `/api/agents/${agents[0]!.publicId}/pages?page-size=4000`);
    expect(res.status).toBe(200);
    const list = res.body.data as PageView[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((p) => p.published !== null)).toBe(true);
    expect((await call("GET", `/api/agents/${agents[0]!.publicId}/pages`, undefined, acmeAdmin, acme)).status).toBe(404);
  });

  it("deletes a page with its versions; publishing or discarding without a draft says 'Page has no draft version'", async () => {
    const id = await create("Short-lived");
    // A draft-less page can only come from the database (the API always ensures one).
    const { pageVersions, pages } = await import("../src/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await t.database.db.select().from(pages).where(eq(pages.publicId, id));
    await t.database.db.delete(pageVersions).where(eq(pageVersions.pageId, row!.id));
    for (const [method, url] of [["POST", `/api/pages/${id}/publication`], ["DELETE", `/api/pages/${id}/draft`]] as const) {
      const res = await call(method, url);
      expect(res.status).toBe(409);
      expect(res.body.data).toEqual([{ message: "Page has no draft version" }]);
    }
    expect((await call("DELETE", `/api/pages/${id}`)).status).toBe(200);
    expect((await call("GET", `/api/pages/${id}`)).status).toBe(404);
  });
});
