/**
 * Translation (spec.md section 3): publicId, key, languages (map of language code to text; en is
 * required). The batch rules with the spec's messages live in rules/translations.ts; these
 * schemas describe the stored shape.
 */
import { Schema } from "effect";

/** Language code to text, e.g. `{ en: "Site", nl: "Locatie" }`. */
export const Languages = Schema.Record(Schema.String, Schema.String);
export type Languages = typeof Languages.Type;

/** A translation as stored and sent on the wire. */
export const Translation = Schema.Struct({
  publicId: Schema.String,
  key: Schema.String,
  languages: Languages,
});
export type Translation = typeof Translation.Type;

/** One entry of a create or upsert batch, after validateTranslationBatch accepted it. */
export const TranslationInput = Schema.Struct({
  key: Schema.String,
  languages: Languages,
});
export type TranslationInput = typeof TranslationInput.Type;

/** One entry of a bulk PATCH: carries its publicId; the rest is validated like a batch entry. */
export const TranslationUpdate = Schema.Struct({
  publicId: Schema.String,
  key: Schema.optional(Schema.String),
  languages: Schema.optional(Languages),
});
export type TranslationUpdate = typeof TranslationUpdate.Type;
