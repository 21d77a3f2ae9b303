/**
 * A privacy statement or terms-of-use text as shown (spec 2 /privacy-statement, /terms-of-use and
 * their my-company variants; spec 3 "privacy statement language and terms-of-use policy language:
 * body"): the version's publicId, the body in the language chosen by rules/policyLanguage.ts, and
 * that language. The body is HTML the server sanitised.
 */
import { Schema } from "effect";

export const PolicyText = Schema.Struct({
  publicId: Schema.String,
  body: Schema.String,
  /** The language of `body` (a code such as "en"). */
  language: Schema.String,
  /** Where it comes from: the company's own text or the sector's. */
  source: Schema.Literals(["company", "sector"]),
});
export type PolicyText = typeof PolicyText.Type;

/** The answer of a policy lookup: the text, or null when none has been published. */
export const MaybePolicyText = Schema.NullOr(PolicyText);
