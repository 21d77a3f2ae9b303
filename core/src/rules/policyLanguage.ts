/**
 * Which language of a privacy statement or terms of use a person reads (spec 3: a policy has a
 * body per language; spec 3 Translation: "en is required", so English is the fallback). The
 * policy's main `body` is its English text; `languages` holds the other ones by code.
 */

/** The language every policy has: its main body. */
export const POLICY_FALLBACK_LANGUAGE = "en";

/**
 * The wanted languages, most wanted first (for example the one asked for, the user's chosen one,
 * the browser's), reduced to their base code ("de-CH" is "de"), without repeats and blanks, cut
 * after English (a wish for English before others is final), and always ending with English.
 */
export function wantedLanguages(...codes: ReadonlyArray<string | null | undefined>): string[] {
  const base = (code: string | null | undefined) => (code ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  const bases = codes.map(base).filter((c) => c !== "");
  // English asked before another language wins: what follows it is never reached.
  const englishAt = bases.indexOf(POLICY_FALLBACK_LANGUAGE);
  const wanted = [...new Set(englishAt >= 0 ? bases.slice(0, englishAt) : bases)];
  return [...wanted, POLICY_FALLBACK_LANGUAGE];
}

/**
 * The body to show and its language: the first wanted language the policy has a non-blank text
 * in, else the main (English) body. Guarantees: the answer is always one of the policy's texts;
 * when the first wanted language has a text, that text is chosen.
 */
export function policyBodyFor(
  policy: { readonly body: string; readonly languages: Readonly<Record<string, string>> },
  wanted: ReadonlyArray<string>,
): { readonly body: string; readonly language: string } {
  for (const code of wanted) {
    if (code === POLICY_FALLBACK_LANGUAGE) break;
    const text = Object.hasOwn(policy.languages, code) ? policy.languages[code] : undefined;
    if (text !== undefined && text.trim() !== "") return { body: text, language: code };
  }
  return { body: policy.body, language: POLICY_FALLBACK_LANGUAGE };
}
