/**
 * StorageLocal: the Storage port over the browser's localStorage (or any Web Storage). Each entry
 * is kept as `{v, e}` (value, expiry epoch ms or null); an entry past its expiry per the Clock
 * reads as absent and is removed. Unreadable storage (private mode, disabled) reads as absent.
 */
import { Effect, Layer } from "effect";
import { StorageFailure } from "@portal/core/errors";
import type { ClockShape } from "@portal/core/ports/Clock";
import { Storage, type StorageShape } from "@portal/core/ports/Storage";

interface Entry {
  readonly v: string;
  readonly e: number | null;
}

const isEntry = (x: unknown): x is Entry =>
  typeof x === "object" && x !== null && typeof (x as Entry).v === "string" && (typeof (x as Entry).e === "number" || (x as Entry).e === null);

export function makeStorageLocal(web: globalThis.Storage, clock: ClockShape, prefix = ""): StorageShape {
  const k = (key: string) => prefix + key;
  return {
    get: (key) =>
      Effect.gen(function* () {
        const now = yield* clock.now;
        let raw: string | null;
        try {
          raw = web.getItem(k(key));
        } catch {
          return undefined;
        }
        if (raw === null) return undefined;
        let entry: unknown;
        try {
          entry = JSON.parse(raw);
        } catch {
          return undefined;
        }
        if (!isEntry(entry)) return undefined;
        if (entry.e !== null && entry.e <= now) {
          try {
            web.removeItem(k(key));
          } catch {
            // reading stays correct without the clean-up
          }
          return undefined;
        }
        return entry.v;
      }),
    set: (key, value, options = {}) =>
      Effect.try({
        try: () => web.setItem(k(key), JSON.stringify({ v: value, e: options.expiresAt ?? null } satisfies Entry)),
        catch: (e) => new StorageFailure({ key, reason: e instanceof Error ? e.message : String(e) }),
      }),
    remove: (key) =>
      Effect.sync(() => {
        try {
          web.removeItem(k(key));
        } catch {
          // nothing to remove from storage we cannot reach
        }
      }),
  };
}

export const StorageLocalLayer = (web: globalThis.Storage, clock: ClockShape) => Layer.succeed(Storage)(makeStorageLocal(web, clock));
