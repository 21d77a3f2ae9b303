import { describe, expect, it } from "vitest";
import { UPDATE_CHECK_INTERVAL_MS } from "@portal/core/constants";
import type { RootStore } from "../src/stores/RootStore";
import { UpdateStore } from "../src/stores/UpdateStore";
import { flush, ManualTimers } from "./harness";

const setup = (answers: Array<string | null>) => {
  const timers = new ManualTimers();
  const calls: string[] = [];
  let reloads = 0;
  const store = new UpdateStore({ timers } as unknown as RootStore, {
    running: "0.1.0+a",
    fetchVersion: async () => { calls.push("fetch"); return answers.shift() ?? null; },
    reload: () => { reloads++; },
  });
  return { store, timers, calls, reloads: () => reloads };
};

describe("UpdateStore (new-version notice)", () => {
  it("checks info.json every 9,000,000 ms and shows the notice only for another version", async () => {
    const { store, timers, calls } = setup(["0.1.0+a", null, "0.1.0+b"]);
    store.start();
    timers.advance(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(calls).toEqual([]);
    timers.advance(1);
    await flush();
    expect(store.visible).toBe(false);
    timers.advance(UPDATE_CHECK_INTERVAL_MS);
    await flush();
    expect(store.visible).toBe(false);
    timers.advance(UPDATE_CHECK_INTERVAL_MS);
    await flush();
    expect(calls.length).toBe(3);
    expect(store.visible).toBe(true);
    expect(store.available).toBe("0.1.0+b");
  });
  it("Later hides the notice until a newer build appears; Reload reloads", async () => {
    const { store, reloads } = setup(["0.1.0+b", "0.1.0+b", "0.1.0+c"]);
    await store.check();
    store.later();
    expect(store.visible).toBe(false);
    await store.check();
    expect(store.visible).toBe(false);
    await store.check();
    expect(store.visible).toBe(true);
    store.reload();
    expect(reloads()).toBe(1);
  });
  it("stop ends the checks", async () => {
    const { store, timers, calls } = setup(["0.1.0+b"]);
    store.start();
    store.stop();
    timers.advance(3 * UPDATE_CHECK_INTERVAL_MS);
    await flush();
    expect(calls).toEqual([]);
  });
});
