/**
 * Limits on attempts that cost the server a password check or reveal whether a guess was right:
 * sign-in per account and per client address, password change per user and per address.
 *
 * The server counts an attempt *before* it checks anything (one atomic SQL statement that
 * applies countAttempt), so that parallel guesses cannot get more checks than the limit: the
 * eleventh of 200 simultaneous guesses already sees a count above ten and is refused unchecked.
 * A counter is keyed by whatever the client sent (the email as typed, not the user found), so
 * an unknown email is limited exactly like a real one and the answer reveals nothing.
 */
import { SIGN_IN_LOCKOUT_MS, SIGN_IN_MAX_FAILURES } from "../constants";
import { RateLimited } from "../errors";

/** How many attempts one key may make, and what happens beyond. */
export interface AttemptPolicy {
  /** Attempts allowed in one window. */
  readonly maxAttempts: number;
  /** Length of a window, counted from its first attempt. */
  readonly windowMs: number;
  /** How long attempts are refused once the limit is passed, from the refused attempt. */
  readonly lockMs: number;
  /**
   * What a successful attempt does to the count: "reset" starts afresh (an account: the owner
   * has proven the password), "refund" takes back only that attempt (an address shared by many
   * honest users, where only failures should add up).
   */
  readonly onSuccess: "reset" | "refund";
}

/** The stored state of one key. Instants are epoch milliseconds. */
export interface AttemptCounter {
  readonly count: number;
  readonly windowStart: number;
  /** Set once the limit was passed; attempts before this instant are refused. */
  readonly lockedUntil: number | null;
}

/** Ten checks per account per 15 minutes, then 15 minutes of refusals (spec: lockout issue). */
export const SIGN_IN_PER_ACCOUNT: AttemptPolicy = { maxAttempts: SIGN_IN_MAX_FAILURES, windowMs: SIGN_IN_LOCKOUT_MS, lockMs: SIGN_IN_LOCKOUT_MS, onSuccess: "reset" };
/** Fifty failed sign-ins per client address per 15 minutes, whatever the accounts. */
export const SIGN_IN_PER_ADDRESS: AttemptPolicy = { maxAttempts: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000, onSuccess: "refund" };
/** Ten old-password checks per user per 15 minutes (a stolen session cannot guess its way to a new password). */
export const PASSWORD_CHANGE_PER_USER: AttemptPolicy = { maxAttempts: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000, onSuccess: "reset" };
/** Twenty failed password changes per client address per 15 minutes. */
export const PASSWORD_CHANGE_PER_ADDRESS: AttemptPolicy = { maxAttempts: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000, onSuccess: "refund" };

/**
 * Ten registrations per client address per hour, then an hour of refusals (issue 11). Every
 * registration counts, a successful one too: each one mails a stranger's address, so the limit
 * also bounds how much mail one address can make the portal send.
 */
export const REGISTRATION_PER_ADDRESS: AttemptPolicy = { maxAttempts: 10, windowMs: 60 * 60_000, lockMs: 60 * 60_000, onSuccess: "refund" };

/**
 * The counter after one more attempt at `now`. Guarantees: while a lock holds nothing changes
 * (refused attempts neither count nor extend the lock); a run-out window or lock starts a new
 * window with this attempt as its first; the attempt that passes `maxAttempts` sets the lock.
 * So at most `maxAttempts` attempts are allowed per window, and none for `lockMs` after a
 * refusal. Never fails.
 */
export const countAttempt = (previous: AttemptCounter | null, now: number, policy: AttemptPolicy): AttemptCounter => {
  if (previous && previous.lockedUntil !== null && previous.lockedUntil > now) return previous;
  if (!previous || previous.lockedUntil !== null || now >= previous.windowStart + policy.windowMs) {
    return { count: 1, windowStart: now, lockedUntil: null };
  }
  const count = previous.count + 1;
  return { count, windowStart: previous.windowStart, lockedUntil: count > policy.maxAttempts ? now + policy.lockMs : null };
};

/** Whether the attempt that left `counter` (the result of countAttempt) may go ahead; if not, for how long it is refused. */
export const attemptVerdict = (counter: AttemptCounter, now: number): { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number } =>
  counter.lockedUntil !== null && counter.lockedUntil > now
    ? { allowed: false, retryAfterMs: counter.lockedUntil - now }
    : { allowed: true };

/**
 * The counter after a successful attempt: zero for "reset", one less (never below zero) for
 * "refund". A lock in force stays. Never fails.
 */
export const settleAttempt = (counter: AttemptCounter, policy: AttemptPolicy): AttemptCounter =>
  counter.lockedUntil !== null ? counter
    : { ...counter, count: policy.onSuccess === "reset" ? 0 : Math.max(0, counter.count - 1) };

/** "15 minutes", "1 minute": whole minutes, rounded up, at least one. */
export const minutesText = (ms: number): string => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
};

/** What was limited, for the message of the 429 answer. */
export type LimitedAction = "sign-in-account" | "sign-in-address" | "password-change" | "registration";

/**
 * The RateLimited error (HTTP 429 with Retry-After) of a refused attempt, with a sentence that
 * names the wait. The account message does not depend on whether the account exists.
 */
export const attemptRefused = (action: LimitedAction, retryAfterMs: number): RateLimited => {
  const wait = minutesText(retryAfterMs);
  const message = action === "sign-in-account"
    ? `Too many failed sign-ins: this account is locked for ${wait.replace(/ /, " more ")}. Try again later.`
    : action === "sign-in-address"
      ? `Too many sign-in attempts. Try again in ${wait}.`
      : action === "registration"
        ? `Too many registrations from this address. Try again in ${wait}.`
        : `Too many password change attempts. Try again in ${wait}.`;
  return new RateLimited({ message, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });
};
