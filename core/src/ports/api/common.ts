/**
 * What every PortalApi area shares: the errors any call can end with, list requests and pages
 * (api.md paging), and the answer of a create.
 */
import { Effect } from "effect";
import type {
  ApiFailure, ApiUnavailable, Forbidden, GatewayTimeout, InvalidInput, RateLimited, Unauthenticated,
} from "../../errors";
import type { Filter } from "../../wire/filters";

/**
 * Errors any call can end with: bad input or an undecodable answer (InvalidInput), no session
 * (Unauthenticated), a missing right (Forbidden), too many attempts (RateLimited), the API down
 * (ApiUnavailable, status 0 or 5xx), a gateway time-out (GatewayTimeout) or another status (ApiFailure).
 */
export type CallError =
  | InvalidInput | Unauthenticated | Forbidden | RateLimited | ApiUnavailable | GatewayTimeout | ApiFailure;

/** The query of a list call (api.md). Omitted parts take the server's defaults. */
export interface ListRequest {
  /** A `fields` value, e.g. "color,name,order" or "*,languages". */
  readonly fields?: string;
  readonly filters?: ReadonlyArray<Filter>;
  /** 1 to MAX_PAGE_SIZE; default DEFAULT_PAGE_SIZE. */
  readonly pageSize?: number;
  /** The `moreAfter` of the previous page. */
  readonly pageAfter?: string;
}

/** One page of a list: its items and the cursor of the next page, null on the last page. */
export interface ListPage<A> {
  readonly data: ReadonlyArray<A>;
  readonly moreAfter: string | null;
}

/** The answer of a create: the new entity's publicId. */
export interface Created {
  readonly publicId: string;
}

/** Most pages fetched by allPages; a guard against a server that never ends a list. */
export const ALL_PAGES_MAX = 10_000;

/**
 * Fetches every page of a list by following `moreAfter`, in order. Guarantees the items of each
 * page once, in server order; stops after ALL_PAGES_MAX pages. Fails with the first page error.
 */
export const allPages = <A, E, R>(
  fetchPage: (pageAfter: string | undefined) => Effect.Effect<ListPage<A>, E, R>,
): Effect.Effect<ReadonlyArray<A>, E, R> =>
  Effect.gen(function* () {
    const items: A[] = [];
    let after: string | undefined;
    for (let i = 0; i < ALL_PAGES_MAX; i++) {
      const page = yield* fetchPage(after);
      items.push(...page.data);
      if (page.moreAfter === null) break;
      after = page.moreAfter;
    }
    return items;
  });
