import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultAudience, setDefaultAudience, unsetDefaultAudience } from "./audiences";

const list = [
  { publicId: "a", default: false },
  { publicId: "b", default: true },
  { publicId: "c", default: false },
];
const successOf = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`expected a success, got ${String(r.failure)}`);
  return r.success;
};

describe("audience default", () => {
  it("sets one audience as default and clears the previous default", () => {
    const after = successOf(setDefaultAudience(list, "c"));
    expect(after.map((a) => a.default)).toEqual([false, false, true]);
    expect(defaultAudience(after)?.publicId).toBe("c");
  });
  it("unsets the default", () => {
    const after = successOf(unsetDefaultAudience(list, "b"));
    expect(defaultAudience(after)).toBeUndefined();
    expect(successOf(unsetDefaultAudience(list, "a"))).toEqual(list);
  });
  it("reports an unknown audience as NotFound", () => {
    const result = setDefaultAudience(list, "zzz");
    expect(Result.isFailure(result) && result.failure._tag).toBe("NotFound");
    expect(Result.isFailure(unsetDefaultAudience(list, "zzz"))).toBe(true);
  });
  it("property: at most one audience is default after any sequence of set and unset", () => {
    const ids = ["a", "b", "c", "d"];
    const op = fc.record({ set: fc.boolean(), id: fc.constantFrom(...ids) });
    fc.assert(
      fc.property(fc.nat(ids.length), fc.array(op, { maxLength: 20 }), (initialDefault, ops) => {
        let state = ids.map((publicId, i) => ({ publicId, default: i === initialDefault }));
        for (const { set, id } of ops) {
          state = successOf(set ? setDefaultAudience(state, id) : unsetDefaultAudience(state, id));
          expect(state.filter((a) => a.default).length).toBeLessThanOrEqual(1);
          expect(defaultAudience(state)?.publicId === id).toBe(set);
        }
      }),
    );
  });
});
