/**
 * Asset type (spec.md section 3): publicId, name (max 255), order. The schemas check shape only;
 * the rules (required name, delete rules) live in rules/assetTypes.ts.
 */
import { Schema } from "effect";
import { NAME_MAX_LENGTH } from "../constants";

/** An asset type as stored and sent on the wire. */
export const AssetType = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH)),
  order: Schema.Number,
});
export type AssetType = typeof AssetType.Type;

/** Body of a create. `name` is loose so validateAssetTypeInput can say REQUIRED. */
export const AssetTypeCreate = Schema.Struct({
  name: Schema.optional(Schema.Unknown),
  order: Schema.optional(Schema.Number),
});
export type AssetTypeCreate = typeof AssetTypeCreate.Type;

/** Body of a PATCH on one asset type (rename and/or reorder). */
export const AssetTypeUpdate = Schema.Struct({
  name: Schema.optional(Schema.Unknown),
  order: Schema.optional(Schema.Number),
});
export type AssetTypeUpdate = typeof AssetTypeUpdate.Type;

/** One item of a bulk PATCH on the list; carries its publicId. */
export const AssetTypeBulkUpdate = Schema.Struct({
  publicId: Schema.String,
  name: Schema.optional(Schema.Unknown),
  order: Schema.optional(Schema.Number),
});
export type AssetTypeBulkUpdate = typeof AssetTypeBulkUpdate.Type;
