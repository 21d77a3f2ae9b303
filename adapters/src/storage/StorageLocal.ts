/**
 * StorageLocal: the Storage port over the browser's localStorage (or any Web Storage). Each entry
 * is kept as `{v, e}` (value, expiry epoch ms or null); an entry past its expiry per the Clock
 * reads as absent and is removed. Unreadable storage (private mode, disabled) reads as absent.
 */
import { Effect, Layer } from "effect";
import { StorageFailure } from "@portal/core/errors";
import type { ClockShape } from "@portal/core/ports/Clock";
import { Storage, type StorageShape } from "@portal/core/ports/Storage";
import { readStoredEntry, storedEntryOf } from "./storedEntry";

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
        const entry = readStoredEntry(raw, now);
        if (entry.kind === "expired") {
          try {
            web.removeItem(k(key));
          } catch {
            // reading stays correct without the clean-up
          }
        }
        return entry.kind === "value" ? entry.value : undefined;
      }),
    set: (key, value, options = {}) =>
      Effect.try({
        try: () => web.setItem(k(key), storedEntryOf(value, options.expiresAt ?? null)),
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
