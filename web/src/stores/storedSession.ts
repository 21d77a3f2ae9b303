/**
 * The session kept in storage, decoded with its schemas: loaded by SessionStore only when
 * something is stored, so a signed-out visitor's first load carries no schemas.
 */
import { Effect, Schema } from "effect";
import { AccessToken } from "@portal/core/domain/AccessToken";
import type { StorageShape } from "@portal/core/ports/Storage";
import { readJson } from "./storageRead";

/** The stored token and chosen company; null where absent, expired or not of the schema's shape. */
export async function readStoredSession(storage: StorageShape, tokenKey: string, companyKey: string): Promise<{ token: AccessToken | null; company: string | null }> {
  const [token, company] = await Promise.all([
    Effect.runPromise(readJson(storage, tokenKey, AccessToken)),
    Effect.runPromise(readJson(storage, companyKey, Schema.String)),
  ]);
  return { token, company };
}
