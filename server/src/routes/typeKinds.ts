/** The two ordered type lists: core's descriptors with their tables and usage counts. */
import { AssetTypeEntity, GroupTypeEntity } from "@portal/core/entities/OrderedTypeEntity";
import { assetTypes, groupTypes, groups, resourceVariants } from "../db/schema";
import { orderedTypeRoutes, usageCounts, type TypeKind } from "./orderedTypeRoutes";

export const groupTypeKind: TypeKind<"GroupTypeList", "GroupType"> = {
  ...GroupTypeEntity, table: groupTypes as TypeKind["table"],
  usage: (tx, ids) => usageCounts(tx, groups, groups.groupTypeId, ids),
};

export const assetTypeKind: TypeKind<"AssetTypeList", "AssetType"> = {
  ...AssetTypeEntity, table: assetTypes as TypeKind["table"],
  usage: (tx, ids) => usageCounts(tx, resourceVariants, resourceVariants.assetTypeId, ids),
};

export const groupTypeRoutes = orderedTypeRoutes(groupTypeKind);
export const assetTypeRoutes = orderedTypeRoutes(assetTypeKind);
