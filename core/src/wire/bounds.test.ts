import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findUnstorableText, isStorableText } from "./bounds";

describe("bounds", () => {
  it("storable text: whole scalar values but NUL; lone surrogates and NUL are not", () => {
    expect(isStorableText("Hall 💥 ü")).toBe(true);
    for (const bad of ["\ud800", "a\udc00", "\udbff\u0041", "a\u0000b"]) expect(isStorableText(bad)).toBe(false);
  });

  it("property: any well-formed string without NUL is storable", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => { expect(isStorableText(s.replaceAll("\u0000", ""))).toBe(true); }));
  });

  it("names the first unstorable place, keys included, and walks deep nesting without recursion", () => {
    expect(findUnstorableText({ a: [{ b: "ok" }, { c: "x\ud800" }] })).toBe("a.1.c");
    expect(findUnstorableText([{ ok: 1 }, { ["\udc00"]: 1 }])).toBe("1 (a property name)");
    expect(findUnstorableText("\u0000")).toBe("");
    let deep: unknown = "\ud800";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
    expect(findUnstorableText({ fine: ["a", 1, null, { b: true }] })).toBeUndefined();
  });
});
