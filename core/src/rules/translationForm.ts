/**
 * Rules of the translation add/edit dialog that protect what is stored (issue "silent
 * overwrites"): a language may appear once in a translation, and adding a translation whose key
 * already exists is refused and offered as an edit of the existing one. Server, web and CLI
 * agree because the server refuses the same (409 Duplicate on a stored key).
 */

/** Message key of a row that repeats a language of the same translation. */
export const LANGUAGE_EXISTS = "translation.languageExists";
/** Message key of a new translation whose key is already stored. */
export const KEY_EXISTS = "translation.keyExists";

/**
 * The indexes of rows whose language code (trimmed, case-insensitive) repeats the code of an
 * earlier row. Guarantees: the first row of each code is never flagged, rows with an empty code
 * are never flagged, and a list without repeats gives an empty set.
 */
export const repeatedLanguageRows = (codes: ReadonlyArray<string>): ReadonlySet<number> => {
  const seen = new Set<string>();
  const repeated = new Set<number>();
  codes.forEach((raw, index) => {
    const code = raw.trim().toLowerCase();
    if (code === "") return;
    if (seen.has(code)) repeated.add(index);
    else seen.add(code);
  });
  return repeated;
};

/**
 * The stored translation that a new one with `key` would collide with (same key after
 * trimming), or undefined. An edit never collides with itself.
 */
export const existingTranslationWithKey = <T extends { readonly publicId: string; readonly key: string }>(
  key: string, items: ReadonlyArray<T>, editingPublicId: string | null,
): T | undefined => {
  const wanted = key.trim();
  if (wanted === "") return undefined;
  return items.find((t) => t.key === wanted && t.publicId !== editingPublicId);
};

/**
 * An edit of `existing` that keeps what was typed for a new translation with the same key: the
 * stored languages stay, typed languages the stored one lacks are added. Stored texts are never
 * replaced without the person seeing them in the edit dialog.
 */
export const mergeIntoExisting = (
  existing: Readonly<Record<string, string>>, typed: Readonly<Record<string, string>>,
): Record<string, string> => {
  const merged: Record<string, string> = { ...existing };
  for (const [code, text] of Object.entries(typed)) if (!(code in merged) && text.trim() !== "") merged[code] = text;
  return merged;
};
