/**
 * Request bodies of the route table, bounded. Fields that a business rule judges (a name, a
 * colour, a translation key) are RuleText: the schema bounds their size and storability, and the
 * rule answers the spec's own messages (REQUIRED, NAME_ALREADY_IN_USE, 'Required property').
 */
import { Schema } from "effect";
import { NAME_MAX_LENGTH } from "../constants";
import { RuleLanguages, RuleText, TEXT_MAX_LENGTH, TOKEN_MAX_LENGTH } from "./bounds";

/**
 * Transport bound of a name: the rule counts NAME_MAX_LENGTH code points after trimming, so the
 * wire allows what such a name can take in UTF-16 units plus surrounding space.
 */
export const NAME_WIRE_MAX_LENGTH = NAME_MAX_LENGTH * 4;
/** Longest password the API hashes (bounds the cost of one sign-in). */
export const PASSWORD_MAX_LENGTH = 1024;

/** An `order` value: a whole number in PostgreSQL's integer range. */
export const OrderValue = Schema.Number.check(
  Schema.makeFilter<number>((n) => (Number.isInteger(n) && Math.abs(n) < 2 ** 31) || "Must be a whole number", {
    toJsonSchema: () => ({ type: "integer", minimum: -(2 ** 31) + 1, maximum: 2 ** 31 - 1 }),
  }),
);

const name = Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH));
const color = Schema.optional(RuleText(32));
const order = Schema.optional(OrderValue);
/** A publicId inside a body; the handler answers 'Required property' when it is missing. */
const publicId = Schema.optional(RuleText(TOKEN_MAX_LENGTH));

/** A group type to create, or its changes (item PATCH). */
export const GroupTypeBody = Schema.Struct({ name, color, order });
/** One item of a bulk PATCH of group types (a reorder, a rename). */
export const GroupTypeBulkBody = Schema.Struct({ publicId, name, color, order });
/** An asset type to create, or its changes. */
export const AssetTypeBody = Schema.Struct({ name, order });
export const AssetTypeBulkBody = Schema.Struct({ publicId, name, order });
/** One item of a bulk DELETE. */
export const PublicIdBody = Schema.Struct({ publicId });

/** A translation to create or upsert, or the changes of one (item PATCH). */
export const TranslationBody = Schema.Struct({
  key: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  languages: Schema.optional(RuleLanguages(TEXT_MAX_LENGTH)),
});
export const TranslationBulkBody = Schema.Struct({ publicId, ...TranslationBody.fields });
/** `POST /api/translations?mode=upsert`: add unknown keys, change differing ones. */
export const TranslationListQuery = Schema.Struct({ mode: Schema.optional(Schema.Literal("upsert")) });

/** POST my password. */
export const PasswordChangeBody = Schema.Struct({
  oldPassword: Schema.optional(RuleText(PASSWORD_MAX_LENGTH)),
  newPassword: Schema.optional(RuleText(PASSWORD_MAX_LENGTH)),
  deleteAccessTokens: Schema.optional(Schema.Boolean),
});

/** A one-time code of the authenticator app, or a backup code. */
export const OtpBody = Schema.Struct({ otp: Schema.optional(RuleText(64)) });

/** POST access token: the new token's lifetime in seconds; the body may be left out. */
export const AccessTokenBody = Schema.UndefinedOr(Schema.Struct({ expiresIn: Schema.optional(Schema.Unknown) }));
