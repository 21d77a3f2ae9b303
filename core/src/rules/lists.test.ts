import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyList, invalidated, type ListState, loadFailed, loadStarted, loadSucceeded, shouldEnsureAll } from "./lists";

describe("shouldEnsureAll", () => {
  it("loads only when neither loading nor loaded", () => {
    expect(shouldEnsureAll({ loading: false, loaded: false })).toBe(true);
    expect(shouldEnsureAll({ loading: true, loaded: false })).toBe(false);
    expect(shouldEnsureAll({ loading: false, loaded: true })).toBe(false);
    expect(shouldEnsureAll({ loading: true, loaded: true })).toBe(false);
  });
});

describe("list state", () => {
  it("goes empty -> loading -> loaded", () => {
    const loading = loadStarted(emptyList<string>());
    expect(shouldEnsureAll(loading)).toBe(false);
    const loaded = loadSucceeded(loading, ["a"]);
    expect(loaded).toEqual({ items: ["a"], loading: false, loaded: true, error: null });
    expect(shouldEnsureAll(loaded)).toBe(false);
    expect(shouldEnsureAll(invalidated(loaded))).toBe(true);
  });
  it("allows a new load after a failure and keeps earlier items", () => {
    const failed = loadFailed(loadStarted(loadSucceeded(emptyList<number>(), [1])), "boom");
    expect(failed).toEqual({ items: [1], loading: false, loaded: false, error: "boom" });
    expect(shouldEnsureAll(failed)).toBe(true);
  });
  it("property: at most one load is started over any sequence of ensure calls and load outcomes", () => {
    const step = fc.constantFrom("ensure", "succeed", "fail", "invalidate");
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let state: ListState<number> = emptyList();
        let running = 0;
        for (const s of steps) {
          if (s === "ensure" && shouldEnsureAll(state)) {
            state = loadStarted(state);
            running++;
          } else if (s === "succeed" && state.loading) {
            state = loadSucceeded(state, [1]);
            running--;
          } else if (s === "fail" && state.loading) {
            state = loadFailed(state, "e");
            running--;
          } else if (s === "invalidate" && !state.loading) {
            state = invalidated(state);
          }
          expect(running).toBeLessThanOrEqual(1);
          expect(state.loading).toBe(running === 1);
        }
      }),
    );
  });
});
