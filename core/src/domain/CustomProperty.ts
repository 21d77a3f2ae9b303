/**
 * Custom property (spec.md section 3, "Custom property (company-level, plus a global list)"): a
 * field a company adds to its devices or assets, with a type, whether a value is required, and
 * its place in the form. Global properties (no company) are the platform's, read-only for
 * companies. Values are held per device or asset in their canonical text (rules/customFields.ts).
 */
import { Schema } from "effect";
import { NAME_MAX_LENGTH } from "../constants";

/** The types a custom property can have. */
export const CUSTOM_PROPERTY_TYPES = ["text", "number", "boolean", "date", "choice"] as const;
export const CustomPropertyType = Schema.Literals(CUSTOM_PROPERTY_TYPES);
export type CustomPropertyType = typeof CustomPropertyType.Type;

/** What a custom property applies to. */
export const CUSTOM_PROPERTY_TARGETS = ["device", "asset"] as const;
export const CustomPropertyTarget = Schema.Literals(CUSTOM_PROPERTY_TARGETS);
export type CustomPropertyTarget = typeof CustomPropertyTarget.Type;

/** A custom property as sent on the wire (the global list answers every field). */
export const CustomProperty = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH)),
  type: CustomPropertyType,
  target: CustomPropertyTarget,
  required: Schema.Boolean,
  /** The choices of a "choice" property, in order; empty for the other types. */
  options: Schema.Array(Schema.String),
  order: Schema.Number,
  /** A platform-wide property: shown to every company, changed by none. */
  global: Schema.Boolean,
});
export type CustomProperty = typeof CustomProperty.Type;

/** A value as sent on the wire: a number for "number", a boolean for "boolean", text otherwise. */
export const CustomFieldValue = Schema.Union([Schema.String, Schema.Number, Schema.Boolean]);
export type CustomFieldValue = typeof CustomFieldValue.Type;

/** The custom field values of one device or asset, by property publicId (absent: no value). */
export const CustomFieldValues = Schema.Struct({
  publicId: Schema.String,
  values: Schema.Record(Schema.String, CustomFieldValue),
});
export type CustomFieldValues = typeof CustomFieldValues.Type;
