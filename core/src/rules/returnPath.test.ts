import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./returnPath";

describe("safeReturnPath", () => {
  it("keeps a portal path with its query", () => {
    expect(safeReturnPath("/translations?x=1")).toBe("/translations?x=1");
    expect(safeReturnPath("/groups/abc")).toBe("/groups/abc");
  });

  it("refuses other origins, the sign-in flow, error pages and the root", () => {
    for (const bad of ["//evil.example/x", "https://evil.example", "/\\evil", "/login", "/login?next=/x", "/my-companies", "/error/not-allowed", "/", "", null, "groups"]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it("property: a result always starts with one slash and stays on the origin", () => {
    fc.assert(fc.property(fc.string(), (raw) => {
      const path = safeReturnPath(raw);
      if (path === null) return;
      expect(path.startsWith("/")).toBe(true);
      expect(path.startsWith("//")).toBe(false);
      expect(new URL(path, "https://portal.example").origin).toBe("https://portal.example");
    }));
  });
});
