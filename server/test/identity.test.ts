/**
 * Company identity and menu items (issue 12) over HTTP on PGlite: the identity is read and
 * changed by manage:branding, in one transaction with one audit entry and one event per user of
 * the company; images are judged by their content (a PNG renamed .svg is accepted as the PNG it
 * is; SVG, HTML and scripts disguised as images are refused with 415; a file over 1 MiB with 413)
 * and served re-encoded as PNG with immutable cache headers; host branding carries the logo and
 * colour; menu items are an ordered list with upsert split by publicId and delete by list.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "@portal/core/rules/identity";
import { BRANDING_CHANGED_EVENT } from "@portal/core/wire/events";
import { rowsOf } from "../src/db/Database";
import { auditLogs, events } from "../src/db/schema";
import { expectErrorEnvelope } from "./suites/suiteHelpers";
import { apiHeaders, createTestApp, signInAs, type TestApp } from "./testDatabase";

let t: TestApp;
let admin: string;
let engineer: string;
let demo: string;
const png = (w: number, h: number, colour = "#ff0000") => sharp({ create: { width: w, height: h, channels: 4, background: colour } }).png().toBuffer();

beforeAll(async () => {
  t = await createTestApp("pglite");
  admin = await signInAs(t.app, "admin@example.com");
  engineer = await signInAs(t.app, "engineer@example.com");
  demo = t.demo.companies["demo"]!;
});
afterAll(async () => { await t?.close(); });

const patch = (payload: unknown, secret = admin) =>
  t.app.inject({ method: "PATCH", url: "/api/company-identity", headers: apiHeaders(secret, demo), payload: payload as object });
const count = async (table: string) => Number(rowsOf<{ n: string }>(await t.database.db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

describe("company identity", () => {
  it("answers the seeded identity of Demo Company, with its logo served as a PNG", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/company-identity", headers: apiHeaders(admin, demo) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ publicId: demo, name: "Demo Company", primaryColor: "#0f6e6e", browserTitle: "Demo Company Portal", theme: "light" });
    const logo = await t.app.inject({ method: "GET", url: data.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(logo.rawPayload).metadata()).format).toBe("png");
    const again = await t.app.inject({ method: "GET", url: data.logo, headers: { "if-none-match": String(logo.headers["etag"]) } });
    expect(again.statusCode).toBe(304);
  });

  it("is refused to a user without manage:branding (403, nothing written)", async () => {
    const before = await count("audit_logs");
    const res = await patch({ name: "Taken" }, engineer);
    expect(res.statusCode).toBe(403);
    expectErrorEnvelope(res);
    expect(await count("audit_logs")).toBe(before);
  });

  it("saves fields and a logo in one transaction, one audit entry, one event per company user", async () => {
    const audits = await count("audit_logs");
    const [companyUsers] = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(distinct user_id) as n from memberships m join companies c on c.id = m.company_id where c.public_id = ${demo}`));
    const eventsBefore = await t.database.db.select().from(events).where(eq(events.type, BRANDING_CHANGED_EVENT));
    // A wide JPEG is resized into the logo's box (480 x 120) and stored as PNG.
    const jpeg = await sharp({ create: { width: 1200, height: 300, channels: 3, background: "#00ff00" } }).jpeg().toBuffer();
    const res = await patch({ name: "Demo Co", primaryColor: "#AA3300", browserTitle: "Demo Co Portal", theme: "dark", logo: { base64: jpeg.toString("base64") } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ name: "Demo Co", primaryColor: "#aa3300", browserTitle: "Demo Co Portal", theme: "dark" });
    const logo = await t.app.inject({ method: "GET", url: data.logo });
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: "png", width: 480, height: 120 });
    expect(await count("audit_logs")).toBe(audits + 1);
    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.topic, "CompanyIdentity"));
    expect(entry).toMatchObject({ action: "UPDATE", target: demo });
    const eventsAfter = await t.database.db.select().from(events).where(eq(events.type, BRANDING_CHANGED_EVENT));
    expect(eventsAfter.length - eventsBefore.length).toBe(Number(companyUsers!.n));
    // The company's branding (what the app shows) follows.
    const company = await t.app.inject({ method: "GET", url: `/api/companies/${demo}`, headers: apiHeaders(engineer) });
    expect(company.json().data.branding).toMatchObject({ name: "Demo Co", theme: "dark", logo: data.logo, custom: { glbBrowserTitle: "Demo Co Portal", glbPrimaryColor: "#aa3300" } });
  });

  it("takes a PNG renamed .svg (its bytes decide) and sets icons at their sizes", async () => {
    const icon = await png(400, 300);
    const res = await patch({ appleTouchIcon: { base64: `data:image/svg+xml;base64,${icon.toString("base64")}` }, favicon: { base64: icon.toString("base64") } });
    expect(res.statusCode, res.body).toBe(200);
    const touch = await t.app.inject({ method: "GET", url: res.json().data.appleTouchIcon });
    expect(await sharp(touch.rawPayload).metadata()).toMatchObject({ format: "png", width: 180, height: 180 });
    const favicon = await t.app.inject({ method: "GET", url: res.json().data.favicon });
    expect(await sharp(favicon.rawPayload).metadata()).toMatchObject({ width: 64, height: 64 });
  });

  it.each([
    ["an SVG with a script", "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"],
    ["a script named logo.png", "alert(document.cookie)"],
    ["HTML", "<!doctype html><script>alert(1)</script>"],
  ])("refuses %s with 415 and the error envelope, writing nothing", async (_, text) => {
    const before = [await count("audit_logs"), await count("branding_images")];
    const res = await patch({ name: "Never", logo: { base64: Buffer.from(text).toString("base64") } });
    expect(res.statusCode).toBe(415);
    expectErrorEnvelope(res);
    expect(res.json().data[0]).toEqual({ message: "IMAGE_TYPE_NOT_ALLOWED", propertyName: "logo" });
    expect([await count("audit_logs"), await count("branding_images")]).toEqual(before);
  });

  it("refuses a PNG header on broken data (415) and a file over 1 MiB (413), with the error envelope", async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("<script>alert(1)</script>")]);
    const bad = await patch({ logo: { base64: broken.toString("base64") } });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().data[0]).toEqual({ message: "IMAGE_UNREADABLE", propertyName: "logo" });
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 10);
    (await png(10, 10)).copy(big);
    const res = await patch({ favicon: { base64: big.toString("base64") } });
    expect(res.statusCode).toBe(413);
    expectErrorEnvelope(res);
    expect(res.json().data[0]).toEqual({ message: "IMAGE_TOO_LARGE", propertyName: "favicon" });
  });

  it("names bad fields (400) and refuses an fqdn another branding has (409)", async () => {
    const bad = await patch({ name: "", primaryColor: "blue", googlePlayStoreLink: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.map((i: { propertyName: string }) => i.propertyName)).toEqual(["name", "primaryColor", "googlePlayStoreLink"]);
    const taken = await patch({ fqdn: "acme.localhost" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data[0]).toMatchObject({ message: "FQDN_IN_USE", propertyName: "fqdn" });
  });

  it("serves the branding on its new fqdn to the sign-in page, without a session", async () => {
    expect((await patch({ fqdn: "demo-co.localhost" })).statusCode).toBe(200);
    const res = await t.app.inject({ method: "GET", url: "/api/brandings", headers: { "api-version": "2", "api-branding": "demo-co.localhost:8080" } });
    expect(res.json().data).toEqual([expect.objectContaining({ name: "Demo Co", fqdn: "demo-co.localhost", logo: expect.stringMatching(/^\/api\/branding-images\/\w{12}\.png$/) })]);
    const missing = await t.app.inject({ method: "GET", url: "/api/branding-images/AAAAAAAAAAAA.png" });
    expect(missing.statusCode).toBe(404);
    expectErrorEnvelope(missing);
  });
});

describe("menu items", () => {
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", payload?: unknown, secret = admin) =>
    t.app.inject({ method, url: "/api/menu-items", headers: apiHeaders(secret, demo), ...(payload === undefined ? {} : { payload: payload as object }) });

  it("lists the seeded items in order to every member", async () => {
    const res = await call("GET", undefined, engineer);
    expect(res.json().data.map((m: { label: string }) => m.label)).toEqual(["Service desk", "My requests"]);
  });

  it("creates, updates (reorder) and deletes by list, one audit entry per call, and refuses bad items by listIndex", async () => {
    const audits = await count("audit_logs");
    const created = await call("POST", [{ label: "Docs", url: "https://docs.example.com" }, { label: "Groups", url: "/groups" }]);
    expect(created.statusCode, created.body).toBe(201);
    expect(await count("audit_logs")).toBe(audits + 1);
    const list = (await call("GET")).json().data as Array<{ publicId: string; label: string; order: number }>;
    expect(list.map((m) => m.label)).toEqual(["Service desk", "My requests", "Docs", "Groups"]);
    const reversed = [...list].reverse().map((m, i) => ({ publicId: m.publicId, order: i * 1000 }));
    expect((await call("PATCH", reversed)).statusCode).toBe(200);
    expect(((await call("GET")).json().data as typeof list).map((m) => m.label)).toEqual(["Groups", "Docs", "My requests", "Service desk"]);
    const bad = await call("POST", [{ label: "Fine", url: "/users" }, { label: "Evil", url: "javascript:alert(1)" }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data[0]).toMatchObject({ message: "MENU_ITEM_URL_INVALID", propertyName: "url", listIndex: 1 });
    const gone = await call("DELETE", [{ publicId: list[2]!.publicId }, { publicId: list[3]!.publicId }]);
    expect(gone.statusCode).toBe(200);
    expect(((await call("GET")).json().data as typeof list).map((m) => m.label)).toEqual(["My requests", "Service desk"]);
    expect(await count("audit_logs")).toBe(audits + 3);
  });

  it("writes nothing for a user without manage:branding", async () => {
    const before = await count("menu_items");
    const res = await call("POST", { label: "Mine", url: "/users" }, engineer);
    expect(res.statusCode).toBe(403);
    expectErrorEnvelope(res);
    expect(await count("menu_items")).toBe(before);
  });
});
