/**
 * JSON values over the Storage port (which keeps strings). Values are decoded with a Schema on
 * the way out: storage is untrusted input too (another tab, an older version of the app).
 */
import { Effect, Result, Schema } from "effect";
import type { StorageShape } from "@portal/core/ports/Storage";

/** The decoded value under `key`, or null when absent, expired or not of the schema's shape. */
export const readJson = <S extends Schema.Decoder<unknown>>(storage: StorageShape, key: string, schema: S): Effect.Effect<S["Type"] | null> =>
  storage.get(key).pipe(
    Effect.map((raw) => {
      if (raw === undefined) return null;
      try {
        const result = Schema.decodeUnknownResult(schema)(JSON.parse(raw));
        return Result.isSuccess(result) ? result.success : null;
      } catch {
        return null;
      }
    }),
  );

/** Stores `value` as JSON; `expiresAt` (epoch ms) makes it read as absent afterwards. A refused write is ignored: the session just does not survive a reload. */
export const writeJson = (storage: StorageShape, key: string, value: unknown, expiresAt?: number): Effect.Effect<void> =>
  storage.set(key, JSON.stringify(value), expiresAt === undefined ? {} : { expiresAt }).pipe(Effect.ignore);
