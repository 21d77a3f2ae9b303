import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Translation } from "../domain/Translation";
import {
  applyTranslationUpsert, DUPLICATE, matchesTranslationSearch, planTranslationUpsert, storedKeyClashes, TRANSLATION_KEY_PATTERN, translationOrder,
  validateTranslationBatch,
} from "./translations";

const failureOf = <A, E>(r: Result.Result<A, E>): E => {
  if (Result.isSuccess(r)) throw new Error(`expected a failure, got ${JSON.stringify(r.success)}`);
  return r.failure;
};

describe("validateTranslationBatch", () => {
  it("accepts entries with a key and an en text", () => {
    const batch = [{ key: "GROUP_TYPE_SITE", languages: { en: "Site", nl: "Locatie" }, publicId: "ignored" }];
    expect(validateTranslationBatch(batch)).toEqual(
      Result.succeed([{ key: "GROUP_TYPE_SITE", languages: { en: "Site", nl: "Locatie" } }]),
    );
  });
  it("reports 'Required property' for a missing key or languages, with listIndex", () => {
    const error = failureOf(validateTranslationBatch([{ key: "ok", languages: { en: "x" } }, { languages: { en: "x" } }, { key: "k" }, 3]));
    expect(error._tag).toBe("InvalidInput");
    expect(error.issues).toEqual([
      { listIndex: 1, propertyName: "key", message: "Required property" },
      { listIndex: 2, propertyName: "languages", message: "Required property" },
      { listIndex: 3, propertyName: "key", message: "Required property" },
      { listIndex: 3, propertyName: "languages", message: "Required property" },
    ]);
  });
  it("reports 'Required language missing: en'", () => {
    for (const languages of [{}, { nl: "Locatie" }, { en: "  " }]) {
      const error = failureOf(validateTranslationBatch([{ key: "k", languages }]));
      expect(error.issues).toEqual([{ listIndex: 0, propertyName: "languages", message: "Required language missing: en" }]);
    }
  });
  it("reports 'Value does not match regex expression' for a bad key", () => {
    for (const key of ["1abc", "has space", "a/b", "x".repeat(256), 12]) {
      const error = failureOf(validateTranslationBatch([{ key, languages: { en: "x" } }]));
      expect(error._tag).toBe("InvalidInput");
      expect(error.issues).toEqual([{ listIndex: 0, propertyName: "key", message: "Value does not match regex expression" }]);
    }
  });
  it("reports bad language codes and texts on their own property", () => {
    const error = failureOf(validateTranslationBatch([{ key: "k", languages: { en: "x", EN: "y", de: 5 } }]));
    expect(error.issues).toEqual([
      { listIndex: 0, propertyName: "languages.EN", message: "Value does not match regex expression" },
      { listIndex: 0, propertyName: "languages.de", message: "Expected a string" },
    ]);
  });
  it("reports 409 'Duplicate' on later occurrences of a key, only when nothing else fails", () => {
    const entry = (key: string) => ({ key, languages: { en: key } });
    const error = failureOf(validateTranslationBatch([entry("a"), entry("b"), entry("a"), entry("a")]));
    expect(error._tag).toBe("Conflict");
    expect(error.issues).toEqual([
      { listIndex: 2, propertyName: "key", message: "Duplicate" },
      { listIndex: 3, propertyName: "key", message: "Duplicate" },
    ]);
    expect(failureOf(validateTranslationBatch([entry("a"), entry("a"), { key: "b" }]))._tag).toBe("InvalidInput");
  });
  it("treats keys that differ in case as different", () => {
    expect(Result.isSuccess(validateTranslationBatch([{ key: "a", languages: { en: "x" } }, { key: "A", languages: { en: "x" } }]))).toBe(true);
  });
  it("property: every accepted key matches the pattern and keys are unique", () => {
    const key = fc.oneof(fc.string({ maxLength: 6 }), fc.stringMatching(/^[a-c][a-c._-]{0,3}$/));
    const languages = fc.dictionary(fc.constantFrom("en", "nl", "de", "EN"), fc.oneof(fc.string(), fc.integer()));
    fc.assert(
      fc.property(fc.array(fc.record({ key, languages }, { requiredKeys: [] }), { maxLength: 6 }), (batch) => {
        const result = validateTranslationBatch(batch);
        if (Result.isSuccess(result)) {
          expect(result.success.every((e) => TRANSLATION_KEY_PATTERN.test(e.key) && e.languages.en!.trim() !== "")).toBe(true);
          expect(new Set(result.success.map((e) => e.key)).size).toBe(batch.length);
        } else {
          expect(result.failure.issues.length).toBeGreaterThan(0);
          for (const issue of result.failure.issues) expect(issue.listIndex).toBeLessThan(batch.length);
        }
      }),
    );
  });
});

describe("planTranslationUpsert", () => {
  const stored: Translation[] = [
    { publicId: "t1", key: "a", languages: { en: "A", nl: "Aa" } },
    { publicId: "t2", key: "b", languages: { en: "B" } },
  ];
  it("adds unknown keys, changes changed ones and leaves equal ones alone", () => {
    const plan = planTranslationUpsert(stored, [
      { key: "a", languages: { nl: "Aa", en: "A" } },
      { key: "b", languages: { en: "B2" } },
      { key: "c", languages: { en: "C" } },
    ]);
    expect(plan.add).toEqual([{ key: "c", languages: { en: "C" } }]);
    expect(plan.change).toEqual([{ publicId: "t2", key: "b", before: { en: "B" }, after: { en: "B2" } }]);
    expect(plan.unchanged).toEqual([stored[0]]);
  });
  it("replaces the stored languages map, so a dropped language is a change", () => {
    const plan = planTranslationUpsert(stored, [{ key: "a", languages: { en: "A" } }]);
    expect(plan.change).toEqual([{ publicId: "t1", key: "a", before: { en: "A", nl: "Aa" }, after: { en: "A" } }]);
  });

  const languagesArb = fc.dictionary(fc.constantFrom("en", "nl", "de"), fc.constantFrom("x", "y", "z"));
  const keyArb = fc.constantFrom("a", "b", "c", "d", "e");
  const storedArb = fc.uniqueArray(fc.record({ key: keyArb, languages: languagesArb }), { selector: (t) => t.key })
    .map((ts) => ts.map((t, i) => ({ publicId: `id${i}`, ...t })));
  const batchArb = fc.uniqueArray(fc.record({ key: keyArb, languages: languagesArb }), { selector: (t) => t.key });

  it("property: upsert twice changes nothing (plan, apply, plan again gives no add and no change)", () => {
    fc.assert(
      fc.property(storedArb, batchArb, (existing, batch) => {
        let n = 0;
        const after = applyTranslationUpsert(existing, planTranslationUpsert(existing, batch), () => `new${n++}`);
        const again = planTranslationUpsert(after, batch);
        expect(again.add).toEqual([]);
        expect(again.change).toEqual([]);
        expect(again.unchanged).toHaveLength(batch.length);
      }),
    );
  });
  it("property: the plan partitions the batch", () => {
    fc.assert(
      fc.property(storedArb, batchArb, (existing, batch) => {
        const plan = planTranslationUpsert(existing, batch);
        const keys = [...plan.add.map((e) => e.key), ...plan.change.map((c) => c.key), ...plan.unchanged.map((t) => t.key)];
        expect(keys.sort()).toEqual(batch.map((e) => e.key).sort());
        const storedKeys = new Set<string>(existing.map((t) => t.key));
        expect(plan.add.every((e) => !storedKeys.has(e.key))).toBe(true);
        expect([...plan.change, ...plan.unchanged].every((e) => storedKeys.has(e.key))).toBe(true);
      }),
    );
  });
});

describe("storedKeyClashes", () => {
  it("flags each entry whose key another stored translation holds, never an entry's own", () => {
    const stored = [{ publicId: "A", key: "one" }, { publicId: "B", key: "two" }];
    expect(storedKeyClashes(stored, [{ key: "three" }, { key: "one" }, { key: "two", publicId: "B" }, { key: "two", publicId: "A" }]))
      .toEqual([{ listIndex: 1, propertyName: "key", message: DUPLICATE }, { listIndex: 3, propertyName: "key", message: DUPLICATE }]);
  });

  it("property: an entry clashes exactly when some stored translation with another publicId has its key", () => {
    const key = fc.constantFrom("a", "b", "c", "d");
    const id = fc.constantFrom("P1", "P2", "P3");
    fc.assert(fc.property(
      fc.uniqueArray(fc.record({ publicId: id, key }), { selector: (t) => t.key }),
      fc.array(fc.record({ key, publicId: fc.option(id, { nil: undefined }) })),
      (stored, entries) => {
        const flagged = new Set(storedKeyClashes(stored, entries).map((i) => i.listIndex));
        entries.forEach((e, i) => expect(flagged.has(i)).toBe(stored.some((s) => s.key === e.key && s.publicId !== e.publicId)));
      },
    ));
  });
});

describe("the translations list's search and order", () => {
  const t = (key: string, languages: Record<string, string>): Translation => ({ publicId: key, key, languages });

  it("searches the key and every text, case-insensitively; an empty or blank search matches all", () => {
    const pump = t("ASSET_PUMP", { en: "Pump", de: "Kreiselpumpe" });
    expect(matchesTranslationSearch(pump, " KREISEL ")).toBe(true);
    expect(matchesTranslationSearch(pump, "asset_p")).toBe(true);
    expect(matchesTranslationSearch(pump, "valve")).toBe(false);
    expect(matchesTranslationSearch(pump, "  ")).toBe(true);
  });

  it("sorts by key, or by English text then key", () => {
    const rows = [t("B", { en: "apple" }), t("A", { en: "Banana" }), t("C", { en: "apple" })];
    expect([...rows].sort(translationOrder()).map((r) => r.key)).toEqual(["A", "B", "C"]);
    expect([...rows].sort(translationOrder("english")).map((r) => r.key)).toEqual(["B", "C", "A"]);
  });

  it("property: either order is total over distinct keys (a paged list neither repeats nor skips a row)", () => {
    const row = fc.record({ key: fc.string({ minLength: 1, maxLength: 6 }), en: fc.string({ maxLength: 4 }) }).map((r) => t(r.key, { en: r.en }));
    fc.assert(fc.property(fc.uniqueArray(row, { selector: (r) => r.key, maxLength: 20 }), fc.constantFrom("key" as const, "english" as const), (rows, sort) => {
      const order = translationOrder(sort);
      for (const a of rows) for (const b of rows) {
        expect(Math.sign(order(a, b)) + Math.sign(order(b, a))).toBe(0);
        if (a !== b) expect(order(a, b)).not.toBe(0);
      }
    }));
  });
});
