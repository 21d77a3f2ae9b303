import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addPolicyLanguage, draftText, isBlankHtml, POLICY_BODY_REQUIRED, POLICY_LANGUAGE_EXISTS, publishIssues, withDraftText } from "./policyBuilder";
import { PATTERN_MISMATCH } from "./translations";

describe("the policy builders' rules", () => {
  it("needs English text to publish; other blank languages fall back to English", () => {
    expect(publishIssues({ body: "<p><br></p>", languages: {} })).toEqual([{ message: POLICY_BODY_REQUIRED, propertyName: "body" }]);
    expect(publishIssues({ body: "<p>&nbsp;</p>", languages: {} })[0]?.message).toBe(POLICY_BODY_REQUIRED);
    expect(publishIssues({ body: "<p>Terms</p>", languages: { de: "" } })).toEqual([]);
  });

  it("refuses malformed, English and repeated language codes", () => {
    expect(publishIssues({ body: "<p>x</p>", languages: { "not a code": "y" } })).toEqual([{ message: PATTERN_MISMATCH, propertyName: "languages.not a code" }]);
    expect(publishIssues({ body: "<p>x</p>", languages: { EN: "y" } })).toEqual([{ message: POLICY_LANGUAGE_EXISTS, propertyName: "languages.EN" }]);
    expect(publishIssues({ body: "<p>x</p>", languages: { de: "a", DE: "b" } })).toEqual([{ message: POLICY_LANGUAGE_EXISTS, propertyName: "languages.DE" }]);
  });

  it("adds a language once and never overwrites one the draft has", () => {
    const added = addPolicyLanguage({ body: "<p>x</p>", languages: {} }, " NL ");
    expect(added).toEqual({ ok: true, code: "nl", draft: { body: "<p>x</p>", languages: { nl: "" } } });
    const draft = { body: "<p>x</p>", languages: { nl: "<p>Voorwaarden</p>" } };
    expect(addPolicyLanguage(draft, "nl")).toEqual({ ok: false, issue: { message: POLICY_LANGUAGE_EXISTS, propertyName: "language" } });
    expect(addPolicyLanguage(draft, "en")).toMatchObject({ ok: false, issue: { message: POLICY_LANGUAGE_EXISTS } });
    expect(addPolicyLanguage(draft, "")).toMatchObject({ ok: false, issue: { message: "REQUIRED" } });
    expect(addPolicyLanguage(draft, "1x")).toMatchObject({ ok: false, issue: { message: PATTERN_MISMATCH } });
  });

  it("property: adding a language never changes an existing text", () => {
    const code = fc.stringMatching(/^[a-z]{2,3}$/);
    const others = fc.dictionary(code.filter((c) => c !== "en"), fc.string());
    fc.assert(fc.property(others, fc.string(), code, (languages, body, extra) => {
      const draft = { body, languages };
      const result = addPolicyLanguage(draft, extra);
      for (const [c, text] of Object.entries(languages)) expect(draftText(result.ok ? result.draft : draft, c)).toBe(text);
      expect(draftText(result.ok ? result.draft : draft, "en")).toBe(body);
      expect(result.ok).toBe(extra !== "en" && !(extra in languages));
    }));
  });

  it("property: replacing one language's text leaves the others alone", () => {
    fc.assert(fc.property(fc.dictionary(fc.stringMatching(/^[a-z]{2}$/).filter((c) => c !== "en"), fc.string()), fc.string(), fc.string(), (languages, body, text) => {
      const draft = { body, languages };
      for (const code of ["en", ...Object.keys(languages)]) {
        const next = withDraftText(draft, code, text);
        expect(draftText(next, code)).toBe(text);
        for (const other of ["en", ...Object.keys(languages)].filter((c) => c !== code)) expect(draftText(next, other)).toBe(draftText(draft, other));
      }
    }));
  });

  it("property: a body with a letter outside tags is never blank", () => {
    fc.assert(fc.property(fc.string(), fc.constantFrom("a", "Z", "7", "é"), fc.string(), (before, letter, after) => {
      expect(isBlankHtml(`<p>${before.replace(/[<>]/g, "")}${letter}${after.replace(/[<>]/g, "")}</p>`)).toBe(false);
    }));
  });
});
