/**
 * Reading JSON values from the Storage port, decoded with a Schema on the way out: storage is
 * untrusted input too (another tab, an older version of the app). Apart from storageJson.ts so
 * that the first load, which only writes, carries no schemas.
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
