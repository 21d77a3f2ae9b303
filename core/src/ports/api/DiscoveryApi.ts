import type { Effect } from "effect";
import type { ApiFailure, ApiUnavailable, GatewayTimeout, InvalidInput } from "../../errors";
import type { DiscoveryLink } from "../../wire/routes";

/** Discovery (`GET /api/`): the first call of the bootstrap gate. */
export interface DiscoveryApi {
  /**
   * Every endpoint the API serves, by rel. Needs no session. Fails with ApiUnavailable when the
   * API cannot be reached, GatewayTimeout, ApiFailure, or InvalidInput for an undecodable answer.
   */
  readonly discover: () => Effect.Effect<ReadonlyArray<DiscoveryLink>, ApiUnavailable | GatewayTimeout | ApiFailure | InvalidInput>;
}
