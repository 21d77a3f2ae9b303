/**
 * The signed-in user (spec.md section 3): my user, the password change body, and the two-factor
 * enrolment, verification and backup-code answers.
 */
import { Schema } from "effect";

export const MyUser = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  email: Schema.String,
  twoFactorEnabled: Schema.optional(Schema.Boolean),
  /** A language code (e.g. "en"); null: the browser's. */
  language: Schema.optional(Schema.NullOr(Schema.String)),
  /** An IANA time zone (e.g. "Europe/Amsterdam") dates are shown in; null: the browser's. */
  timeZone: Schema.optional(Schema.NullOr(Schema.String)),
  /** A new address waiting for its confirmation link to be followed. */
  pendingEmail: Schema.optional(Schema.NullOr(Schema.String)),
  /** A platform administrator (not a company right): the administrator-only tools are theirs. */
  platformAdmin: Schema.optional(Schema.Boolean),
});
export type MyUser = typeof MyUser.Type;

/** Body of POST my password. `deleteAccessTokens` ends my other sessions. */
export const PasswordChange = Schema.Struct({
  oldPassword: Schema.String,
  newPassword: Schema.String,
  deleteAccessTokens: Schema.Boolean,
});
export type PasswordChange = typeof PasswordChange.Type;

/** Whether two-factor is on, or enrolled but not yet verified. */
export const TwoFactorStatus = Schema.Struct({ enabled: Schema.Boolean, pending: Schema.optional(Schema.Boolean) });
export type TwoFactorStatus = typeof TwoFactorStatus.Type;

/** Answer of an enrolment: the TOTP secret and its otpauth:// URI for the authenticator app. */
export const TwoFactorEnrolment = Schema.Struct({ secret: Schema.String, otpauthUri: Schema.String });
export type TwoFactorEnrolment = typeof TwoFactorEnrolment.Type;

/** Fresh backup codes, shown once. */
export const BackupCodes = Schema.Struct({ backupCodes: Schema.Array(Schema.String) });
export type BackupCodes = typeof BackupCodes.Type;

/** Changes to my profile (PATCH my user); a field left out stays as it is. */
export const ProfileChange = Schema.Struct({
  name: Schema.optional(Schema.String),
  language: Schema.optional(Schema.NullOr(Schema.String)),
  timeZone: Schema.optional(Schema.NullOr(Schema.String)),
});
export type ProfileChange = typeof ProfileChange.Type;
