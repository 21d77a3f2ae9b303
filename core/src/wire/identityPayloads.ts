/**
 * Request bodies of the identity and menu item endpoints (issue 12), bounded. Texts the rules
 * judge further (rules/identity.ts, rules/menuItems.ts) are loose here so that the rules answer
 * their own messages. An image is its file as base64 (the API speaks JSON only), at most a
 * little over IMAGE_MAX_BASE64_LENGTH so that the rule, not the schema, answers 413 for a
 * file just over the limit; null removes the image.
 */
import { Schema } from "effect";
import { IMAGE_MAX_BASE64_LENGTH } from "../rules/identity";
import { MENU_ITEM_URL_MAX_LENGTH } from "../rules/menuItems";
import { RuleText, Text, TOKEN_MAX_LENGTH } from "./bounds";
import { NAME_WIRE_MAX_LENGTH, OrderValue } from "./payloads";

/** An uploaded image: its file as base64 (a data: URL prefix is allowed). What it is, its bytes say. */
export const ImageUpload = Schema.Struct({ base64: Text(2 * IMAGE_MAX_BASE64_LENGTH) });

/** The changes of an identity (PATCH): a field left out keeps its value; null clears an optional one. */
export const IdentityBody = Schema.Struct({
  name: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  theme: Schema.optional(RuleText(16)),
  primaryColor: Schema.optional(RuleText(16)),
  browserTitle: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  fqdn: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  appleAppStoreLink: Schema.optional(RuleText(MENU_ITEM_URL_MAX_LENGTH)),
  googlePlayStoreLink: Schema.optional(RuleText(MENU_ITEM_URL_MAX_LENGTH)),
  logo: Schema.optional(Schema.NullOr(ImageUpload)),
  appleTouchIcon: Schema.optional(Schema.NullOr(ImageUpload)),
  favicon: Schema.optional(Schema.NullOr(ImageUpload)),
});

const menuFields = {
  label: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  url: Schema.optional(RuleText(MENU_ITEM_URL_MAX_LENGTH + 1)),
  order: Schema.optional(OrderValue),
};
/** A menu item to create. */
export const MenuItemBody = Schema.Struct(menuFields);
/** One item of a bulk PATCH: carries its publicId. */
export const MenuItemBulkBody = Schema.Struct({ publicId: Schema.optional(RuleText(TOKEN_MAX_LENGTH)), ...menuFields });
