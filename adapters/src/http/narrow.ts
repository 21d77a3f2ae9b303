import { Effect } from "effect";
import { ApiFailure } from "@portal/core/errors";
import { issuesOfError, statusOfError, type PortalError } from "@portal/core/wire/errorStatus";
import type { CallError } from "@portal/core/ports/PortalApi";

const CALL_ERROR_TAGS = ["InvalidInput", "Unauthenticated", "Forbidden", "RateLimited", "ApiUnavailable", "GatewayTimeout", "ApiFailure"] as const;

/**
 * Keeps a call's error inside the union its port method declares: CallError plus the `extra`
 * tags the method names. Anything else the status table produced (a 409 the method cannot
 * cause, say) becomes ApiFailure with the same status and issues, so nothing is lost.
 */
export const narrow = <Extra extends PortalError["_tag"] = never>(...extra: ReadonlyArray<Extra>) => {
  const allowed = new Set<string>([...CALL_ERROR_TAGS, ...extra]);
  return <A>(effect: Effect.Effect<A, PortalError>): Effect.Effect<A, CallError | Extract<PortalError, { _tag: Extra }>> =>
    Effect.mapError(effect, (e) =>
      allowed.has(e._tag) ? e : new ApiFailure({ status: statusOfError(e), issues: issuesOfError(e) }),
    ) as Effect.Effect<A, CallError | Extract<PortalError, { _tag: Extra }>>;
};
