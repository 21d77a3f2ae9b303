/**
 * The small bridge from MobX stores to core's Effects: runs an Effect whose services are already
 * provided and hands back a Result, so a store action can branch on success or a tagged error
 * without try/catch. Defects (bugs) still reject the promise.
 */
import { Effect, type Result } from "effect";

export function runResult<A, E>(effect: Effect.Effect<A, E, never>): Promise<Result.Result<A, E>> {
  return Effect.runPromise(Effect.result(effect));
}
