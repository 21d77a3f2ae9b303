import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ClockShape } from "@portal/core/ports/Clock";
import { makeStorageLocal } from "../src/storage/StorageLocal";

/** A Web Storage over a Map: the same interface localStorage has in a browser. */
class MapStorage implements Storage {
  private m = new Map<string, string>();
  get length() { return this.m.size; }
  clear() { this.m.clear(); }
  getItem(k: string) { return this.m.get(k) ?? null; }
  key(i: number) { return [...this.m.keys()][i] ?? null; }
  removeItem(k: string) { this.m.delete(k); }
  setItem(k: string, v: string) { this.m.set(k, v); }
}

function stepped(start: number) {
  let now = start;
  const clock: ClockShape = { now: Effect.sync(() => now), timeZone: Effect.succeed("UTC") };
  return { clock, advance: (ms: number) => (now += ms) };
}

const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(e);

describe("StorageLocal", () => {
  it("keeps an entry until its expiry, then reads it as absent and removes it", async () => {
    const web = new MapStorage();
    const { clock, advance } = stepped(1_000);
    const storage = makeStorageLocal(web, clock);
    await run(storage.set("auth", "token", { expiresAt: 2_000 }));
    expect(await run(storage.get("auth"))).toBe("token");
    advance(999);
    expect(await run(storage.get("auth"))).toBe("token");
    advance(1);
    expect(await run(storage.get("auth"))).toBeUndefined();
    expect(web.length).toBe(0);
  });

  it("keeps entries without expiry forever and reads garbage as absent", async () => {
    const web = new MapStorage();
    const { clock, advance } = stepped(0);
    const storage = makeStorageLocal(web, clock);
    await run(storage.set("consent", "yes"));
    advance(10 ** 12);
    expect(await run(storage.get("consent"))).toBe("yes");
    web.setItem("broken", "{not json");
    expect(await run(storage.get("broken"))).toBeUndefined();
  });

  it("fails with StorageFailure when the browser refuses a write", async () => {
    const web = new MapStorage();
    web.setItem = () => { throw new Error("QuotaExceededError"); };
    const storage = makeStorageLocal(web, stepped(0).clock);
    const result = await Effect.runPromise(Effect.result(storage.set("k", "v")));
    expect(result._tag === "Failure" && result.failure._tag).toBe("StorageFailure");
  });

  it("property: a value reads back unchanged before its expiry and absent from it on", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 0, max: 2 * 10 ** 9 }), async (key, value, ttl, later) => {
        const { clock, advance } = stepped(0);
        const storage = makeStorageLocal(new MapStorage(), clock);
        await run(storage.set(key, value, { expiresAt: ttl }));
        advance(later);
        expect(await run(storage.get(key))).toBe(later < ttl ? value : undefined);
      }),
    );
  });
});
