import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Translation } from "@portal/core/domain/Translation";
import { parseTranslationFile } from "@portal/adapters/files/translationFile";
import { typesHarness } from "./typesHarness";
import { TRANSLATIONS_PAGE_SIZE } from "../src/stores/TranslationStore";

const STORED: Translation[] = [
  { publicId: "trDept000000", key: "GROUP_TYPE_DEPARTMENT", languages: { en: "Department", de: "Abteilung" } },
  { publicId: "trWelcome000", key: "WELCOME_MESSAGE", languages: { en: "Welcome", de: "Willkommen" } },
];


describe("TranslationStore", () => {
  it("looks up only the keys read outside the screen (message keys, group type names), each once", async () => {
    const others: Translation[] = Array.from({ length: 300 }, (_, i) => ({ publicId: `trOther${String(i).padStart(5, "0")}`, key: `OTHER_${i}`, languages: { en: `Other ${i}` } }));
    const h = await typesHarness(["manage:translations"], {
      translations: [...STORED, ...others, { publicId: "trRequired00", key: "REQUIRED", languages: { en: "Please fill this in." } }],
      groupTypes: [{ publicId: "gtDept000000", name: "GROUP_TYPE_DEPARTMENT", order: 0, color: "#1f77b4" }],
    });
    await Promise.all([h.translations.ensure(), h.translations.ensure()]);
    expect(h.translations.byKey("GROUP_TYPE_DEPARTMENT")?.languages).toEqual({ en: "Department", de: "Abteilung" });
    expect(h.root.messages.text("REQUIRED")).toBe("Please fill this in.");
    // Neither the other 300 nor a key nothing reads.
    expect(h.translations.items.map((t) => t.key).sort()).toEqual(["GROUP_TYPE_DEPARTMENT", "REQUIRED"]);
    const calls = h.api.state.calls.filter((c) => c === "translations.list").length;
    await h.translations.ensure();
    expect(h.api.state.calls.filter((c) => c === "translations.list")).toHaveLength(calls);
  });

  it("the screen's list: the server searches keys and texts case-insensitively, and sorts", async () => {
    const h = await typesHarness(["manage:translations"], { translations: STORED });
    await h.translations.loadList();
    expect(h.translations.rows.map((t) => t.key)).toEqual(["GROUP_TYPE_DEPARTMENT", "WELCOME_MESSAGE"]);
    h.translations.setSearch("willk");
    await h.translations.loadList();
    expect(h.translations.rows.map((t) => t.key)).toEqual(["WELCOME_MESSAGE"]);
    h.translations.setSearch("group_type");
    await h.translations.loadList();
    expect(h.translations.rows.map((t) => t.key)).toEqual(["GROUP_TYPE_DEPARTMENT"]);
    h.translations.setSearch("");
    h.translations.setSort("english");
    await h.translations.loadList();
    expect(h.translations.rows.map((t) => t.languages["en"])).toEqual(["Department", "Welcome"]);
    // The screen looks nothing up by key.
    expect(h.translations.lookup.state).toBe("idle");
  });

  it("pages: the first page alone, then one more page per loadMore, until the last", async () => {
    const many: Translation[] = Array.from({ length: TRANSLATIONS_PAGE_SIZE * 2 + 5 }, (_, i) => ({
      publicId: `tr${String(i).padStart(10, "0")}`, key: `K${String(i).padStart(5, "0")}`, languages: { en: `Text ${i}` },
    }));
    const h = await typesHarness(["manage:translations"], { translations: many });
    await h.translations.loadList();
    expect(h.translations.rows).toHaveLength(TRANSLATIONS_PAGE_SIZE);
    await Promise.all([h.translations.loadMore(), h.translations.loadMore()]);
    expect(h.translations.rows).toHaveLength(TRANSLATIONS_PAGE_SIZE * 2);
    await h.translations.loadMore();
    expect(h.translations.rows.map((t) => t.key)).toEqual(many.map((t) => t.key));
    expect(h.translations.moreAfter).toBeNull();
    // A new key sorting inside the loaded rows shows in its place; a found key is asked of the server.
    expect((await h.translations.save(null, { key: "K00000A", languages: { en: "Between" } })).ok).toBe(true);
    expect(h.translations.rows[1]?.key).toBe("K00000A");
    expect((await h.translations.findByKey("K00300"))?.languages).toEqual({ en: "Text 300" });
    expect(await h.translations.findByKey("NOPE")).toBeUndefined();
  });

  it("adds, edits and deletes; en is required and a stored key is a Duplicate", async () => {
    const h = await typesHarness(["manage:translations"], { translations: STORED });
    await h.translations.ensure();
    expect(await h.translations.save(null, { key: "NEW_KEY", languages: { de: "Neu" } }))
      .toEqual({ ok: false, issues: [{ listIndex: 0, propertyName: "languages", message: "Required language missing: en" }] });
    expect(await h.translations.save(null, { key: "1bad", languages: { en: "x" } }))
      .toMatchObject({ ok: false, issues: [{ message: "Value does not match regex expression" }] });
    expect(h.api.state.calls).not.toContain("translations.createMany");
    const dup = await h.translations.save(null, { key: "WELCOME_MESSAGE", languages: { en: "Hi" } });
    expect(dup).toMatchObject({ ok: false, issues: [{ message: "Duplicate" }] });
    const added = await h.translations.save(null, { key: "NEW_KEY", languages: { en: "New", nl: "Nieuw" } });
    expect(added.ok).toBe(true);
    expect(h.translations.byKey("NEW_KEY")?.languages).toEqual({ en: "New", nl: "Nieuw" });
    expect((await h.translations.save("trWelcome000", { key: "WELCOME_MESSAGE", languages: { en: "Hello" } })).ok).toBe(true);
    expect(h.api.state.translations.find((t) => t.publicId === "trWelcome000")?.languages).toEqual({ en: "Hello" });
    expect(await h.translations.remove(["trDept000000"])).toBe(true);
    expect(h.api.state.translations.map((t) => t.key).sort()).toEqual(["NEW_KEY", "WELCOME_MESSAGE"]);
  });

  it("an import with bad entries sends nothing and reports each with row, key and reason", async () => {
    const h = await typesHarness(["manage:translations"], { translations: STORED });
    await h.translations.ensure();
    const text = JSON.stringify([
      { key: "GOOD_ONE", languages: { en: "Good" } },
      { key: "NO_EN", languages: { de: "Kein" } },
      { languages: { en: "no key" } },
      { key: "bad key!", languages: { en: "x" } },
    ]);
    const report = await h.translations.importFile("batch.json", parseTranslationFile(text, "batch.json"));
    expect(report).toEqual({
      status: "rejected", fileName: "batch.json", total: 4,
      failures: [
        { row: 2, key: "NO_EN", reasons: ["Required language missing: en"] },
        { row: 3, key: "", reasons: ["Required property"] },
        { row: 4, key: "bad key!", reasons: ["Value does not match regex expression"] },
      ],
    });
    expect(h.api.state.calls).not.toContain("translations.upsert");
    expect(h.api.state.translations).toHaveLength(2);
  });

  it("a CSV import with a duplicate key reports Duplicate on its line; a good one upserts and counts", async () => {
    const h = await typesHarness(["manage:translations"], { translations: STORED });
    await h.translations.ensure();
    const dup = await h.translations.importFile("t.csv", parseTranslationFile("key,en\nA_KEY,a\nA_KEY,b\n", "t.csv"));
    expect(dup).toMatchObject({ status: "rejected", failures: [{ row: 3, key: "A_KEY", reasons: ["Duplicate"] }] });
    const good = "key,en,de\nWELCOME_MESSAGE,Welcome,Willkommen\nGROUP_TYPE_DEPARTMENT,Department,Bereich\nBRAND_NEW,Brand new,\n";
    const report = await h.translations.importFile("t.csv", parseTranslationFile(good, "t.csv"));
    expect(report).toEqual({ status: "applied", fileName: "t.csv", total: 3, created: 1, updated: 1, unchanged: 1 });
    expect(h.api.state.calls.filter((c) => c === "translations.upsert")).toHaveLength(1);
    // The screen's list shows the import; the keys looked up are asked again.
    expect(h.translations.rows.find((t) => t.key === "BRAND_NEW")?.languages).toEqual({ en: "Brand new" });
    expect(h.translations.rows.find((t) => t.key === "GROUP_TYPE_DEPARTMENT")?.languages.de).toBe("Bereich");
  });

  it("a message key imported or saved overrides its text at once; one deleted gives the English back", async () => {
    const h = await typesHarness(["manage:translations"], { translations: STORED });
    await h.translations.ensure();
    const english = h.root.messages.text("REQUIRED");
    await h.translations.importFile("t.csv", parseTranslationFile("key,en\nREQUIRED,Fill this in.\n", "t.csv"));
    expect(h.root.messages.text("REQUIRED")).toBe("Fill this in.");
    const stored = h.translations.byKey("REQUIRED")!;
    expect((await h.translations.save(stored.publicId, { key: "REQUIRED", languages: { en: "Do fill this in." } })).ok).toBe(true);
    expect(h.root.messages.text("REQUIRED")).toBe("Do fill this in.");
    expect(await h.translations.remove([stored.publicId])).toBe(true);
    expect(h.root.messages.text("REQUIRED")).toBe(english);
  });

  it("a file that cannot be read is reported with its line, and nothing is sent", async () => {
    const h = await typesHarness(["manage:translations"], { translations: STORED });
    await h.translations.ensure();
    expect(await h.translations.importFile("t.json", parseTranslationFile('[\n{"key": "A",', "t.json")))
      .toEqual({ status: "unreadable", fileName: "t.json", message: "Line 2: The JSON file is not valid JSON: property name expected" });
    expect(await h.translations.importFile("t.csv", parseTranslationFile("id,en\nA,a\n", "t.csv")))
      .toMatchObject({ status: "unreadable", message: "Line 1: The CSV header must start with key, e.g. key,en,de" });
    expect(h.api.state.calls).not.toContain("translations.upsert");
  });

  it("property: an import applies all of a batch or none of it", async () => {
    const entry = fc.record({
      key: fc.constantFrom("K_ONE", "K_TWO", "K_THREE", "bad key", ""),
      languages: fc.dictionary(fc.constantFrom("en", "de", "nl"), fc.constantFrom("x", "y", "")),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 5 }), async (batch) => {
        const h = await typesHarness(["manage:translations"], { translations: STORED });
        await h.translations.ensure();
        const report = await h.translations.importFile("b.json", parseTranslationFile(JSON.stringify(batch), "b.json"));
        const stored = new Map(h.api.state.translations.map((t) => [t.key, t.languages]));
        if (report.status === "rejected") {
          expect(report.failures.length).toBeGreaterThan(0);
          expect(h.api.state.translations).toEqual(STORED);
        } else {
          for (const e of batch) expect(stored.get(e.key)).toEqual(e.languages);
        }
      }),
      { numRuns: 60 },
    );
  });
});
