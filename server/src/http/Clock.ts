/**
 * The server's time source is core's Clock port (one port for every app): the system clock in
 * production (adapters' ClockSystem), a stepped one in tests (fixtures' ClockStepped), so that
 * lockout, token expiry and TOTP are tested without waiting. `nowOf` reads it synchronously, as
 * the request pipeline needs: reading a clock cannot fail.
 */
import { Effect } from "effect";
import type { ClockShape } from "@portal/core/ports/Clock";

export type Clock = ClockShape;

export { ClockSystem as systemClock } from "@portal/adapters/clock/ClockSystem";

/** The clock's instant in epoch milliseconds. */
export const nowOf = (clock: Clock): number => (clock.nowSync ? clock.nowSync() : Effect.runSync(clock.now));
