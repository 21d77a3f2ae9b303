/**
 * The request bodies of the session routes (sessionRoutes.ts): sign-in, my password, my
 * two-factor codes and my profile. Apart from payloads.ts (which re-exports them) so that the
 * sign-in page's first load does not carry every body of the contract.
 */
import { Schema } from "effect";
import { NAME_MAX_LENGTH } from "../constants";
import { RuleText } from "./bounds";

/**
 * Transport bound of a name: the rule counts NAME_MAX_LENGTH code points after trimming, so the
 * wire allows what such a name can take in UTF-16 units plus surrounding space.
 */
export const NAME_WIRE_MAX_LENGTH = NAME_MAX_LENGTH * 4;
/** Longest password the API hashes (bounds the cost of one sign-in). */
export const PASSWORD_MAX_LENGTH = 1024;

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

/** PATCH my user: name, language, time zone (the rule in rules/profile.ts judges them). */
export const ProfileBody = Schema.Struct({
  name: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  language: Schema.optional(RuleText(35)),
  timeZone: Schema.optional(RuleText(64)),
});
