/**
 * The app-store lookup of spec 7 ("Client update and store lookups") behind the 80 px app banner:
 * the id is taken from the company's App Store link, the lookup is a GET by id with a cache-buster,
 * and the banner reads results[0] trackName and artworkUrl512. Google Play has no such lookup: its
 * banner shows the store link with the portal's own name.
 */
import { Result, Schema } from "effect";

/** The App Store's public lookup service (allowed in the web app's connect-src). */
export const APP_STORE_LOOKUP_ORIGIN = "https://itunes.apple.com";

/** What the store banner shows about the app. */
export interface StoreDetails {
  readonly name: string;
  readonly artworkUrl: string | null;
}

/**
 * The App Store id of a store link (`https://apps.apple.com/<cc>/app/<name>/id1234567890`), or
 * null when the link names none. Guarantees: only digits, taken from the path's `id<digits>` part.
 */
export const appStoreIdOf = (link: string | null | undefined): string | null => {
  if (link === null || link === undefined) return null;
  let path: string;
  try {
    path = new URL(link.trim()).pathname;
  } catch {
    return null;
  }
  return /(?:^|\/)id(\d+)(?:\/|$)/.exec(path)?.[1] ?? null;
};

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
