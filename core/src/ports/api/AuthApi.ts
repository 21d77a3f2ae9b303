import type { Effect } from "effect";
import type { AccessToken, TokenGrant } from "../../domain/AccessToken";
import type { NotFound } from "../../errors";
import type { CallError } from "./common";

/** Access tokens (api.md): sign in, derive a token (jump-start), sign out. */
export interface AuthApi {
  /**
   * Mints a token from credentials or from a bearer secret, living `expiresIn` seconds
   * (ACCESS_TOKEN_MIN_SECONDS to ACCESS_TOKEN_MAX_SECONDS). Fails with Unauthenticated on wrong
   * credentials (reason "TWO_FACTOR_REQUIRED" when an otp is needed), RateLimited while locked
   * out, InvalidInput for a bad expiresIn, or another CallError.
   */
  readonly createAccessToken: (grant: TokenGrant, expiresIn: number) => Effect.Effect<AccessToken, CallError>;
  /** Ends one token (logout). Fails with NotFound when it is not the caller's, or a CallError. */
  readonly deleteAccessToken: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
}
