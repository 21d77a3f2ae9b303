import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedOrders, hexToHue, moveItem, nextOrder, reorder, shouldSpreadColors, spreadColors, spreadHues } from "./ordering";

const HEX = /^#[0-9a-f]{6}$/;

describe("nextOrder", () => {
  it("is 0 for the first item", () => {
    expect(nextOrder([])).toBe(0);
  });
  it("is the maximum existing order plus 1000", () => {
    expect(nextOrder([{ order: 0 }, { order: 3000 }, { order: 1000 }])).toBe(4000);
    expect(nextOrder([{ order: 5 }])).toBe(1005);
  });
  it("property: nextOrder is greater than every existing order", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ order: fc.integer({ min: -1e9, max: 1e9 }) })), (existing) => {
        const next = nextOrder(existing);
        expect(existing.every((e) => next > e.order)).toBe(true);
      }),
    );
  });
});

describe("reorder", () => {
  it("gives every item index * 1000 after a drag", () => {
    expect(reorder([{ id: "a", order: 7 }, { id: "b", order: 2 }, { id: "c", order: 9 }])).toEqual([
      { id: "a", order: 0 }, { id: "b", order: 1000 }, { id: "c", order: 2000 },
    ]);
  });
  it("property: orders are strictly increasing after reorder and the sequence is kept", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.string(), order: fc.integer() })), (items) => {
        const result = reorder(items);
        expect(result.map((r) => r.id)).toEqual(items.map((i) => i.id));
        for (let i = 1; i < result.length; i++) expect(result[i]!.order).toBeGreaterThan(result[i - 1]!.order);
      }),
    );
  });
});

describe("moveItem", () => {
  it("moves an item down and up", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
  });
  it("clamps the target and ignores a source outside the list", () => {
    expect(moveItem(["a", "b", "c"], 0, 99)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, -5)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 5, 0)).toEqual(["a", "b", "c"]);
  });
  it("does not change its input", () => {
    const items = ["a", "b"];
    moveItem(items, 0, 1);
    expect(items).toEqual(["a", "b"]);
  });
  it("property: a move is a permutation that puts the item at the target, and moving back restores", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { minLength: 1 }).chain((xs) =>
          fc.tuple(fc.constant(xs), fc.nat(xs.length - 1), fc.nat(xs.length - 1))),
        ([xs, from, to]) => {
          const moved = moveItem(xs, from, to);
          expect([...moved].sort()).toEqual([...xs].sort());
          expect(moved[to]).toBe(xs[from]);
          expect(moveItem(moved, to, from)).toEqual(xs);
        },
      ),
    );
  });
});

describe("spreadColors", () => {
  it("applies only with both manage:subgroups and manage:group-types", () => {
    expect(shouldSpreadColors(["manage:subgroups", "manage:group-types"])).toBe(true);
    expect(shouldSpreadColors(["manage:group-types"])).toBe(false);
    expect(shouldSpreadColors(["manage:subgroups"])).toBe(false);
    expect(shouldSpreadColors([])).toBe(false);
  });
  it("keeps existing colours (lowercased) and fills the missing ones", () => {
    const result = spreadColors([
      { id: "a", color: "#FF0000" }, { id: "b" }, { id: "c", color: null }, { id: "d", color: "" },
    ]);
    expect(result[0]!.color).toBe("#ff0000");
    for (const r of result) expect(r.color).toMatch(HEX);
    expect(new Set(result.map((r) => r.color)).size).toBe(4);
  });
  it("spreads hues evenly over the circle", () => {
    expect(spreadHues(4, [])).toEqual([0, 90, 180, 270]);
    const hues = spreadColors([{}, {}, {}]).map((r) => hexToHue(r.color)!);
    expect(hues[0]!).toBeCloseTo(0, 0);
    expect(hues[1]!).toBeCloseTo(120, 0);
    expect(hues[2]!).toBeCloseTo(240, 0);
  });
  it("rotates the spread away from a used hue", () => {
    // One red in use: the two new hues sit at 90 and 270, as far from red as possible.
    const [, b, c] = spreadColors([{ color: "#ff0000" }, {}, {}]).map((r) => hexToHue(r.color)!);
    expect(Math.min(Math.abs(b! - 0), 360 - b!)).toBeGreaterThan(80);
    expect(Math.min(Math.abs(c! - 0), 360 - c!)).toBeGreaterThan(80);
  });
  it("does not reuse a colour that equals the spread one", () => {
    const first = spreadColors([{}])[0]!.color;
    // That exact colour is now used by another type (hue kept as far as possible is the same hue).
    const result = spreadColors([{ color: first }, {}]);
    expect(result[1]!.color).not.toBe(first);
  });
  it("property: new colours are hex, distinct, not clashing with used ones, deterministic", () => {
    const color = fc.oneof(
      fc.constant(undefined), fc.constant(null), fc.constant(""),
      fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, "0")}`),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ color }), { maxLength: 60 }), (items) => {
        const result = spreadColors(items);
        expect(spreadColors(items)).toEqual(result);
        const used = new Set(items.flatMap((i) => (i.color ? [i.color] : [])));
        const added = result.filter((_, i) => !items[i]!.color).map((r) => r.color);
        for (const c of added) {
          expect(c).toMatch(HEX);
          expect(used.has(c)).toBe(false);
        }
        expect(new Set(added).size).toBe(added.length);
        result.forEach((r, i) => { if (items[i]!.color) expect(r.color).toBe(items[i]!.color); });
      }),
    );
  });
  it("property: spread hues are exactly 360 / count apart", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.array(fc.double({ min: 0, max: 359, noNaN: true }), { maxLength: 5 }),
        (count, used) => {
          const hues = spreadHues(count, used);
          expect(hues).toHaveLength(count);
          for (let i = 1; i < count; i++) {
            expect((hues[i]! - hues[i - 1]! + 360) % 360).toBeCloseTo(360 / count, 6);
          }
        }),
    );
  });
});

describe("changedOrders", () => {
  it("sends only the moved neighbours once the list is spaced by ORDER_STEP", () => {
    const before = reorder([{ publicId: "a", order: 0 }, { publicId: "b", order: 0 }, { publicId: "c", order: 0 }, { publicId: "d", order: 0 }]);
    const after = reorder(moveItem(before, 1, 2));
    expect(changedOrders(before, after)).toEqual([{ publicId: "c", order: 1000 }, { publicId: "b", order: 2000 }]);
  });

  it("property: applying the changes to the list before gives the orders after", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -5000, max: 5000 }), { minLength: 1, maxLength: 8 }), fc.nat(), fc.nat(), (orders, from, to) => {
      const before = orders.map((order, i) => ({ publicId: `t${i}`, order }));
      const after = reorder(moveItem(before, from % before.length, to % before.length));
      const applied = new Map(before.map((t) => [t.publicId, t.order]));
      for (const c of changedOrders(before, after)) applied.set(c.publicId, c.order);
      for (const t of after) expect(applied.get(t.publicId)).toBe(t.order);
    }));
  });
});
