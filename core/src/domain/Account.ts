/**
 * My account (issue 11): my access tokens and trusted devices as the profile page lists them,
 * and the links sent by mail (e-mail confirmation, password reset).
 */
import { Schema } from "effect";

/** One of my access tokens, without its secret: when it ends and whether it is this session's. */
export const MyAccessTokenView = Schema.Struct({
  publicId: Schema.String,
  /** UTC ISO instants. */
  createdOn: Schema.String,
  expiresOn: Schema.String,
  /** Minted from another token (jump-start, a jump link) rather than by signing in. */
  derived: Schema.Boolean,
  /** The token of the call that listed it (this browser's session). */
  current: Schema.Boolean,
});
export type MyAccessTokenView = typeof MyAccessTokenView.Type;

/**
 * A browser I signed in from (spec 3 "Trusted device"): it sent its browser id (kept in client
 * storage) as the `Api-Device-Id` header. Forgetting one ends the sessions signed in from it.
 */
export const TrustedDevice = Schema.Struct({
  publicId: Schema.String,
  /** What the browser said it is (its user agent, shortened). */
  name: Schema.String,
  firstSeenOn: Schema.String,
  lastSeenOn: Schema.String,
  /** The browser that made the call (same device id header). */
  current: Schema.Boolean,
});
export type TrustedDevice = typeof TrustedDevice.Type;

/** The header that carries the browser id (spec 3 client storage, spec 7 trusted devices). */
export const DEVICE_ID_HEADER = "Api-Device-Id";

/** How long an e-mail confirmation link stays valid: 24 hours. */
export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a password reset link stays valid: 1 hour. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
