import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { passwordProblems } from "./passwordStrength";
import { canSelfSignUp, registrationIssues } from "./registration";

describe("registration", () => {
  it("accepts a complete form and names each missing or bad field", () => {
    expect(registrationIssues({ name: "Rita Newcomer", email: "Rita@Example.org ", password: "a long enough secret" })).toEqual([]);
    expect(registrationIssues({ name: " ", email: "", password: "" }).map((i) => [i.propertyName, i.message])).toEqual([
      ["name", "REQUIRED"], ["email", "REQUIRED"], ["password", "REQUIRED"],
    ]);
    expect(registrationIssues({ name: "Rita", email: "no", password: "short", language: "xx" }).map((i) => i.message)).toEqual([
      "UNKNOWN_LANGUAGE", "INVALID_EMAIL", "PASSWORD_TOO_SHORT",
    ]);
  });

  it("judges the password with the one password rule, against the person's own name and address", () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (password) => {
      const form = { name: "Rita Newcomer", email: "rita@example.org", password };
      const own = registrationIssues(form).filter((i) => i.propertyName === "password").map((i) => i.message);
      expect(own).toEqual(password === "" ? ["REQUIRED"] : passwordProblems(password, { name: form.name, email: form.email }));
    }));
  });

  it("allows self sign-up only in a sector that says so", () => {
    expect(canSelfSignUp({ selfSignUp: true })).toBe(true);
    expect(canSelfSignUp({ selfSignUp: false })).toBe(false);
    expect(canSelfSignUp(null)).toBe(false);
  });
});
