/** ClockSystem: the Clock port over the system clock and the runtime's time zone. */
import { Effect, Layer } from "effect";
import { Clock, type ClockShape } from "@portal/core/ports/Clock";

export const ClockSystem: ClockShape = {
  now: Effect.sync(() => Date.now()),
  nowSync: () => Date.now(),
  timeZone: Effect.sync(() => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"),
};

export const ClockSystemLayer = Layer.succeed(Clock)(ClockSystem);
