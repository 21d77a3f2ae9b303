import type { Effect } from "effect";
import type { MyAccessTokenView, TrustedDevice } from "../../domain/Account";
import type { MyUser, ProfileChange } from "../../domain/User";
import type { Conflict, NotFound } from "../../errors";
import type { CallError } from "./common";

/**
 * My account (issue 11): profile, e-mail change, my sessions and trusted devices, and password
 * recovery by a mailed link. Rule failures are InvalidInput issues naming the field, with
 * core's message keys (rules/profile.ts, rules/passwordStrength.ts, LINK_INVALID_OR_EXPIRED).
 */
export interface AccountApi {
  /** Saves my name, language and time zone; answers my user. Fails with InvalidInput or a CallError. */
  readonly updateProfile: (change: ProfileChange) => Effect.Effect<MyUser, CallError>;
  /**
   * Mails a confirmation link to `email`; my address changes only when it is followed. Fails
   * with InvalidInput (INVALID_EMAIL, wrong password) or a CallError.
   */
  readonly requestEmailChange: (email: string, password: string) => Effect.Effect<{ readonly pendingEmail: string }, CallError>;
  /** Spends a confirmation link (no session needed). Fails with InvalidInput (LINK_INVALID_OR_EXPIRED), Conflict (EMAIL_ALREADY_IN_USE) or a CallError. */
  readonly confirmEmail: (token: string) => Effect.Effect<{ readonly email: string }, CallError | Conflict>;
  /** My live access tokens, oldest first, the current session's marked. Fails with a CallError. */
  readonly myAccessTokens: () => Effect.Effect<ReadonlyArray<MyAccessTokenView>, CallError>;
  /** Ends one of my tokens. Fails with NotFound or a CallError. */
  readonly revokeAccessToken: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
  /** Browsers I signed in from, this one marked. Fails with a CallError. */
  readonly trustedDevices: () => Effect.Effect<ReadonlyArray<TrustedDevice>, CallError>;
  /** Forgets a device and signs it out. Fails with NotFound or a CallError. */
  readonly forgetTrustedDevice: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
  /** Asks for a reset link; succeeds alike whether the address has an account. Fails with InvalidInput (INVALID_EMAIL) or a CallError. */
  readonly requestPasswordReset: (email: string) => Effect.Effect<void, CallError>;
  /** Sets a new password with a reset link's token; every session ends. Fails with InvalidInput (LINK_INVALID_OR_EXPIRED, password strength) or a CallError. */
  readonly resetPassword: (token: string, newPassword: string) => Effect.Effect<void, CallError>;
}
