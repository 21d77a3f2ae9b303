import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_CHARACTERS, PASSWORD_MIN_DISTINCT, PASSWORD_MIN_LENGTH, isStrongPassword, passwordProblems } from "./passwordStrength";

describe("passwordProblems", () => {
  it("accepts a long varied password", () => {
    expect(passwordProblems("correct horse battery")).toEqual([]);
  });

  it("refuses short, repetitive and personal passwords with their reasons", () => {
    expect(passwordProblems("abc12")).toEqual(["PASSWORD_TOO_SHORT"]);
    expect(passwordProblems("aaaaaaaaaaaa")).toEqual(["PASSWORD_TOO_SIMPLE"]);
    expect(passwordProblems("1212121212")).toEqual(["PASSWORD_TOO_SIMPLE"]);
    expect(passwordProblems("xx-Anna-2026-yy", { name: "Anna Approver" })).toEqual(["PASSWORD_CONTAINS_PERSONAL"]);
    expect(passwordProblems("my engineer pass", { email: "engineer@example.com" })).toEqual(["PASSWORD_CONTAINS_PERSONAL"]);
    expect(passwordProblems("x".repeat(PASSWORD_MAX_CHARACTERS + 1))).toEqual(["PASSWORD_TOO_LONG", "PASSWORD_TOO_SIMPLE"]);
  });

  it("ignores short name parts (a 3-letter name is in many words)", () => {
    expect(passwordProblems("bobsleigh-winter", { name: "Bob" })).toEqual([]);
  });

  it("counts code points, not UTF-16 units", () => {
    expect(passwordProblems("😀😁😂🤣😃😄")).toEqual(["PASSWORD_TOO_SHORT"]);
  });
});

describe("password strength properties", () => {
  it("a password shorter than the minimum is never strong", () => {
    fc.assert(fc.property(fc.string({ maxLength: PASSWORD_MIN_LENGTH - 1, unit: "grapheme-ascii" }), (p) => {
      expect(isStrongPassword(p)).toBe(false);
    }));
  });

  it("strong means no problems, and a strong password stays strong when extended by new characters", () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 10 }), (p, extra) => {
      expect(isStrongPassword(p)).toBe(passwordProblems(p).length === 0);
      if (isStrongPassword(p) && [...p + extra].length <= PASSWORD_MAX_CHARACTERS) {
        expect(passwordProblems(p + extra).filter((x) => x !== "PASSWORD_CONTAINS_PERSONAL")).toEqual([]);
      }
    }));
  });

  it("fewer distinct characters than the minimum is never strong, whatever the length", () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(..."abcdefgh".slice(0, PASSWORD_MIN_DISTINCT - 1)), { minLength: 0, maxLength: 50 }), (parts) => {
      expect(passwordProblems(parts.join(""))).toContain("PASSWORD_TOO_SIMPLE");
    }));
  });

  it("a password containing the owner's e-mail name (4+ characters) is never strong", () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{4,12}$/), fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (local, before, after) => {
      expect(isStrongPassword(`${before}${local.toUpperCase()}${after}`, { email: `${local}@example.com` })).toBe(false);
    }));
  });
});
