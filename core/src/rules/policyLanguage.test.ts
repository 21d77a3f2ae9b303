import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { policyBodyFor, wantedLanguages } from "./policyLanguage";

const policy = { body: "<p>English</p>", languages: { de: "<p>Deutsch</p>", nl: " " } };

describe("policy language", () => {
  it("reads the asked, then the user's, then the browser's language, falling back to English", () => {
    expect(wantedLanguages("de-CH", null, "fr")).toEqual(["de", "fr", "en"]);
    expect(policyBodyFor(policy, wantedLanguages(null, "de"))).toEqual({ body: "<p>Deutsch</p>", language: "de" });
    expect(policyBodyFor(policy, wantedLanguages("fr", "de"))).toEqual({ body: "<p>Deutsch</p>", language: "de" });
    expect(policyBodyFor(policy, wantedLanguages("en", "de"))).toEqual({ body: "<p>English</p>", language: "en" });
    // A blank translation is no translation.
    expect(policyBodyFor(policy, wantedLanguages("nl"))).toEqual({ body: "<p>English</p>", language: "en" });
  });

  it("always answers one of the policy's texts, and the first wanted one when it has it", () => {
    const code = fc.constantFrom("en", "de", "fr", "nl", "de-AT", "", "xx");
    fc.assert(fc.property(fc.dictionary(fc.constantFrom("de", "fr", "nl"), fc.string()), fc.array(code, { maxLength: 4 }), (languages, codes) => {
      const p = { body: "main", languages };
      const wanted = wantedLanguages(...codes);
      expect(wanted.at(-1)).toBe("en");
      const got = policyBodyFor(p, wanted);
      expect([p.body, ...Object.values(languages)]).toContain(got.body);
      const first = wanted[0]!;
      if (first !== "en" && (languages[first] ?? "").trim() !== "") expect(got).toEqual({ body: languages[first], language: first });
    }));
  });
});
