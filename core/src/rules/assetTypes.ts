/**
 * Asset type rules (spec.md section 5): name required and at most NAME_MAX_LENGTH characters;
 * delete only when another asset type remains and no resource variant uses it. Names follow the
 * same decisions as group types (trimmed, code points counted, uniqueness case-insensitive -
 * see groupTypes.ts); uniqueness is checked only when the caller passes the other types.
 */
import { Result } from "effect";
import { CannotDeleteAssetType, InvalidInput, NameAlreadyInUse } from "../errors";
import { checkTypeName, findNameClash, type TypeNameContext } from "./groupTypes";

/**
 * Validates the name of an asset type to create or rename. On success returns the trimmed name.
 * Errors: InvalidInput with one issue (propertyName "name"): REQUIRED when missing, not a
 * string or blank, NAME_TOO_LONG above NAME_MAX_LENGTH characters; NameAlreadyInUse when
 * `others` is given and holds another asset type (not `selfPublicId`) with the same name.
 */
export const validateAssetTypeInput = (
  input: { readonly name: unknown },
  ctx: TypeNameContext = {},
): Result.Result<{ name: string }, InvalidInput | NameAlreadyInUse> => {
  const name = checkTypeName(input.name);
  if (Result.isFailure(name)) return Result.fail(new InvalidInput({ issues: [name.failure] }));
  if (findNameClash(name.success, ctx)) return Result.fail(new NameAlreadyInUse({ name: name.success }));
  return Result.succeed({ name: name.success });
};

/**
 * Whether an asset type may be deleted: only when more than one asset type exists and no
 * resource variant uses it. Errors: CannotDeleteAssetType (message CANNOT_DELETE_ASSET_TYPE)
 * with reason "last" when it is the only one (checked first), or "in-use" when
 * `variantsUsingIt` is above 0.
 */
export const canDeleteAssetType = (
  publicId: string,
  all: { readonly length: number },
  variantsUsingIt: number,
): Result.Result<void, CannotDeleteAssetType> => {
  if (all.length <= 1) return Result.fail(new CannotDeleteAssetType({ publicId, reason: "last" }));
  if (variantsUsingIt > 0) return Result.fail(new CannotDeleteAssetType({ publicId, reason: "in-use" }));
  return Result.void;
};
