import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reorderAuditValues } from "./auditReorder";

const item = (publicId: string, name: string, order: number) => ({ publicId, name, order });

describe("reorderAuditValues", () => {
  it("maps the moved items' names to their orders, leaving unmoved ones out", () => {
    expect(reorderAuditValues([
      { before: item("a", "Alpha", 0), after: item("a", "Alpha", 1000) },
      { before: item("b", "Beta", 1000), after: item("b", "Beta", 0) },
      { before: item("c", "Gamma", 2000), after: item("c", "Gamma", 2000) },
    ])).toEqual({ before: { Alpha: 0, Beta: 1000 }, after: { Alpha: 1000, Beta: 0 } });
  });
  it("is null when an item changed anything besides its order", () => {
    expect(reorderAuditValues([
      { before: item("a", "Alpha", 0), after: item("a", "Alpha", 1000) },
      { before: item("b", "Beta", 1000), after: item("b", "Beta 2", 1000) },
    ])).toBeNull();
  });
  it("property: a pure permutation of orders is one reorder listing exactly the moved items", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 10 }).chain((orders) =>
      fc.tuple(fc.constant(orders), fc.shuffledSubarray(orders, { minLength: orders.length, maxLength: orders.length }))), ([orders, shuffled]) => {
      const changes = orders.map((o, i) => ({ before: item(`p${i}`, `n${i}`, o), after: item(`p${i}`, `n${i}`, shuffled[i]!) }));
      const r = reorderAuditValues(changes)!;
      expect(Object.keys(r.after).sort()).toEqual(changes.filter((c) => c.before.order !== c.after.order).map((c) => c.after.name).sort());
    }));
  });
});
