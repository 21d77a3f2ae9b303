/**
 * Translation batch rules (spec.md sections 5 and 8): each entry needs a key matching
 * TRANSLATION_KEY_PATTERN and a languages map with en; duplicate keys within one batch are a
 * conflict; an upsert adds unknown keys and updates changed ones.
 *
 * Decisions the spec leaves open:
 * - Keys are compared exactly (case-sensitive): they are identifiers, "Site" and "SITE" differ.
 * - Language codes must match LANGUAGE_CODE_PATTERN (ISO 639 letters with optional subtags,
 *   e.g. en, nl, pt-BR, zh_Hant); texts must be strings. en must be a non-blank text; other
 *   languages may be empty.
 * - Unknown fields of an entry (e.g. a publicId on a PATCH item) are ignored, not rejected.
 */
import { Result } from "effect";
import type { Languages, Translation, TranslationInput } from "../domain/Translation";
import { Conflict, InvalidInput, type ValidationIssue } from "../errors";

/**
 * Translation keys: a letter, then letters, digits, `_`, `.` or `-`; 1 to 255 characters in all.
 * E.g. `GROUP_TYPE_SITE`, `menu.users`, `error-page.title`.
 */
export const TRANSLATION_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,254}$/;
/** Language codes: 2-3 lowercase letters, then optional `-`/`_` subtags of 2-8 letters or digits. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;
/** The language every translation must have. */
export const REQUIRED_LANGUAGE = "en";

/** Messages of spec.md section 8 (translation batch), plus two for shapes the spec does not name. */
export const REQUIRED_PROPERTY = "Required property";
export const REQUIRED_LANGUAGE_MISSING = `Required language missing: ${REQUIRED_LANGUAGE}`;
export const PATTERN_MISMATCH = "Value does not match regex expression";
export const DUPLICATE = "Duplicate";
export const EXPECTED_OBJECT = "Expected an object";
export const EXPECTED_STRING = "Expected a string";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const checkKey = (key: unknown, listIndex: number): ValidationIssue | undefined => {
  if (key === undefined || key === null || key === "") return { listIndex, propertyName: "key", message: REQUIRED_PROPERTY };
  if (typeof key !== "string" || !TRANSLATION_KEY_PATTERN.test(key)) {
    return { listIndex, propertyName: "key", message: PATTERN_MISMATCH };
  }
  return undefined;
};

const checkLanguages = (languages: unknown, listIndex: number): ValidationIssue[] => {
  if (languages === undefined || languages === null) {
    return [{ listIndex, propertyName: "languages", message: REQUIRED_PROPERTY }];
  }
  if (!isRecord(languages)) return [{ listIndex, propertyName: "languages", message: EXPECTED_OBJECT }];
  const issues: ValidationIssue[] = [];
  for (const [code, text] of Object.entries(languages)) {
    const propertyName = `languages.${code}`;
    if (!LANGUAGE_CODE_PATTERN.test(code)) issues.push({ listIndex, propertyName, message: PATTERN_MISMATCH });
    else if (typeof text !== "string") issues.push({ listIndex, propertyName, message: EXPECTED_STRING });
  }
  const en = languages[REQUIRED_LANGUAGE];
  if (en === undefined || en === null || (typeof en === "string" && en.trim() === "")) {
    issues.push({ listIndex, propertyName: "languages", message: REQUIRED_LANGUAGE_MISSING });
  }
  return issues;
};

/**
 * Validates a create or upsert batch. On success returns the entries as `{ key, languages }`
 * (other fields dropped), in batch order. Errors:
 * - InvalidInput (400) with one issue per failing field of each entry, each with `listIndex`
 *   and `propertyName`: "Required property" (key or languages missing, or the entry is not an
 *   object), "Value does not match regex expression" (key not matching TRANSLATION_KEY_PATTERN,
 *   or a language code not matching LANGUAGE_CODE_PATTERN), "Required language missing: en",
 *   "Expected an object" / "Expected a string" for a languages map or text of the wrong type.
 * - Conflict (409), only when there is no 400 issue: "Duplicate" on every later occurrence of a
 *   key already used earlier in the batch (propertyName "key").
 */
export const validateTranslationBatch = (
  entries: ReadonlyArray<unknown>,
): Result.Result<ReadonlyArray<TranslationInput>, InvalidInput | Conflict> => {
  const issues: ValidationIssue[] = [];
  entries.forEach((entry, listIndex) => {
    const fields = isRecord(entry) ? entry : {};
    const keyIssue = checkKey(fields.key, listIndex);
    if (keyIssue) issues.push(keyIssue);
    issues.push(...checkLanguages(fields.languages, listIndex));
  });
  if (issues.length > 0) return Result.fail(new InvalidInput({ issues }));

  const valid = entries.map((entry) => {
    const { key, languages } = entry as { key: string; languages: Record<string, string> };
    return { key, languages: { ...languages } };
  });
  const seen = new Set<string>();
  const duplicates: ValidationIssue[] = [];
  valid.forEach(({ key }, listIndex) => {
    if (seen.has(key)) duplicates.push({ listIndex, propertyName: "key", message: DUPLICATE });
    seen.add(key);
  });
  if (duplicates.length > 0) return Result.fail(new Conflict({ issues: duplicates }));
  return Result.succeed(valid);
};

/**
 * Keys of a batch already stored under another translation: one 'Duplicate' issue per entry
 * (propertyName "key", its listIndex), as the unique index would refuse them. `stored` are the
 * company's translations; an entry carrying a publicId (a PATCH) does not clash with itself.
 * Guarantees linear time in the sizes of both lists; an empty list means no clash.
 */
export const storedKeyClashes = (
  stored: ReadonlyArray<{ readonly key: string; readonly publicId: string }>,
  entries: ReadonlyArray<{ readonly key: string; readonly publicId?: string }>,
): ValidationIssue[] => {
  const owner = new Map(stored.map((t) => [t.key, t.publicId] as const));
  const issues: ValidationIssue[] = [];
  entries.forEach((entry, listIndex) => {
    const holder = owner.get(entry.key);
    if (holder !== undefined && holder !== entry.publicId) issues.push({ listIndex, propertyName: "key", message: DUPLICATE });
  });
  return issues;
};

/** Whether two languages maps hold the same codes with the same texts (order ignored). */
export const sameLanguages = (a: Languages, b: Languages): boolean => {
  const codes = Object.keys(a);
  return codes.length === Object.keys(b).length && codes.every((code) => Object.hasOwn(b, code) && b[code] === a[code]);
};

/** What an upsert of a batch does to the stored translations. */
export interface TranslationUpsertPlan {
  /** Batch entries whose key is not stored yet: to create. */
  readonly add: TranslationInput[];
  /** Stored translations whose languages differ from the batch's: the batch's map replaces them. */
  readonly change: Array<{ publicId: string; key: string; before: Languages; after: Languages }>;
  /** Stored translations the batch repeats exactly: left alone. */
  readonly unchanged: Translation[];
}

/**
 * Plans an upsert of a validated batch (see validateTranslationBatch) against the stored
 * translations, matching on the exact key. Guarantees that every batch entry lands in exactly
 * one of add, change or unchanged, in batch order, and that planning the same batch again after
 * applying the plan yields no add and no change. Never fails.
 */
export const planTranslationUpsert = (
  existing: ReadonlyArray<Translation>,
  batch: ReadonlyArray<TranslationInput>,
): TranslationUpsertPlan => {
  const byKey = new Map(existing.map((t) => [t.key, t] as const));
  const plan = { add: [], change: [], unchanged: [] } as {
    add: TranslationInput[];
    change: TranslationUpsertPlan["change"];
    unchanged: Translation[];
  };
  for (const entry of batch) {
    const stored = byKey.get(entry.key);
    if (!stored) plan.add.push(entry);
    else if (sameLanguages(stored.languages, entry.languages)) plan.unchanged.push(stored);
    else plan.change.push({ publicId: stored.publicId, key: stored.key, before: stored.languages, after: entry.languages });
  }
  return plan;
};

/**
 * The stored translations after carrying out a plan: changed ones get their new languages,
 * added ones get ids from `newPublicId`, stored order kept and additions appended. Used by
 * in-memory fakes and dry runs so they agree with the server. Never fails.
 */
export const applyTranslationUpsert = (
  existing: ReadonlyArray<Translation>,
  plan: TranslationUpsertPlan,
  newPublicId: () => string,
): Translation[] => {
  const changes = new Map(plan.change.map((c) => [c.publicId, c.after] as const));
  return [
    ...existing.map((t) => {
      const after = changes.get(t.publicId);
      return after ? { ...t, languages: after } : t;
    }),
    ...plan.add.map((entry) => ({ publicId: newPublicId(), key: entry.key, languages: entry.languages })),
  ];
};

/** The translations list's sort: by key, or by the English text (then by key), each ascending. */
export type TranslationSort = "key" | "english";
export const TRANSLATION_SORTS: ReadonlyArray<TranslationSort> = ["key", "english"];

/**
 * Whether a translation matches the list's search: the trimmed search, lower-cased, is found in
 * the lower-cased key or in the lower-cased text of any language. An empty search matches every
 * translation. The server's SQL (ILIKE on the key and on each text) answers the same.
 */
export const matchesTranslationSearch = (t: { readonly key: string; readonly languages: Languages }, search: string): boolean => {
  const needle = search.trim().toLowerCase();
  return needle === "" || t.key.toLowerCase().includes(needle) || Object.values(t.languages).some((text) => text.toLowerCase().includes(needle));
};

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The list's order for `sort`, as a comparator: by key; or by the lower-cased English text, then
 * by key. Total (keys are unique per company), so paging by it never repeats or skips a row.
 */
export const translationOrder = (sort: TranslationSort = "key") => (a: Translation, b: Translation): number =>
  sort === "english"
    ? byCodeUnits((a.languages[REQUIRED_LANGUAGE] ?? "").toLowerCase(), (b.languages[REQUIRED_LANGUAGE] ?? "").toLowerCase()) || byCodeUnits(a.key, b.key)
    : byCodeUnits(a.key, b.key);
