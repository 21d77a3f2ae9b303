import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appStoreIdOf, appStoreLookupUrl, storeDetailsOf } from "./appStoreLookup";

describe("app-store lookup (spec 7)", () => {
  it("takes the id from an App Store link's id<digits> part, else none", () => {
    expect(appStoreIdOf("https://apps.apple.com/us/app/portal/id1234567890")).toBe("1234567890");
    expect(appStoreIdOf(" https://apps.apple.com/app/id42?mt=8 ")).toBe("42");
    expect(appStoreIdOf("https://apps.apple.com/us/app/portal")).toBeNull();
    expect(appStoreIdOf("https://play.google.com/store/apps/details?id=com.example.portal")).toBeNull();
    expect(appStoreIdOf("not a link")).toBeNull();
    expect(appStoreIdOf(null)).toBeNull();
  });

  it("any id it returns is digits only", () => {
    fc.assert(fc.property(fc.string(), (tail) => {
      const id = appStoreIdOf(`https://apps.apple.com/app/${tail}`);
      return id === null || /^\d+$/.test(id);
    }));
  });

  it("looks up by id with an hourly cache-buster", () => {
    const at = Date.parse("2026-11-26T10:30:00Z");
    expect(appStoreLookupUrl("42", at)).toBe(`https://itunes.apple.com/lookup?id=42&cb=${Math.floor(at / 3_600_000)}`);
    expect(appStoreLookupUrl("42", at)).toBe(appStoreLookupUrl("42", at + 60_000));
    expect(appStoreLookupUrl("42", at)).not.toBe(appStoreLookupUrl("42", at + 3_600_000));
  });

  it("reads results[0] trackName and artworkUrl512; no first result or name: none", () => {
    expect(storeDetailsOf({ results: [{ trackName: "Portal", artworkUrl512: "https://is1.mzstatic.com/a.png" }, { trackName: "Other" }] }))
      .toEqual({ name: "Portal", artworkUrl: "https://is1.mzstatic.com/a.png" });
    expect(storeDetailsOf({ results: [{ trackName: "Portal", artworkUrl512: "http://insecure/a.png" }] })).toEqual({ name: "Portal", artworkUrl: null });
    expect(storeDetailsOf({ results: [{ trackName: "Portal" }] })).toEqual({ name: "Portal", artworkUrl: null });
    expect(storeDetailsOf({ results: [] })).toBeNull();
    expect(storeDetailsOf({ results: [{ trackName: " " }] })).toBeNull();
    expect(storeDetailsOf({ resultCount: 0 })).toBeNull();
    expect(storeDetailsOf("<html>")).toBeNull();
  });
});
