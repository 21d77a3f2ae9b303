import type { Effect } from "effect";
import type { GroupType, GroupTypeBulkUpdate, GroupTypeCreate, GroupTypeUpdate } from "../../domain/GroupType";
import type { CannotDeleteGroupType, NameAlreadyInUse, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** Group types of the selected company (rules/groupTypes.ts says what is valid). */
export interface GroupTypesApi {
  /** A page of group types in `order`. Fails with a CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<GroupType>, CallError>;
  /**
   * Adds a group type (order defaults to nextOrder). Fails with InvalidInput (REQUIRED, too
   * long, colour missing when shown), NameAlreadyInUse, or another CallError.
   */
  readonly add: (input: GroupTypeCreate) => Effect.Effect<Created, CallError | NameAlreadyInUse>;
  /** Renames, recolours or reorders one. Fails with NotFound, InvalidInput, NameAlreadyInUse or a CallError. */
  readonly update: (publicId: string, patch: GroupTypeUpdate) => Effect.Effect<void, CallError | NotFound | NameAlreadyInUse>;
  /** Updates many in one transaction (a reorder): all or none. Same errors as update; InvalidInput issues carry listIndex. */
  readonly updateMany: (items: ReadonlyArray<GroupTypeBulkUpdate>) => Effect.Effect<void, CallError | NotFound | NameAlreadyInUse>;
  /** Removes one. Fails with CannotDeleteGroupType (the last one, or in use), NotFound or a CallError. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | NotFound | CannotDeleteGroupType>;
  /** Removes many in one transaction: all or none. Same errors as remove. */
  readonly removeMany: (publicIds: ReadonlyArray<string>) => Effect.Effect<void, CallError | NotFound | CannotDeleteGroupType>;
}
