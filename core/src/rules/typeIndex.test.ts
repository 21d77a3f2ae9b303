import { Result } from "effect";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findNameClash, validateGroupTypeInput } from "./groupTypes";
import { nextOrder } from "./ordering";
import { TypeIndex, type IndexedType } from "./typeIndex";

const ids = fc.constantFrom(..."abcdefgh".split("").map((c) => c.repeat(12)));
const names = fc.constantFrom("Site", "site ", " SITE", "Line", "line", "Café", "Cafe\u0301", "Zone", "zone  ");
const type = fc.record({ publicId: ids, name: names, order: fc.integer({ min: -5000, max: 5000 }) });
const op = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), item: type }),
  fc.record({ kind: fc.constant("replace" as const), item: type }),
  fc.record({ kind: fc.constant("remove" as const), id: ids }),
);

/** The same operations on a plain array, the reference the index must agree with. */
const applyToArray = (list: IndexedType[], o: { kind: string; item?: IndexedType; id?: string }) => {
  const at = list.findIndex((t) => t.publicId === (o.item?.publicId ?? o.id));
  if (o.kind === "remove") { if (at >= 0) list.splice(at, 1); return; }
  if (o.kind === "replace" && at >= 0) { list[at] = o.item!; return; }
  if (at >= 0) list.splice(at, 1);
  list.push(o.item!);
};

describe("TypeIndex", () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it("property: clash and nextOrder agree with findNameClash and nextOrder over the same list", () => {
    fc.assert(fc.property(fc.array(type, { maxLength: 8 }), fc.array(op, { maxLength: 20 }), names, fc.option(ids, { nil: undefined }),
      (initial, ops, probe, self) => {
        const unique = [...new Map(initial.map((t) => [t.publicId, t])).values()];
        const index = new TypeIndex(unique);
        const list = [...unique];
        for (const o of ops) {
          if (o.kind === "remove") { const t = index.get(o.id); if (t) index.remove(t); }
          else if (o.kind === "replace") index.replace(o.item);
          else index.add(o.item);
          applyToArray(list, o);
          expect(index.size).toBe(list.length);
          expect(index.nextOrder()).toBe(nextOrder(list));
        }
        const ctx = self === undefined ? { others: list } : { others: list, selfPublicId: self };
        expect(index.clash(probe, self) === undefined).toBe(findNameClash(probe, ctx) === undefined);
      }));
  });

  it("checking a batch costs the same per item at 1,000 and at 50,000 items (name keys computed)", () => {
    // Each uniqueness comparison normalises a name (typeNameKey): counting normalize calls counts
    // the work. The rule compared with every other type, so its count per item grew with the list.
    const perItem = (n: number): number => {
      const spy = vi.spyOn(String.prototype, "normalize");
      const index = new TypeIndex<IndexedType>([{ publicId: "existing0000", name: "Existing", order: 0 }]);
      for (let i = 0; i < n; i++) {
        const valid = validateGroupTypeInput({ name: `Type ${i}` }, { index, colorShown: false });
        if (Result.isFailure(valid)) throw new Error("unexpected clash");
        index.add({ publicId: `p${i}`, name: valid.success.name, order: index.nextOrder() });
      }
      const calls = spy.mock.calls.length;
      spy.mockRestore();
      return calls / n;
    };
    const small = perItem(1_000);
    const large = perItem(50_000);
    expect(small).toBeLessThanOrEqual(3);
    expect(large).toBeLessThanOrEqual(small);
  });

  it("refuses a name held by another type, not by the type itself", () => {
    const index = new TypeIndex([{ publicId: "aaaaaaaaaaaa", name: "Site", order: 0 }]);
    expect(index.clash(" site")?.publicId).toBe("aaaaaaaaaaaa");
    expect(index.clash("site", "aaaaaaaaaaaa")).toBeUndefined();
    expect(Result.isFailure(validateGroupTypeInput({ name: "SITE" }, { index, colorShown: false }))).toBe(true);
  });
});
