import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { termsSource, termsToAccept } from "./termsOfUse";

describe("termsToAccept", () => {
  it("prompts for latest terms not yet accepted", () => {
    expect(termsToAccept({ latestTermsOfUse: { publicId: "t2", accepted: false } }, false)?.publicId).toBe("t2");
    expect(termsToAccept({ latestTermsOfUse: { publicId: "t2" } }, false)?.publicId).toBe("t2");
  });
  it("does not prompt once accepted, without terms, or when a report link suppressed it", () => {
    expect(termsToAccept({ latestTermsOfUse: { publicId: "t2", accepted: true } }, false)).toBeNull();
    expect(termsToAccept({ latestTermsOfUse: null }, false)).toBeNull();
    expect(termsToAccept(null, false)).toBeNull();
    expect(termsToAccept({ latestTermsOfUse: { publicId: "t2", accepted: false } }, true)).toBeNull();
  });
  it("property: a prompt is always the latest policy, never an accepted one, never when suppressed", () => {
    const terms = fc.option(fc.record({ publicId: fc.string(), accepted: fc.option(fc.boolean(), { nil: undefined }) }), { nil: null });
    fc.assert(fc.property(terms, fc.boolean(), (latest, suppressed) => {
      const prompt = termsToAccept({ latestTermsOfUse: latest }, suppressed);
      if (prompt !== null) {
        expect(prompt).toBe(latest);
        expect(prompt.accepted).not.toBe(true);
        expect(suppressed).toBe(false);
      } else {
        expect(suppressed || latest === null || latest.accepted === true).toBe(true);
      }
    }));
  });
});

describe("termsSource", () => {
  it("uses the company's terms only with custom terms that exist", () => {
    expect(termsSource("company", true)).toBe("company");
    expect(termsSource("company", false)).toBe("sector");
    expect(termsSource("sector", true)).toBe("sector");
    expect(termsSource(undefined, true)).toBe("sector");
  });
});
