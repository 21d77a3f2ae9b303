/**
 * Connect attempts per agent (issue 10, spec.md section 4 "Rate limiting"): the relay counts
 * every tunnel opened to an agent and applies the limit the agent's rateLimiting fields report.
 * Soft: more than CONNECT_ATTEMPT_LIMITS.soft attempts within a minute of each other are refused
 * until a minute passes without one (waiting helps). Hard: after CONNECT_ATTEMPT_LIMITS.hard
 * attempts in a row, each less than a minute after the last, every attempt is refused until the
 * counter is reset (the Try again of spec 2). No limit: counted, never refused.
 */
export const CONNECT_ATTEMPT_WINDOW_MS = 60_000;
export const CONNECT_ATTEMPT_LIMITS = { soft: 30, hard: 10 } as const;

export interface ConnectAttemptState {
  readonly limit: "soft" | "hard" | null;
  readonly counter: number;
  /** Epoch ms of the last attempt, null when none. */
  readonly lastHit: number | null;
}

export interface ConnectAttemptVerdict {
  readonly counter: number;
  readonly lastHit: number;
  readonly refused: boolean;
}

/**
 * Counts one attempt at `now`. Guarantees: never refused without a limit; the counter restarts at
 * 1 after a quiet minute unless the hard limit has been passed; soft refuses exactly when the count
 * within the window passes its limit; hard, once passed, refuses whatever the time.
 */
export const connectAttempt = (state: ConnectAttemptState, now: number): ConnectAttemptVerdict => {
  const hardPassed = state.limit === "hard" && state.counter >= CONNECT_ATTEMPT_LIMITS.hard;
  const quiet = state.lastHit === null || now - state.lastHit >= CONNECT_ATTEMPT_WINDOW_MS;
  const counter = quiet && !hardPassed ? 1 : state.counter + 1;
  const refused = state.limit !== null && counter > CONNECT_ATTEMPT_LIMITS[state.limit];
  return { counter, lastHit: now, refused };
};
