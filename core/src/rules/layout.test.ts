import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentTitle, isWideLayout } from "./layout";

describe("layout rules", () => {
  it("uses the wide layout from 960 px on (spec 9)", () => {
    expect(isWideLayout(959)).toBe(false);
    expect(isWideLayout(960)).toBe(true);
    expect(isWideLayout(390)).toBe(false);
  });

  it("titles a screen before the brand", () => {
    expect(documentTitle("Translations", "Portal")).toBe("Translations · Portal");
    expect(documentTitle(null, "Portal")).toBe("Portal");
    expect(documentTitle("Portal", "Portal")).toBe("Portal");
  });

  it("property: a title is never empty when either part is not, and starts with the screen", () => {
    fc.assert(fc.property(fc.string(), fc.string(), (screen, brand) => {
      const title = documentTitle(screen, brand);
      if (screen.trim() !== "" || brand.trim() !== "") expect(title.trim()).not.toBe("");
      if (screen.trim() !== "") expect(title.startsWith(screen.trim())).toBe(true);
    }));
  });
});
