/**
 * The Clock port: the only way core and the apps read the time (STYLE.md "Time"), so tests run
 * on a fixed or stepped clock instead of waiting.
 */
import { Context, type Effect } from "effect";

export interface ClockShape {
  /** The current instant in epoch milliseconds. Never fails. */
  readonly now: Effect.Effect<number>;
  /**
   * The same instant as `now`, read without running an effect, for hot paths (the server reads
   * the clock several times per request; running `now` cost 4 % of a cached answer's CPU).
   * Optional: a clock without it is read through `now`.
   */
  readonly nowSync?: () => number;
  /** The user's IANA time zone, e.g. "Europe/Amsterdam"; date input and reports use it. Never fails. */
  readonly timeZone: Effect.Effect<string>;
}

export class Clock extends Context.Service<Clock, ClockShape>()("@portal/core/ports/Clock") {}
