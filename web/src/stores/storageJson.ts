/**
 * JSON values over the Storage port (which keeps strings). Reading decodes with a Schema
 * (storageRead.ts): storage is untrusted input too (another tab, an older version of the app).
 * Writing needs no schema and is on the first load.
 */
import { Effect } from "effect";
import type { StorageShape } from "@portal/core/ports/Storage";

/** Stores `value` as JSON; `expiresAt` (epoch ms) makes it read as absent afterwards. A refused write is ignored: the session just does not survive a reload. */
export const writeJson = (storage: StorageShape, key: string, value: unknown, expiresAt?: number): Effect.Effect<void> =>
  storage.set(key, JSON.stringify(value), expiresAt === undefined ? {} : { expiresAt }).pipe(Effect.ignore);
