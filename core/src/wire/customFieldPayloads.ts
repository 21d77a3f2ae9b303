/**
 * Request bodies of the custom field endpoints (issue 12), bounded. What a rule judges further
 * (the name, type, target, options and every value) is loose here so that rules/customFields.ts
 * answers its own messages (REQUIRED, NOT_A_NUMBER...), with the field they concern.
 */
import { Schema } from "effect";
import { CHOICE_OPTIONS_MAX, CUSTOM_TEXT_MAX_LENGTH } from "../rules/customFields";
import { RuleText, Text, TOKEN_MAX_LENGTH } from "./bounds";
import { NAME_WIRE_MAX_LENGTH, OrderValue } from "./payloads";

/** Most values one PUT may carry (a company has far fewer properties; unknown keys are refused by the rule). */
export const CUSTOM_VALUES_MAX = 500;

const fields = {
  name: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  type: Schema.optional(RuleText(32)),
  target: Schema.optional(RuleText(32)),
  required: Schema.optional(Schema.NullOr(Schema.Boolean)),
  // One more than the rule allows, so that the rule (not the schema) says TOO_MANY_CHOICE_OPTIONS.
  options: Schema.optional(Schema.NullOr(Schema.Array(Text(NAME_WIRE_MAX_LENGTH)).check(Schema.isMaxLength(CHOICE_OPTIONS_MAX + 1)))),
  order: Schema.optional(OrderValue),
};

/** A company custom property to create, or the changes of one (item PATCH). */
export const CustomPropertyBody = Schema.Struct(fields);
/** One item of a bulk PATCH (a reorder, an edit): carries its publicId. */
export const CustomPropertyBulkBody = Schema.Struct({ publicId: Schema.optional(RuleText(TOKEN_MAX_LENGTH)), ...fields });

/** The custom field values of one device or asset, replaced as a whole: property publicId to value (null: none). */
export const CustomFieldValuesBody = Schema.Struct({
  values: Schema.Record(
    Text(TOKEN_MAX_LENGTH),
    Schema.NullOr(Schema.Union([Text(CUSTOM_TEXT_MAX_LENGTH * 4), Schema.Number, Schema.Boolean])),
  ).check(Schema.isMaxProperties(CUSTOM_VALUES_MAX)),
});
