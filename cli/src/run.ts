import { Effect, Result } from "effect";

/** Runs an Effect and returns its value; its tagged failure is thrown as is (main maps it to an exit code). */
export async function run<A, E>(effect: Effect.Effect<A, E>): Promise<A> {
  const result = await Effect.runPromise(Effect.result(effect));
  if (Result.isFailure(result)) throw result.failure;
  return result.success;
}
