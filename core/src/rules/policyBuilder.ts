/**
 * The custom terms of use and privacy statement builders (spec 2, 3 and 6): what may be
 * published, and adding a language to a draft without overwriting one. The server judges every
 * publish with publishIssues; the web store and the CLI call the same functions, so a person
 * sees the same sentence wherever they write.
 */
import type { ValidationIssue } from "../errors";
import { POLICY_FALLBACK_LANGUAGE } from "./policyLanguage";
import { LANGUAGE_CODE_PATTERN, PATTERN_MISMATCH } from "./translations";

/** Longest body (HTML) of one language: a long legal text with markup stays far below. */
export const POLICY_BODY_MAX_LENGTH = 200_000;
/** The English body is blank (no text once tags are removed). */
export const POLICY_BODY_REQUIRED = "POLICY_BODY_REQUIRED";
/** A language is added that the draft already has. */
export const POLICY_LANGUAGE_EXISTS = "POLICY_LANGUAGE_EXISTS";

/** A draft being written: the English body and the other languages by code. */
export interface PolicyDraft {
  readonly body: string;
  readonly languages: Readonly<Record<string, string>>;
}

/**
 * Whether an HTML body has no visible text: tags, entities of white space and white space only.
 * Guarantees: false for any body holding a letter or digit outside a tag.
 */
export const isBlankHtml = (html: string): boolean =>
  html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|&#xa0;/gi, " ").trim() === "";

/** A language code as stored: trimmed and lower-cased ("DE" and " de " are "de"). */
export const normalLanguageCode = (code: string): string => code.trim().toLowerCase();

/**
 * The issues of publishing `draft`, empty when it may be published: the English body must have
 * text (POLICY_BODY_REQUIRED on `body`); each other language's code must match
 * LANGUAGE_CODE_PATTERN, may not be English (the body is English) and may not appear twice once
 * normalised ('Value does not match regex expression' / POLICY_LANGUAGE_EXISTS on
 * `languages.<code>`). A blank text of another language is allowed: readers fall back to English.
 */
export function publishIssues(draft: PolicyDraft): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (isBlankHtml(draft.body)) issues.push({ message: POLICY_BODY_REQUIRED, propertyName: "body" });
  const seen = new Set<string>([POLICY_FALLBACK_LANGUAGE]);
  for (const code of Object.keys(draft.languages)) {
    const normal = normalLanguageCode(code);
    if (!LANGUAGE_CODE_PATTERN.test(normal)) issues.push({ message: PATTERN_MISMATCH, propertyName: `languages.${code}` });
    else if (seen.has(normal)) issues.push({ message: POLICY_LANGUAGE_EXISTS, propertyName: `languages.${code}` });
    seen.add(normal);
  }
  return issues;
}

/** The result of adding a language: the draft with it, or why not. */
export type AddLanguageResult =
  | { readonly ok: true; readonly draft: PolicyDraft; readonly code: string }
  | { readonly ok: false; readonly issue: ValidationIssue };

/**
 * Adds an empty text for `code` to the draft. Never overwrites: a code the draft already has
 * (English included, after normalising) is refused with POLICY_LANGUAGE_EXISTS and the draft is
 * left as it is; a malformed code is refused with 'Value does not match regex expression'.
 */
export function addPolicyLanguage(draft: PolicyDraft, code: string): AddLanguageResult {
  const normal = normalLanguageCode(code);
  if (normal === "") return { ok: false, issue: { message: "REQUIRED", propertyName: "language" } };
  if (!LANGUAGE_CODE_PATTERN.test(normal)) return { ok: false, issue: { message: PATTERN_MISMATCH, propertyName: "language" } };
  if (normal === POLICY_FALLBACK_LANGUAGE || Object.keys(draft.languages).some((c) => normalLanguageCode(c) === normal)) {
    return { ok: false, issue: { message: POLICY_LANGUAGE_EXISTS, propertyName: "language" } };
  }
  return { ok: true, code: normal, draft: { body: draft.body, languages: { ...draft.languages, [normal]: "" } } };
}

/** The text of one language of a draft (English: the body). */
export const draftText = (draft: PolicyDraft, code: string): string =>
  code === POLICY_FALLBACK_LANGUAGE ? draft.body : draft.languages[code] ?? "";

/** The draft with the text of one language replaced (English: the body). Other languages are untouched. */
export const withDraftText = (draft: PolicyDraft, code: string, text: string): PolicyDraft =>
  code === POLICY_FALLBACK_LANGUAGE ? { body: text, languages: draft.languages } : { body: draft.body, languages: { ...draft.languages, [code]: text } };
