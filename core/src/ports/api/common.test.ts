import fc from "fast-check";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { allPages, type ListPage } from "./common";

/** Pages of `items`, `size` per page, with a cursor that is the index of the next item. */
const pager = <A>(items: ReadonlyArray<A>, size: number) => {
  const calls: Array<string | undefined> = [];
  const fetch = (after: string | undefined): Effect.Effect<ListPage<A>> =>
    Effect.sync(() => {
      calls.push(after);
      const start = after === undefined ? 0 : Number(after);
      const end = start + size;
      return { data: items.slice(start, end), moreAfter: end < items.length ? String(end) : null };
    });
  return { fetch, calls };
};

describe("allPages", () => {
  it("follows moreAfter until it is null", () => {
    const { fetch, calls } = pager([1, 2, 3, 4, 5], 2);
    expect(Effect.runSync(allPages(fetch))).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([undefined, "2", "4"]);
  });

  it("fails with the first page error", () => {
    const failing = () => Effect.fail("boom" as const);
    expect(Effect.runSync(Effect.flip(allPages(failing)))).toBe("boom");
  });

  it("property: every item comes back once, in server order", () => {
    fc.assert(fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 7 }), (items, size) => {
      const { fetch, calls } = pager(items, size);
      expect(Effect.runSync(allPages(fetch))).toEqual(items);
      expect(calls.length).toBe(Math.max(1, Math.ceil(items.length / size)));
    }));
  });
});
