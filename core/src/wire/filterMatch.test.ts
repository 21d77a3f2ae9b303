import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterMatches, filtersMatch } from "./filterMatch";
import type { Filter, FilterOp } from "./filters";

const f = (op: FilterOp, column: string, ...values: string[]): Filter => ({ op, column, values });
const server = { publicId: "s1", name: "HMI panel", type: "mdr", order: 2000, vpn: true, color: null, template: { publicId: "T1" }, tags: ["a", "b"] };

describe("filterMatches", () => {
  it("reads the spec's filter of platform servers: type in mdr, rsc", () => {
    expect(filterMatches(server, f("in", "type", "mdr", "rsc"))).toBe(true);
    expect(filterMatches({ ...server, type: "other" }, f("in", "type", "mdr", "rsc"))).toBe(false);
  });

  it("follows dotted paths, e.g. template configs by template.publicId", () => {
    expect(filterMatches(server, f("eq", "template.publicId", "T1"))).toBe(true);
    expect(filterMatches(server, f("eq", "template.nope", "T1"))).toBe(false);
  });

  it("compares numbers numerically, booleans as true/false and text by code unit", () => {
    expect(filterMatches(server, f("gt", "order", "999"))).toBe(true);
    expect(filterMatches(server, f("between", "order", "1000", "2000"))).toBe(true);
    expect(filterMatches(server, f("lt", "order", "abc"))).toBe(false);
    expect(filterMatches(server, f("eq", "vpn", "true"))).toBe(true);
    expect(filterMatches(server, f("lt", "name", "Z"))).toBe(true);
  });

  it("treats missing and null alike", () => {
    expect(filterMatches(server, f("isnull", "color"))).toBe(true);
    expect(filterMatches(server, f("isnull", "missing"))).toBe(true);
    expect(filterMatches(server, f("isnotnull", "name"))).toBe(true);
    expect(filterMatches(server, f("eq", "color", ""))).toBe(false);
  });

  it("matches contains case-insensitively on text and by membership on arrays", () => {
    expect(filterMatches(server, f("contains", "name", "panel"))).toBe(true);
    expect(filterMatches(server, f("contains", "name", "PANEL"))).toBe(true);
    expect(filterMatches(server, f("contains", "tags", "b"))).toBe(true);
    expect(filterMatches(server, f("contains", "tags", "c"))).toBe(false);
  });

  it("property: ne is the negation of eq, and ni of in", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), fc.array(fc.string(), { minLength: 1, maxLength: 3 }), (value, values) => {
      const row = { v: value };
      expect(filterMatches(row, f("ne", "v", values[0]!))).toBe(!filterMatches(row, f("eq", "v", values[0]!)));
      expect(filterMatches(row, f("ni", "v", ...values))).toBe(!filterMatches(row, f("in", "v", ...values)));
    }));
  });

  it("property: between a and b is gte a and lte b", () => {
    fc.assert(fc.property(fc.integer(), fc.integer(), fc.integer(), (v, a, b) => {
      const row = { v };
      expect(filterMatches(row, f("between", "v", String(a), String(b))))
        .toBe(filtersMatch(row, [f("gte", "v", String(a)), f("lte", "v", String(b))]));
    }));
  });
});
