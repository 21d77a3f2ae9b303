import type { Effect } from "effect";
import type { AssetType, AssetTypeBulkUpdate, AssetTypeCreate, AssetTypeUpdate } from "../../domain/AssetType";
import type { CannotDeleteAssetType, NameAlreadyInUse, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** Asset types of the selected company (rules/assetTypes.ts says what is valid). */
export interface AssetTypesApi {
  /** A page of asset types in `order`. Fails with a CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<AssetType>, CallError>;
  /**
   * Adds an asset type (order defaults to nextOrder). Fails with InvalidInput (REQUIRED, too
   * long), NameAlreadyInUse where the server enforces unique names, or another CallError.
   */
  readonly add: (input: AssetTypeCreate) => Effect.Effect<Created, CallError | NameAlreadyInUse>;
  /** Renames or reorders one. Fails with NotFound, InvalidInput, NameAlreadyInUse or a CallError. */
  readonly update: (publicId: string, patch: AssetTypeUpdate) => Effect.Effect<void, CallError | NotFound | NameAlreadyInUse>;
  /** Updates many in one transaction: all or none. Same errors as update; InvalidInput issues carry listIndex. */
  readonly updateMany: (items: ReadonlyArray<AssetTypeBulkUpdate>) => Effect.Effect<void, CallError | NotFound | NameAlreadyInUse>;
  /** Removes one. Fails with CannotDeleteAssetType (the last one, or in use), NotFound or a CallError. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | NotFound | CannotDeleteAssetType>;
  /** Removes many in one transaction: all or none. Same errors as remove. */
  readonly removeMany: (publicIds: ReadonlyArray<string>) => Effect.Effect<void, CallError | NotFound | CannotDeleteAssetType>;
}
