/**
 * Reconnect delays of the device agent and the local VPN client: exponential from `initialMs`,
 * doubling up to `maxMs`, each delay drawn between half and all of its step so that many agents
 * cut off by one server restart do not all come back in the same millisecond.
 */

export interface BackoffOptions {
  /** First delay; 1,000 ms unless given (tests use a few milliseconds). */
  readonly initialMs?: number;
  /** Longest delay; 30,000 ms unless given. */
  readonly maxMs?: number;
  /** A link that stayed up longer than this resets the back-off to its first step; 10,000 ms unless given. */
  readonly stableMs?: number;
}

export const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 30_000, stableMs: 10_000 } as const;

/**
 * The delay before reconnect attempt `attempt` (0 for the first retry). Guarantees: within
 * [step / 2, step] where step = min(maxMs, initialMs * 2^attempt); never negative, never above maxMs.
 * `random` is a number in [0, 1) (Math.random by default; tests pass a fixed one).
 */
export const backoffDelay = (attempt: number, options: BackoffOptions = {}, random: number = Math.random()): number => {
  const initial = options.initialMs ?? DEFAULT_BACKOFF.initialMs;
  const max = options.maxMs ?? DEFAULT_BACKOFF.maxMs;
  // 2^31 is far beyond any max: cap the exponent so the product stays finite.
  const step = Math.min(max, initial * 2 ** Math.min(Math.max(attempt, 0), 31));
  return Math.round(step / 2 + (step / 2) * Math.min(Math.max(random, 0), 1));
};

/** The slow end of the back-off (used after a refused credential): between maxMs / 2 and maxMs. */
export const slowestDelay = (options: BackoffOptions = {}, random: number = Math.random()): number =>
  backoffDelay(31, options, random);
