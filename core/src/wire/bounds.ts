/**
 * The bounds of every string and map the API takes, as Schema checks, so that the route table's
 * schemas document them (OpenAPI) and every edge enforces them the same way. A text that
 * PostgreSQL cannot store (a NUL, a lone UTF-16 surrogate) is bad input, named by its field,
 * never a database fault.
 */
import { Schema } from "effect";

/** Longest free text a field takes unless its schema says less (a reason, a translation text). */
export const TEXT_MAX_LENGTH = 10_000;
/** Longest identifier-like text: publicIds in paths and bodies, keys, e-mail addresses, secrets. */
export const TOKEN_MAX_LENGTH = 255;
/** Most languages one translation may carry. */
export const LANGUAGES_MAX = 200;
/** Longest language code (BCP 47 tags stay far below). */
export const LANGUAGE_CODE_MAX_LENGTH = 35;

/** A lone high surrogate (not followed by a low one) or a lone low one (not after a high one). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The message of a text that cannot be stored. */
export const MALFORMED_TEXT = "Contains a character that cannot be stored (a NUL or a lone UTF-16 surrogate)";

/**
 * Whether `text` can be stored as PostgreSQL text and jsonb: no NUL and no lone surrogate.
 * Guarantees: true for every string made of whole Unicode scalar values other than U+0000.
 */
export const isStorableText = (text: string): boolean => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

/** The check behind `Text`: storable text only. */
export const isStorable = Schema.makeFilter<string>((s) => isStorableText(s) || MALFORMED_TEXT, {
  description: "no NUL, no lone UTF-16 surrogate",
  toJsonSchema: () => [{}, true],
});

/** A string of at most `max` characters (UTF-16 code units) that can be stored. */
export const Text = (max: number = TEXT_MAX_LENGTH) =>
  Schema.String.check(Schema.isMaxLength(max, { message: `Must be at most ${max} characters` }), isStorable);

/** A publicId as it appears in paths and bodies: bounded text (an unknown one is a 404, not a 400). */
export const PublicIdText = Text(TOKEN_MAX_LENGTH);

/**
 * Text a business rule judges further (so that it can answer the spec's own messages such as
 * REQUIRED or 'Value does not match regex expression'): the schema checks that it is a string
 * within `max` characters that can be stored; null passes through to the rule, which reads it
 * as missing.
 */
export const RuleText = (max: number) => Schema.NullOr(Text(max));

/**
 * A map of language code to text: at most LANGUAGES_MAX entries, codes of at most
 * LANGUAGE_CODE_MAX_LENGTH and texts of at most `max` characters, all storable. The code pattern
 * and the required language are the rule's (rules/translations); null passes through to it.
 */
export const RuleLanguages = (max: number = TEXT_MAX_LENGTH) =>
  Schema.NullOr(Schema.Record(Schema.String, Text(max)).check(
    Schema.isMaxProperties(LANGUAGES_MAX, { message: `At most ${LANGUAGES_MAX} languages` }),
    // The codes are checked here rather than by a key schema, so that the JSON Schema keeps the texts' bound.
    Schema.makeFilter<Readonly<Record<string, string>>>((map) => {
      for (const code of Object.keys(map)) {
        if (code.length > LANGUAGE_CODE_MAX_LENGTH || !isStorableText(code)) {
          return { path: [code], issue: `A language code is at most ${LANGUAGE_CODE_MAX_LENGTH} characters that can be stored` };
        }
      }
      return true;
    }, { toJsonSchema: () => ({ propertyNames: { maxLength: LANGUAGE_CODE_MAX_LENGTH } }) }),
  ));

/**
 * Whether every text of a JSON value (keys included) can be stored: the common answer, found
 * without building a path per value (findUnstorableText builds them only when there is a place to name).
 */
const allStorable = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === "string") {
      if (!isStorableText(v)) return false;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) pending.push(v[i]);
    } else if (typeof v === "object" && v !== null) {
      for (const key of Object.keys(v)) {
        if (!isStorableText(key)) return false;
        pending.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return true;
};

/**
 * The first place in a JSON value (keys included) holding text that cannot be stored, as a
 * dotted path ("" for the value itself), or undefined when there is none. Guarantees a visit of
 * every string at most once, without recursion (a body nested 60,000 deep is walked, not a stack
 * overflow): linear in the size of the value. The request pipeline runs it on every body, so
 * that no schema can forget it.
 */
export const findUnstorableText = (value: unknown): string | undefined => {
  if (allStorable(value)) return undefined;
  const pending: Array<readonly [unknown, string]> = [[value, ""]];
  const at = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);
  while (pending.length > 0) {
    const [v, path] = pending.pop()!;
    if (typeof v === "string") {
      if (!isStorableText(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pending.push([v[i], at(path, String(i))]);
    } else if (typeof v === "object" && v !== null) {
      const entries = Object.entries(v as Record<string, unknown>);
      for (const [key] of entries) if (!isStorableText(key)) return path === "" ? "(a property name)" : `${path} (a property name)`;
      for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i]![1], at(path, entries[i]![0])]);
    }
  }
  return undefined;
};
