import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messageText, isRawKey } from "../messages/messages";
import { existingTranslationWithKey, KEY_EXISTS, LANGUAGE_EXISTS, mergeIntoExisting, repeatedLanguageRows } from "./translationForm";

describe("translation dialog rules", () => {
  it("flags a language added twice, not its first row", () => {
    expect([...repeatedLanguageRows(["en", "de", "fr", "DE ", ""])]).toEqual([3]);
    expect(repeatedLanguageRows(["en", "", ""]).size).toBe(0);
  });

  it("finds the stored translation a new key collides with, never the edited one itself", () => {
    const items = [{ publicId: "a", key: "site.title" }];
    expect(existingTranslationWithKey(" site.title ", items, null)?.publicId).toBe("a");
    expect(existingTranslationWithKey("site.title", items, "a")).toBeUndefined();
  });

  it("merges typed languages into the stored translation without replacing a stored text", () => {
    expect(mergeIntoExisting({ en: "Site", de: "Standort" }, { en: "Place", fr: "Site " })).toEqual({ en: "Site", de: "Standort", fr: "Site " });
  });

  it("has sentences for its messages", () => {
    expect(isRawKey(messageText(LANGUAGE_EXISTS, { name: "de" }))).toBe(false);
    expect(messageText(KEY_EXISTS, { name: "site.title" })).toContain("site.title");
  });

  it("property: the first occurrence of each code is never flagged, and every repeat is", () => {
    fc.assert(fc.property(fc.array(fc.constantFrom("en", "de", "DE", " fr", "", "nl")), (codes) => {
      const flagged = repeatedLanguageRows(codes);
      const firsts = new Map<string, number>();
      codes.forEach((c, i) => {
        const k = c.trim().toLowerCase();
        if (k !== "" && !firsts.has(k)) firsts.set(k, i);
      });
      codes.forEach((c, i) => {
        const k = c.trim().toLowerCase();
        expect(flagged.has(i)).toBe(k !== "" && firsts.get(k) !== i);
      });
    }));
  });

  it("property: a merge never changes a stored text", () => {
    const langs = fc.dictionary(fc.constantFrom("en", "de", "fr", "nl"), fc.string());
    fc.assert(fc.property(langs, langs, (stored, typed) => {
      const merged = mergeIntoExisting(stored, typed);
      for (const [code, text] of Object.entries(stored)) expect(merged[code]).toBe(text);
    }));
  });
});
