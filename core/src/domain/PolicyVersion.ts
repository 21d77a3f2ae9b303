/**
 * A published version of a company's own terms of use or privacy statement, as its builder sees
 * it (spec 2 custom-terms-of-use-builder and custom-privacy-statement-builder; spec 3 "privacy
 * statement language and terms-of-use policy language: body"): the English body, the other
 * languages by code, and when it was published. Bodies are HTML the server sanitised.
 */
import { Schema } from "effect";

/** Which builder: the company's terms of use or its privacy statement. */
export const PolicyKind = Schema.Literals(["terms-of-use", "privacy-statement"]);
export type PolicyKind = typeof PolicyKind.Type;

export const PolicyVersion = Schema.Struct({
  publicId: Schema.String,
  /** The English text (the fallback of every reader, rules/policyLanguage.ts). */
  body: Schema.String,
  /** The other languages' texts by language code. */
  languages: Schema.Record(Schema.String, Schema.String),
  /** When it was published (ISO 8601, UTC). */
  createdAt: Schema.String,
});
export type PolicyVersion = typeof PolicyVersion.Type;

/**
 * What a builder opens with: the company's versions, newest first (the first is the one in force
 * when the company uses its own text), and for terms whose text applies (spec 3 Company
 * customTermsOfUse: "company" or "sector"); null for the privacy statement, where the company's
 * own text always wins once it has one.
 */
export const PolicyBuilderView = Schema.Struct({
  customTermsOfUse: Schema.NullOr(Schema.Literals(["company", "sector"])),
  versions: Schema.Array(PolicyVersion),
});
export type PolicyBuilderView = typeof PolicyBuilderView.Type;
