/**
 * Access tokens (api.md): minted from credentials or from a bearer secret with an expiresIn in
 * seconds; the secret is shown once and stored hashed by the server.
 */
import { Schema } from "effect";
import { ACCESS_TOKEN_MAX_SECONDS, ACCESS_TOKEN_MIN_SECONDS } from "../constants";

export const AccessToken = Schema.Struct({
  publicId: Schema.String,
  secretId: Schema.String,
  /** UTC ISO instant. */
  expiresOn: Schema.String,
});
export type AccessToken = typeof AccessToken.Type;

/** Lifetime of a new token, in seconds (60 to 5,184,000). */
export const ExpiresIn = Schema.Int.check(
  Schema.isGreaterThanOrEqualTo(ACCESS_TOKEN_MIN_SECONDS),
  Schema.isLessThanOrEqualTo(ACCESS_TOKEN_MAX_SECONDS),
);

/** How a token is asked for: credentials (otp empty without two-factor) or an existing secret. */
export type TokenGrant =
  | { readonly kind: "password"; readonly email: string; readonly otp: string; readonly password: string }
  | { readonly kind: "bearer"; readonly secretId: string };
