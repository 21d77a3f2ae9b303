/** The two ordered type lists: core's descriptors with their tables and usage counts. */
import { AssetTypeEntity, GroupTypeEntity } from "@portal/core/entities/OrderedTypeEntity";
import { assetTypes, groupTypes, groups, resourceVariants } from "../db/schema";
import { orderedTypeRoutes, usageCount, type TypeKind } from "./orderedTypeRoutes";

export const groupTypeKind: TypeKind<"GroupTypeList", "GroupType"> = {
  ...GroupTypeEntity, table: groupTypes as TypeKind["table"],
  usage: (tx, id) => usageCount(tx, groups, groups.groupTypeId, id),
};

export const assetTypeKind: TypeKind<"AssetTypeList", "AssetType"> = {
  ...AssetTypeEntity, table: assetTypes as TypeKind["table"],
  usage: (tx, id) => usageCount(tx, resourceVariants, resourceVariants.assetTypeId, id),
};

export const groupTypeRoutes = orderedTypeRoutes(groupTypeKind);
export const assetTypeRoutes = orderedTypeRoutes(assetTypeKind);
