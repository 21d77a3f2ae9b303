import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SnackbarStore } from "../src/stores/SnackbarStore";

describe("SnackbarStore", () => {
  it("shows, replaces by key and dismisses", () => {
    const s = new SnackbarStore();
    const a = s.show({ message: "one", timeoutMs: 3000, key: "k" });
    s.show({ message: "two", timeoutMs: 4000, key: "k" });
    s.show({ message: "three", timeoutMs: null });
    expect(s.visible.map((x) => x.message)).toEqual(["two", "three"]);
    s.dismiss(a);
    expect(s.visible).toHaveLength(2);
    s.dismissKey("k");
    expect(s.visible.map((x) => x.message)).toEqual(["three"]);
  });

  it("property: at most one snackbar per key is visible, and the last shown wins", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ key: fc.option(fc.constantFrom("a", "b", "c"), { nil: undefined }), message: fc.string() })), (shows) => {
        const s = new SnackbarStore();
        for (const x of shows) s.show({ message: x.message, timeoutMs: 3000, ...(x.key ? { key: x.key } : {}) });
        for (const key of ["a", "b", "c"]) {
          const withKey = s.visible.filter((v) => v.key === key);
          expect(withKey.length).toBeLessThanOrEqual(1);
          const last = shows.filter((x) => x.key === key).at(-1);
          if (last) expect(withKey[0]?.message).toBe(last.message);
        }
      }),
    );
  });
});
