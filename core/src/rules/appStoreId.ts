/**
 * The App Store id of a company's store link, and what the 80 px app banner shows about the app
 * (spec 7, "Client update and store lookups"). Kept apart from the lookup's answer decoding
 * (appStoreLookup.ts, effect's Schema) so that the banner's store loads without it.
 */

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
