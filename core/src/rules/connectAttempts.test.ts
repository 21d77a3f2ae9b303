import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONNECT_ATTEMPT_LIMITS, CONNECT_ATTEMPT_WINDOW_MS, connectAttempt, type ConnectAttemptState } from "./connectAttempts";

const run = (limit: ConnectAttemptState["limit"], gaps: number[]) => {
  let state: ConnectAttemptState = { limit, counter: 0, lastHit: null };
  let now = 1_000_000;
  return gaps.map((gap) => {
    now += gap;
    const v = connectAttempt(state, now);
    state = { limit, counter: v.counter, lastHit: v.lastHit };
    return v;
  });
};

describe("connectAttempt", () => {
  it("never refuses without a limit", () => {
    fc.assert(fc.property(fc.array(fc.nat(120_000), { maxLength: 80 }), (gaps) => run(null, gaps).every((v) => !v.refused)));
  });

  it("soft refuses only past its limit within the window, and a quiet minute lifts it", () => {
    const burst = run("soft", Array(CONNECT_ATTEMPT_LIMITS.soft + 2).fill(10));
    expect(burst.filter((v) => v.refused)).toHaveLength(2);
    expect(run("soft", [...Array(CONNECT_ATTEMPT_LIMITS.soft + 2).fill(10), CONNECT_ATTEMPT_WINDOW_MS]).at(-1)!.refused).toBe(false);
  });

  it("hard, once passed, refuses whatever the time", () => {
    fc.assert(fc.property(fc.array(fc.nat(10 * CONNECT_ATTEMPT_WINDOW_MS), { minLength: 1, maxLength: 20 }), (later) => {
      const verdicts = run("hard", [...Array(CONNECT_ATTEMPT_LIMITS.hard).fill(1), ...later]);
      return verdicts.slice(CONNECT_ATTEMPT_LIMITS.hard).every((v) => v.refused);
    }));
  });

  it("a refusal always has a count above the limit", () => {
    fc.assert(fc.property(fc.constantFrom("soft" as const, "hard" as const), fc.array(fc.nat(90_000), { maxLength: 60 }), (limit, gaps) =>
      run(limit, gaps).every((v) => !v.refused || v.counter > CONNECT_ATTEMPT_LIMITS[limit])));
  });
});
