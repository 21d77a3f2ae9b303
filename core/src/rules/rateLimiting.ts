/**
 * Rate limiting of an agent's OpenVPN configuration (spec.md section 4 "Rate limiting"): how the
 * agent's rateLimiting is shown to the user.
 */
import { Result } from "effect";
import { RATE_LIMIT_SOFT_THRESHOLD } from "../constants";
import type { RateLimiting } from "../domain/Agent";
import { parseIsoInstant } from "./accessRequests";

export type RateLimitDisplay =
  /** No limit in force. */
  | { readonly kind: "none"; readonly unit: null; readonly attempts: 0; readonly lastHit: null; readonly canTryAgain: false }
  /**
   * The system keeps retrying by itself: "retrying in seconds" up to RATE_LIMIT_SOFT_THRESHOLD
   * (10) attempts, "retrying in minutes" beyond.
   */
  | { readonly kind: "soft"; readonly unit: "seconds" | "minutes"; readonly attempts: number; readonly lastHit: number | null; readonly canTryAgain: false }
  /** The system has stopped trying; the user is offered Try again (which resets the agent's OpenVPN config). */
  | { readonly kind: "hard"; readonly unit: null; readonly attempts: number; readonly lastHit: number | null; readonly canTryAgain: true };

/**
 * The display model of an agent's rate limiting. `attempts` is configOpenvpnCounter and `lastHit`
 * configOpenvpnLastHit in epoch ms (null when absent or unreadable). The spec gives the unit of
 * the retry delay but no formula for its length, so the model carries the unit and the attempts,
 * not an invented number of seconds or minutes. Guarantees: soft with at most 10 attempts is in
 * seconds, with more in minutes; only hard offers Try again. Never fails.
 */
export const rateLimitDisplay = (rateLimiting: RateLimiting | null | undefined): RateLimitDisplay => {
  if (!rateLimiting) return { kind: "none", unit: null, attempts: 0, lastHit: null, canTryAgain: false };
  const attempts = rateLimiting.configOpenvpnCounter;
  const lastHit = rateLimiting.configOpenvpnLastHit === null ? null : parseIsoInstant(rateLimiting.configOpenvpnLastHit);
  if (rateLimiting.configOpenvpnLimit === "hard") return { kind: "hard", unit: null, attempts, lastHit, canTryAgain: true };
  return { kind: "soft", unit: attempts <= RATE_LIMIT_SOFT_THRESHOLD ? "seconds" : "minutes", attempts, lastHit, canTryAgain: false };
};

/** Why Try again was refused: the system is still retrying by itself, or no limit is in force. */
export const RATE_LIMIT_NOT_STOPPED = "RATE_LIMIT_NOT_STOPPED";

/**
 * Try again (spec.md section 4, "hard: the system has stopped trying; a Try again is offered"):
 * resets the agent's OpenVPN configuration limit. Guarantees: succeeds with the agent's new
 * rateLimiting, null (no limit in force, the counter started over), exactly when the display
 * offers Try again (a hard limit); fails with RATE_LIMIT_NOT_STOPPED otherwise, so a soft limit
 * (still retrying) or a device without a limit is left as it is.
 */
export const tryAgain = (rateLimiting: RateLimiting | null | undefined): Result.Result<null, typeof RATE_LIMIT_NOT_STOPPED> =>
  rateLimitDisplay(rateLimiting).canTryAgain ? Result.succeed(null) : Result.fail(RATE_LIMIT_NOT_STOPPED);
