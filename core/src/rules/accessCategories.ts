/**
 * Access categories (audiences in data calls; issue 11): their names, when one may be deleted,
 * and what one decides: which devices a person sees.
 *
 * What an access category decides: a member of a company may carry one (on their membership; new
 * members get the company's default, rules/audiences.ts), and a device may carry one. A member
 * with an access category sees only the devices of that category and the devices without one.
 * A member without one is not restricted, and neither is anyone who manages access requests (the
 * company's device administrators must see every device to administer it).
 */
import { Result } from "effect";
import { Conflict, InvalidInput } from "../errors";
import { checkTypeName, sameTypeName } from "./groupTypes";

/** The server message of a delete refused while the audience is used (spec.md section 8). */
export const AUDIENCE_IN_USE = "Audience is still in use";
/** Another access category of the company has this name (409). */
export const AUDIENCE_NAME_ALREADY_IN_USE = "AUDIENCE_NAME_ALREADY_IN_USE";

/**
 * Checks an access category's name against the company's others. Returns the trimmed name.
 * Errors: InvalidInput (REQUIRED, too long), Conflict AUDIENCE_NAME_ALREADY_IN_USE (case and
 * surrounding spaces ignored).
 */
export const checkAudienceName = (
  value: unknown,
  others: ReadonlyArray<{ readonly publicId: string; readonly name: string }>,
  selfPublicId?: string,
): Result.Result<string, InvalidInput | Conflict> => {
  const checked = checkTypeName(value);
  if (Result.isFailure(checked)) return Result.fail(new InvalidInput({ issues: [checked.failure] }));
  const name = checked.success;
  if (others.some((o) => o.publicId !== selfPublicId && sameTypeName(o.name, name))) {
    return Result.fail(new Conflict({ issues: [{ message: AUDIENCE_NAME_ALREADY_IN_USE, propertyName: "name" }] }));
  }
  return Result.succeed(name);
};

/**
 * Whether an access category may be deleted: only when no membership and no device carries it
 * (`usage` counts both). Errors: Conflict with the spec's 'Audience is still in use'.
 */
export const canDeleteAudience = (usage: number): Result.Result<void, Conflict> =>
  usage > 0 ? Result.fail(new Conflict({ issues: [{ message: AUDIENCE_IN_USE }] })) : Result.succeed(undefined);

/** Who is looking: the access categories of their membership (empty: none) and whether they manage access requests. */
export interface DeviceViewer {
  readonly audiences: ReadonlyArray<string>;
  readonly managesAccessRequests: boolean;
}

/**
 * Whether the viewer sees a device of access category `deviceAudience` (null: none). Guarantees:
 * a device without a category is seen by everyone; a viewer without a category or who manages
 * access requests sees every device; otherwise exactly the devices of one of their categories.
 */
export const seesDevice = (viewer: DeviceViewer, deviceAudience: string | null): boolean =>
  deviceAudience === null || viewer.managesAccessRequests || viewer.audiences.length === 0 || viewer.audiences.includes(deviceAudience);

/** The categories a viewer is restricted to, or null when unrestricted (see seesDevice). */
export const restrictedTo = (viewer: DeviceViewer): ReadonlyArray<string> | null =>
  viewer.managesAccessRequests || viewer.audiences.length === 0 ? null : viewer.audiences;

/** The message of an access category that is not one of the company's (400, propertyName "audience"). */
export const UNKNOWN_AUDIENCE = "UNKNOWN_AUDIENCE";

/**
 * The access category a member or a device is to carry: `wanted` null takes it away; otherwise it
 * must be one of the company's (`available`). Guarantees: the result is null or an element of
 * `available`. Errors: InvalidInput UNKNOWN_AUDIENCE (propertyName "audience").
 */
export const chooseAudience = <A extends { readonly publicId: string }>(
  wanted: { readonly publicId: string } | null, available: ReadonlyArray<A>,
): Result.Result<A | null, InvalidInput> => {
  if (wanted === null) return Result.succeed(null);
  const found = available.find((a) => a.publicId === wanted.publicId);
  return found ? Result.succeed(found) : Result.fail(new InvalidInput({ issues: [{ message: UNKNOWN_AUDIENCE, propertyName: "audience" }] }));
};
