/**
 * Role rules (issue 11): the name (required, at most NAME_MAX_LENGTH code points, unique among the
 * company's roles, compared like group type names), the rights (only rights of ALL_RIGHTS, each
 * once, in the table's order), when a role may be deleted (no user or group membership holds it),
 * and the rights editor's table (spec.md section 6: features as rows, kinds as columns).
 * Rights edits and deletions are also checked with administrators.ts checkAdministratorsRemain.
 */
import { Result } from "effect";
import {
  ALL_RIGHTS, APPROVE_FEATURES, INVITE_FEATURES, MANAGE_FEATURES, USE_FEATURES, type Right,
} from "../domain/Right";
import { Conflict, InvalidInput } from "../errors";
import { checkTypeName, sameTypeName } from "./groupTypes";

/** Another role of the company has this name (409). */
export const ROLE_NAME_ALREADY_IN_USE = "ROLE_NAME_ALREADY_IN_USE";
/** The role is still held by a user or group membership (409). */
export const ROLE_IN_USE = "ROLE_IN_USE";
/** A right that is not one of ALL_RIGHTS (400). */
export const UNKNOWN_RIGHT = "UNKNOWN_RIGHT";

/**
 * Checks a role name against the company's other roles. Returns the trimmed name. Errors:
 * InvalidInput (REQUIRED, too long; propertyName "name"), Conflict ROLE_NAME_ALREADY_IN_USE when
 * another role (not `selfPublicId`) has the same name, ignoring case and surrounding spaces.
 */
export const checkRoleName = (
  value: unknown,
  others: ReadonlyArray<{ readonly publicId: string; readonly name: string }>,
  selfPublicId?: string,
): Result.Result<string, InvalidInput | Conflict> => {
  const checked = checkTypeName(value);
  if (Result.isFailure(checked)) return Result.fail(new InvalidInput({ issues: [checked.failure] }));
  const name = checked.success;
  if (others.some((o) => o.publicId !== selfPublicId && sameTypeName(o.name, name))) {
    return Result.fail(new Conflict({ issues: [{ message: ROLE_NAME_ALREADY_IN_USE, propertyName: "name" }] }));
  }
  return Result.succeed(name);
};

/**
 * Normalises a set of rights: each right once, in ALL_RIGHTS order. Errors: InvalidInput
 * UNKNOWN_RIGHT (propertyName "rights") when one is not a right. Guarantees the result is a
 * subsequence of ALL_RIGHTS.
 */
export const checkRoleRights = (rights: ReadonlyArray<unknown>): Result.Result<Right[], InvalidInput> => {
  const known = new Set<string>(ALL_RIGHTS);
  if (rights.some((r) => typeof r !== "string" || !known.has(r))) {
    return Result.fail(new InvalidInput({ issues: [{ message: UNKNOWN_RIGHT, propertyName: "rights" }] }));
  }
  const held = new Set(rights as string[]);
  return Result.succeed(ALL_RIGHTS.filter((r) => held.has(r)));
};

/**
 * Whether a role may be deleted: only when no membership holds it (`usage` counts the user and
 * group memberships). Errors: Conflict ROLE_IN_USE.
 */
export const canDeleteRole = (usage: number): Result.Result<void, Conflict> =>
  usage > 0 ? Result.fail(new Conflict({ issues: [{ message: ROLE_IN_USE }] })) : Result.succeed(undefined);

/** The columns of the rights editor, in order. */
export const RIGHT_KINDS = ["manage", "use", "invite", "approve"] as const;
export type RightKind = (typeof RIGHT_KINDS)[number];

/** One row of the rights editor: a feature and, per kind, its right or null when the kind does not apply. */
export interface RightsRow {
  readonly feature: string;
  readonly cells: Readonly<Record<RightKind, Right | null>>;
}

/**
 * The rights editor's table (spec.md section 6): one row per feature, in the order the features
 * first appear in ALL_RIGHTS; a cell holds the right of that kind on that feature, or null.
 * Guarantees every right of ALL_RIGHTS appears in exactly one cell.
 */
export const rightsTable = (): RightsRow[] => {
  const features: string[] = [];
  for (const f of [...MANAGE_FEATURES, ...USE_FEATURES, ...INVITE_FEATURES, ...APPROVE_FEATURES]) if (!features.includes(f)) features.push(f);
  const all = new Set<string>(ALL_RIGHTS);
  const cell = (kind: RightKind, feature: string): Right | null => (all.has(`${kind}:${feature}`) ? (`${kind}:${feature}` as Right) : null);
  return features.map((feature) => ({
    feature,
    cells: { manage: cell("manage", feature), use: cell("use", feature), invite: cell("invite", feature), approve: cell("approve", feature) },
  }));
};

/** The rights with `right` turned on or off, normalised (ALL_RIGHTS order, each once). */
export const toggleRight = (rights: ReadonlyArray<string>, right: Right, on: boolean): Right[] => {
  const held = new Set(rights);
  if (on) held.add(right);
  else held.delete(right);
  return ALL_RIGHTS.filter((r) => held.has(r));
};
