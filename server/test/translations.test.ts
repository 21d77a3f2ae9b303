/** Translations: list with languages, batch create / patch / delete, the 400 and 409 rules, upsert. */
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../src/db/schema";
import { newPublicId } from "../src/ids";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

describe.each(await featureBackends())("translations on %s", (kind) => {
  let t: TestApp;
  let translator: string;
  let engineer: string;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    translator = await signInAs(t.app, "translator@example.com");
    engineer = await signInAs(t.app, "engineer@example.com");
    demo = t.demo.companies["demo"]!;
  });
  afterAll(async () => { await t?.close(); });
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, secret = translator) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, demo), ...(payload === undefined ? {} : { payload: payload as object }) });
  const all = async () => (await call("GET", "/api/translations?fields=*,languages&page-size=4000")).json().data as Array<{ publicId: string; key: string; languages: Record<string, string> }>;

  it("lists all fields plus languages, sorted by key", async () => {
    const res = await call("GET", "/api/translations?fields=*,languages", undefined, engineer);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((x: { key: string }) => x.key)).toEqual(["ASSET_TYPE_PUMP", "GROUP_TYPE_DEPARTMENT", "GROUP_TYPE_LOCATION", "WELCOME_MESSAGE"]);
    expect(data[1]).toEqual({ publicId: expect.any(String), key: "GROUP_TYPE_DEPARTMENT", languages: { en: "Department", de: "Abteilung", nl: "Afdeling" } });
  });

  it("answers the spec's 400 messages with listIndex, and changes nothing", async () => {
    const before = await all();
    const res = await call("POST", "/api/translations", [
      { key: "OK_KEY", languages: { en: "fine" } },
      { languages: { en: "no key" } },
      { key: "NO_EN", languages: { de: "nur deutsch" } },
      { key: "bad key!", languages: { en: "x" } },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { message: "Required property", propertyName: "key", listIndex: 1 },
      { message: "Required language missing: en", propertyName: "languages", listIndex: 2 },
      { message: "Value does not match regex expression", propertyName: "key", listIndex: 3 },
    ]);
    expect(await all()).toEqual(before);
  });

  it("answers 409 Duplicate for a key twice in a batch or already stored", async () => {
    const twice = await call("POST", "/api/translations", [{ key: "DUP", languages: { en: "a" } }, { key: "DUP", languages: { en: "b" } }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data).toEqual([{ message: "Duplicate", propertyName: "key", listIndex: 1 }]);
    const stored = await call("POST", "/api/translations", [{ key: "NEW_ONE", languages: { en: "a" } }, { key: "WELCOME_MESSAGE", languages: { en: "b" } }]);
    expect(stored.statusCode).toBe(409);
    expect(stored.json().data).toEqual([{ message: "Duplicate", propertyName: "key", listIndex: 1 }]);
    expect((await all()).some((x) => x.key === "NEW_ONE")).toBe(false);
  });

  it("creates, patches and deletes batches; refuses without the translations right", async () => {
    const created = await call("POST", "/api/translations", [{ key: "MENU_USERS", languages: { en: "Users", nl: "Gebruikers" } }, { key: "MENU_ROLES", languages: { en: "Roles" } }]);
    expect(created.statusCode).toBe(201);
    const [users, roles] = created.json().data as Array<{ publicId: string }>;
    const patched = await call("PATCH", "/api/translations", [{ publicId: users!.publicId, languages: { en: "People" } }, { publicId: roles!.publicId, key: "MENU_ROLE_LIST" }]);
    expect(patched.statusCode).toBe(200);
    const now = await all();
    expect(now.find((x) => x.publicId === users!.publicId)!.languages).toEqual({ en: "People" });
    expect(now.find((x) => x.publicId === roles!.publicId)!.key).toBe("MENU_ROLE_LIST");
    const clash = await call("PATCH", "/api/translations", [{ publicId: roles!.publicId, key: "WELCOME_MESSAGE" }]);
    expect(clash.statusCode).toBe(409);
    const missing = await call("DELETE", "/api/translations", [{ publicId: users!.publicId }, { publicId: "AAAAAAAAAAAA" }]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data[0].listIndex).toBe(1);
    const deleted = await call("DELETE", "/api/translations", [{ publicId: users!.publicId }, { publicId: roles!.publicId }]);
    expect(deleted.statusCode).toBe(200);
    expect((await all()).some((x) => x.key.startsWith("MENU_"))).toBe(false);
    expect((await call("POST", "/api/translations", { key: "X_KEY", languages: { en: "x" } }, engineer)).statusCode).toBe(403);
  });

  it("upserts: adds unknown keys, changes differing ones, leaves the rest", async () => {
    const batch = [
      { key: "WELCOME_MESSAGE", languages: { en: "Welcome!", de: "Willkommen!" } },
      { key: "ASSET_TYPE_PUMP", languages: { en: "Pump", de: "Pumpe", nl: "Pomp" } },
      { key: "UPSERT_NEW", languages: { en: "New" } },
    ];
    const first = await call("POST", "/api/translations?mode=upsert", batch);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ added: 1, changed: 1, unchanged: 1 });
    const second = await call("POST", "/api/translations?mode=upsert", batch);
    expect(second.json().data).toMatchObject({ added: 0, changed: 0, unchanged: 3 });
    expect((await all()).find((x) => x.key === "WELCOME_MESSAGE")!.languages).toEqual({ en: "Welcome!", de: "Willkommen!" });
    expect((await call("POST", "/api/translations?mode=merge", batch)).statusCode).toBe(400);
    const added = (await all()).find((x) => x.key === "UPSERT_NEW")!;
    const audit = (await t.database.db.query.auditLogs.findMany()).filter((l) => l.target === added.publicId || (l.after as { key?: string } | null)?.key === "WELCOME_MESSAGE");
    expect(audit.map((l) => [l.action, l.after])).toEqual([
      ["CREATE", { publicId: added.publicId, key: "UPSERT_NEW", languages: { en: "New" } }],
      ["UPDATE", expect.objectContaining({ key: "WELCOME_MESSAGE", languages: { en: "Welcome!", de: "Willkommen!" } })],
    ]);
    expect(audit.every((l) => l.clientAddress === "127.0.0.1" && l.companyId !== null && l.actorUserId !== null)).toBe(true);
  });

  it("property: an upsert of the same batch twice changes nothing the second time", async () => {
    const key = fc.stringMatching(/^P[A-Z0-9_]{0,12}$/);
    const entry = fc.record({ key, languages: fc.record({ en: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ""), de: fc.string({ maxLength: 20 }) }) });
    await fc.assert(fc.asyncProperty(fc.uniqueArray(entry, { selector: (e) => e.key, minLength: 1, maxLength: 15 }), async (batch) => {
      const first = await call("POST", "/api/translations?mode=upsert", batch);
      expect(first.statusCode).toBe(200);
      const second = await call("POST", "/api/translations?mode=upsert", batch);
      expect(second.json().data).toMatchObject({ added: 0, changed: 0, unchanged: batch.length });
    }), { numRuns: 10 });
  });

  it("upserts 10,000 keys x 3 languages in one call, and the same batch again changes nothing", async () => {
    // Speed is measured by `npm run bench` (server/bench), not asserted here.
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ key: `BULK_${i}`, languages: { en: `Text ${i}`, de: `Text ${i} de`, nl: `Text ${i} nl` } }));
    const payload = JSON.stringify(rows);
    const headers = { ...apiHeaders(translator, demo), "content-type": "application/json" };
    const res = await t.app.inject({ method: "POST", url: "/api/translations?mode=upsert", headers, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ added: 10_000 });
    const again = await t.app.inject({ method: "POST", url: "/api/translations?mode=upsert", headers, payload });
    expect(again.json().data).toMatchObject({ added: 0, changed: 0, unchanged: 10_000 });
  });
});
