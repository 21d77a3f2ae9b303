/**
 * The app-store lookup of spec 7 ("Client update and store lookups") behind the 80 px app banner:
 * the id is taken from the company's App Store link, the lookup is a GET by id with a cache-buster,
 * and the banner reads results[0] trackName and artworkUrl512. Google Play has no such lookup: its
 * banner shows the store link with the portal's own name.
 */
import { Result, Schema } from "effect";
import type { StoreDetails } from "./appStoreId";

/** The App Store's public lookup service (allowed in the web app's connect-src). */
export const APP_STORE_LOOKUP_ORIGIN = "https://itunes.apple.com";

// The id and the details' shape have a module of their own (no Schema): the app banner's store,
// on the sign-in page's first load, needs only them.
export { appStoreIdOf, type StoreDetails } from "./appStoreId";

/**
 * The lookup URL for an id, with a cache-buster: the hours since the epoch, so the answer is read
 * again at most once an hour (the same cache-buster as the VPN release feed of spec 7).
 */
export const appStoreLookupUrl = (id: string, nowMs: number): string =>
  `${APP_STORE_LOOKUP_ORIGIN}/lookup?id=${encodeURIComponent(id)}&cb=${Math.floor(nowMs / 3_600_000)}`;

const LookupAnswer = Schema.Struct({
  results: Schema.Array(Schema.Struct({
    trackName: Schema.String,
    artworkUrl512: Schema.optional(Schema.String),
  })),
});

/**
 * The banner's details from a lookup answer (any JSON value): results[0] trackName and
 * artworkUrl512 (https only, else none). Null for an answer without a first result or a name;
 * the banner then shows the portal's name.
 */
export const storeDetailsOf = (answer: unknown): StoreDetails | null => {
  const decoded = Schema.decodeUnknownResult(LookupAnswer)(answer);
  if (Result.isFailure(decoded)) return null;
  const first = decoded.success.results[0];
  if (first === undefined || first.trackName.trim() === "") return null;
  const artwork = first.artworkUrl512?.trim() ?? "";
  return { name: first.trackName.trim(), artworkUrl: artwork.startsWith("https://") ? artwork : null };
};
