/**
 * The format of a StorageLocal entry, `{v, e}` (value, expiry epoch ms or null), read without
 * effect: StorageLocal reads with it, and so does the web app's boot script, which runs before any
 * module (web/src/boot) and must judge a stored session exactly as the store will.
 */

interface Entry {
  readonly v: string;
  readonly e: number | null;
}

const isEntry = (x: unknown): x is Entry =>
  typeof x === "object" && x !== null && typeof (x as Entry).v === "string" && (typeof (x as Entry).e === "number" || (x as Entry).e === null);

/** What a raw stored string holds at `now`: its value, nothing (absent or not an entry), or an expired entry (to remove). */
export type StoredEntry = { readonly kind: "value"; readonly value: string } | { readonly kind: "absent" } | { readonly kind: "expired" };

/**
 * Reads one raw stored string. Guarantees: never throws; a value only for a well-formed entry
 * whose expiry is null or after `now`; an entry expiring exactly at `now` is expired.
 */
export function readStoredEntry(raw: string | null, now: number): StoredEntry {
  if (raw === null) return { kind: "absent" };
  let entry: unknown;
  try {
    entry = JSON.parse(raw);
  } catch {
    return { kind: "absent" };
  }
  if (!isEntry(entry)) return { kind: "absent" };
  if (entry.e !== null && entry.e <= now) return { kind: "expired" };
  return { kind: "value", value: entry.v };
}

/** The raw string stored for a value (the inverse of readStoredEntry). */
export const storedEntryOf = (value: string, expiresAt: number | null): string => JSON.stringify({ v: value, e: expiresAt } satisfies Entry);
