/**
 * The translations list's search and sort (issue 16, large lists): the server filters and orders,
 * pages by cursor, and agrees with core's matchesTranslationSearch and translationOrder.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchesTranslationSearch, translationOrder } from "@portal/core/rules/translations";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

interface Row { publicId: string; key: string; languages: Record<string, string> }

describe.each(await featureBackends())("translations list search and sort on %s", (kind) => {
  let t: TestApp;
  let translator: string;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    translator = await signInAs(t.app, "translator@example.com");
    demo = t.demo.companies["demo"]!;
  });
  afterAll(async () => { await t?.close(); });
  const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: apiHeaders(translator, demo), ...(payload === undefined ? {} : { payload: payload as object }) });
  /** Every page of a query, followed by its cursor. */
  const pages = async (query: string, size: number): Promise<Row[]> => {
    const out: Row[] = [];
    let after: string | null = null;
    do {
      const res = await call("GET", `/api/translations?fields=*,languages&page-size=${size}&${query}${after ? `&page-after=${encodeURIComponent(after)}` : ""}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: Row[]; moreAfter: string | null };
      out.push(...body.data);
      after = body.moreAfter;
    } while (after !== null);
    return out;
  };

  it("searches keys and every language's text, case-insensitively, with LIKE's wildcards taken literally", async () => {
    const made = await call("POST", "/api/translations", [
      { key: "LIST_PUMP_A", languages: { en: "Water pump", de: "Kreiselpumpe" } },
      { key: "LIST_VALVE", languages: { en: "Valve", nl: "Klep 100%" } },
    ]);
    expect(made.statusCode).toBe(201);
    expect((await pages("search=KREISEL", 10)).map((r) => r.key)).toEqual(["LIST_PUMP_A"]);
    expect((await pages("search=list_pump", 10)).map((r) => r.key)).toEqual(["LIST_PUMP_A"]);
    expect((await pages("search=klep", 10)).map((r) => r.key)).toEqual(["LIST_VALVE"]);
    expect((await pages("search=100%25", 10)).map((r) => r.key)).toEqual(["LIST_VALVE"]);
    // % and _ are the search's own characters, not wildcards.
    expect(await pages("search=%25", 10)).toHaveLength(1);
    expect(await pages("search=zz_nothing", 10)).toEqual([]);
  });

  it("refuses an unknown sort, an over-long search and a cursor of another sort with a 400", async () => {
    const bad = await call("GET", "/api/translations?sort=languages");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data[0]).toMatchObject({ propertyName: "sort" });
    expect((await call("GET", `/api/translations?search=${"x".repeat(5000)}`)).statusCode).toBe(400);
    const first = (await call("GET", "/api/translations?page-size=1")).json() as { moreAfter: string };
    expect((await call("GET", `/api/translations?sort=english&page-after=${encodeURIComponent(first.moreAfter)}`)).statusCode).toBe(400);
  });

  it("property: any search and sort, paged in any size, answers what core's rules select, in their order", async () => {
    // ASCII texts: core lower-cases as PostgreSQL's lower() does for them, and the English sort is byte-wise.
    const text = fc.stringMatching(/^[A-Za-z0-9 %_]{1,12}$/).filter((s) => s.trim() !== "");
    const entry = fc.record({ key: fc.stringMatching(/^Q[A-Z0-9_]{1,10}$/), languages: fc.record({ en: text, de: text }, { requiredKeys: ["en"] }) });
    const search = fc.oneof(fc.constant(""), fc.stringMatching(/^[A-Za-z0-9%_]{1,3}$/));
    await fc.assert(fc.asyncProperty(fc.uniqueArray(entry, { selector: (e) => e.key, minLength: 1, maxLength: 12 }), search,
      fc.constantFrom("key" as const, "english" as const), fc.integer({ min: 1, max: 5 }), async (batch, needle, sort, size) => {
        const made = await call("POST", "/api/translations", batch);
        expect(made.statusCode).toBe(201);
        try {
          // Only this run's rows (keys start with Q; the demo's and the other tests' do not).
          const got = (await pages(`sort=${sort}${needle ? `&search=${encodeURIComponent(needle)}` : ""}`, size)).filter((r) => r.key.startsWith("Q"));
          const expected = batch.map((b, i) => ({ ...b, publicId: String(i) })).filter((r) => matchesTranslationSearch(r, needle));
          if (sort === "english") expect(got.map((r) => r.key)).toEqual([...expected].sort(translationOrder("english")).map((r) => r.key));
          // By key in the database's collation: the same rows, each once.
          else expect(got.map((r) => r.key).sort()).toEqual(expected.map((r) => r.key).sort());
        } finally {
          const ids = (made.json().data as Array<{ publicId: string }>).map(({ publicId }) => ({ publicId }));
          expect((await call("DELETE", "/api/translations", ids)).statusCode).toBe(200);
        }
      }), { numRuns: 15 });
  });
});
