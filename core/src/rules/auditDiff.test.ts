import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyAuditDiff, auditDiff, formatAuditChange, jsonEqual } from "./auditDiff";

const flat = fc.dictionary(fc.string({ maxLength: 6 }).filter((k) => k !== "__proto__"),
  fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 6 });

describe("auditDiff", () => {
  it("lists a rename as one changed field, old -> new", () => {
    const diff = auditDiff({ publicId: "a1", name: "Line", order: 0 }, { publicId: "a1", name: "Line 2", order: 0 });
    expect(diff).toEqual([{ field: "name", kind: "changed", before: "Line", after: "Line 2" }]);
    expect(diff.map(formatAuditChange)).toEqual(["name: Line -> Line 2"]);
  });
  it("lists every field of a CREATE as added and of a DELETE as removed", () => {
    expect(auditDiff(null, { name: "x", order: 1000 }).map(formatAuditChange)).toEqual(["name: (none) -> x", "order: (none) -> 1000"]);
    expect(auditDiff({ name: "x" }, undefined).map(formatAuditChange)).toEqual(["name: x -> (none)"]);
  });
  it("compares nested values by content, not key order", () => {
    expect(auditDiff({ role: { publicId: "r", name: "A" } }, { role: { name: "A", publicId: "r" } })).toEqual([]);
    expect(auditDiff({ tags: [1, 2] }, { tags: [2, 1] }).map((c) => c.field)).toEqual(["tags"]);
  });
  it("reads a value that is not an object as one field", () => {
    expect(auditDiff("a", "b").map(formatAuditChange)).toEqual(["value: a -> b"]);
  });
  it("property: applying the diff to before yields after (flat objects)", () => {
    fc.assert(fc.property(flat, flat, (before, after) => {
      expect(jsonEqual(applyAuditDiff(before, auditDiff(before, after)), after)).toBe(true);
    }));
  });
  it("property: no field is listed whose value is equal on both sides; a value against itself has no diff", () => {
    fc.assert(fc.property(flat, flat, (before, after) => {
      for (const c of auditDiff(before, after)) {
        if (c.kind === "changed") expect(jsonEqual(c.before, c.after)).toBe(false);
      }
      expect(auditDiff(before, before)).toEqual([]);
    }));
  });
});
