/**
 * "May this type be deleted?" as web, CLI and the fake ask it before they call the API: the
 * kind's rule (not the last one, not in use), asking the port how many things use the type only
 * when the first half passes. The server asks the same rule again inside its transaction.
 */
import { Effect, Result } from "effect";
import type { OrderedTypeEntity } from "../entities/OrderedTypeEntity";
import type { CannotDeleteAssetType, CannotDeleteGroupType } from "../errors";

/**
 * Succeeds when `publicId` may be deleted from `all`. Guarantees `countUsage` is not run when
 * the type is the last one (CannotDelete… with reason "last"); fails with reason "in-use" when
 * it counts more than 0, or with the port's own error.
 */
export const checkTypeRemoval = <E, R>(
  entity: Pick<OrderedTypeEntity, "canDelete">,
  all: ReadonlyArray<{ readonly publicId: string }>,
  publicId: string,
  countUsage: Effect.Effect<number, E, R>,
): Effect.Effect<void, CannotDeleteGroupType | CannotDeleteAssetType | E, R> => {
  const last = entity.canDelete(publicId, all, 0);
  if (Result.isFailure(last)) return Effect.fail(last.failure);
  return Effect.flatMap(countUsage, (used) => {
    const allowed = entity.canDelete(publicId, all, used);
    return Result.isFailure(allowed) ? Effect.fail(allowed.failure) : Effect.void;
  });
};
