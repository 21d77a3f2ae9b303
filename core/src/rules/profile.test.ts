import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEmailAddress, isTimeZone, normalizeEmail, profileIssues } from "./profile";

describe("profileIssues", () => {
  it("accepts a name, a known language and a time zone", () => {
    expect(profileIssues({ name: "Ada Lovelace", language: "nl", timeZone: "Europe/Amsterdam" })).toEqual([]);
    expect(profileIssues({ language: null, timeZone: null })).toEqual([]);
  });

  it("names the field of each problem", () => {
    expect(profileIssues({ name: "  ", language: "xx", timeZone: "Mars/Olympus" })).toEqual([
      { message: "REQUIRED", propertyName: "name" },
      { message: "UNKNOWN_LANGUAGE", propertyName: "language" },
      { message: "UNKNOWN_TIME_ZONE", propertyName: "timeZone" },
    ]);
    expect(profileIssues({ name: "x".repeat(256) })[0]!.propertyName).toBe("name");
  });
});

describe("isTimeZone and isEmailAddress", () => {
  it("knows IANA zones and UTC", () => {
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(" UTC")).toBe(false);
  });

  it("tells addresses from other text", () => {
    expect(isEmailAddress("ada@example.com")).toBe(true);
    expect(isEmailAddress("ada@localhost")).toBe(false);
    expect(isEmailAddress("a da@example.com")).toBe(false);
    expect(isEmailAddress("ada@@example.com")).toBe(false);
  });

  it("property: every zone Intl lists is accepted, and normalizing an address twice changes nothing", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    fc.assert(fc.property(fc.constantFrom(...zones), (zone) => { expect(isTimeZone(zone)).toBe(true); }));
    fc.assert(fc.property(fc.string(), (e) => { expect(normalizeEmail(normalizeEmail(e))).toBe(normalizeEmail(e)); }));
  });
});
