/** The two ordered type lists, each wired to core's rules for it. */
import { canDeleteAssetType, validateAssetTypeInput } from "@portal/core/rules/assetTypes";
import { canDeleteGroupType, validateGroupTypeInput } from "@portal/core/rules/groupTypes";
import { assetTypes, groupTypes, groups, resourceVariants } from "../db/schema";
import { orderedTypeRoutes, usageCount, type TypeKind } from "./orderedTypeRoutes";

export const groupTypeKind: TypeKind = {
  listRel: "GroupTypeList", itemRel: "GroupType", topic: "GroupType", table: groupTypes as TypeKind["table"], hasColor: true,
  // The colour input is shown (and so required) only to users holding manage:subgroups (spec section 2).
  validate: (input, index, selfPublicId, ctx) => validateGroupTypeInput(input, {
    index, colorShown: ctx.rights.has("manage:subgroups"), ...(selfPublicId === undefined ? {} : { selfPublicId }),
  }),
  canDelete: canDeleteGroupType,
  usage: (tx, id) => usageCount(tx, groups, groups.groupTypeId, id),
};

export const assetTypeKind: TypeKind = {
  listRel: "AssetTypeList", itemRel: "AssetType", topic: "AssetType", table: assetTypes as TypeKind["table"], hasColor: false,
  validate: (input, index, selfPublicId) => validateAssetTypeInput({ name: input.name }, {
    index, ...(selfPublicId === undefined ? {} : { selfPublicId }),
  }),
  canDelete: canDeleteAssetType,
  usage: (tx, id) => usageCount(tx, resourceVariants, resourceVariants.assetTypeId, id),
};

export const groupTypeRoutes = orderedTypeRoutes(groupTypeKind);
export const assetTypeRoutes = orderedTypeRoutes(assetTypeKind);
