import type { Effect } from "effect";
import type { Group } from "../../domain/Group";
import type { CallError, ListPage, ListRequest } from "./common";

/** Groups of the selected company. */
export interface GroupsApi {
  /**
   * A page of the groups of one group type. Needs manage:groups or manage:group-types.
   * Fails with Forbidden or another CallError.
   */
  readonly listByGroupType: (groupTypePublicId: string, request?: ListRequest) => Effect.Effect<ListPage<Group>, CallError>;
}
