/**
 * Group type rules (spec.md section 5): name required, at most NAME_MAX_LENGTH characters and
 * unique among the company's group types; colour required when its input is shown; delete only
 * when another type remains and no group uses it; the form's submit and name-field state.
 *
 * Decisions the spec leaves open, taken here once for server, web and CLI:
 * - Names are trimmed before they are checked and stored: surrounding spaces are never meant.
 * - Length counts Unicode code points (what PostgreSQL's varchar(255) counts), not UTF-16 units.
 * - Uniqueness ignores case and surrounding spaces (and compares NFC forms): "Site" and "site "
 *   clash, because a user could not tell them apart in the side panel.
 * - Colours are `#rrggbb` in either case and are stored lowercase. When the colour input is not
 *   shown (no manage:subgroups) a colour in the input is dropped, since the user cannot set one.
 */
import { Result } from "effect";
import { NAME_MAX_LENGTH } from "../constants";
import { HEX_COLOR_PATTERN } from "../domain/GroupType";
import { CannotDeleteGroupType, InvalidInput, NameAlreadyInUse, type ValidationIssue } from "../errors";

/** Message of a missing required field (spec.md section 8, "Form errors"). */
export const REQUIRED = "REQUIRED";
/** Message of a name longer than NAME_MAX_LENGTH code points. */
export const NAME_TOO_LONG = `Must be at most ${NAME_MAX_LENGTH} characters`;
/** Message of a colour that is not `#rrggbb`. */
export const COLOR_FORMAT = "Must be a colour in the form #rrggbb";

/** The form of a type name used for the uniqueness comparison: trimmed, NFC, lower case. */
export const typeNameKey = (name: string): string => name.trim().normalize("NFC").toLowerCase();

/** Whether two type names clash under the uniqueness rule (case and surrounding spaces ignored). */
export const sameTypeName = (a: string, b: string): boolean => typeNameKey(a) === typeNameKey(b);

/** Context of a type-name check: the other types of the company and, on update, the type itself. */
export interface TypeNameContext {
  readonly others?: ReadonlyArray<{ readonly publicId: string; readonly name: string }>;
  /**
   * The other types indexed by name (typeIndex.TypeIndex): used instead of `others` when given,
   * so that a bulk call checks each item in constant time rather than against every type.
   */
  readonly index?: { clash(name: string, selfPublicId?: string): { publicId: string; name: string } | undefined };
  readonly selfPublicId?: string;
}

/**
 * Checks a group type or asset type name: REQUIRED when missing, not a string or blank;
 * NAME_TOO_LONG above NAME_MAX_LENGTH code points (after trimming). Returns the trimmed name or
 * the issue (propertyName "name"); the uniqueness check is separate (findNameClash).
 */
export const checkTypeName = (value: unknown): Result.Result<string, ValidationIssue> => {
  if (typeof value !== "string" || value.trim() === "") {
    return Result.fail({ message: REQUIRED, propertyName: "name" });
  }
  const name = value.trim();
  if ([...name].length > NAME_MAX_LENGTH) return Result.fail({ message: NAME_TOO_LONG, propertyName: "name" });
  return Result.succeed(name);
};

/** The first other type (not `selfPublicId`) whose name clashes with `name`, if any. */
export const findNameClash = (name: string, ctx: TypeNameContext): { publicId: string; name: string } | undefined =>
  ctx.index ? ctx.index.clash(name, ctx.selfPublicId)
    : (ctx.others ?? []).find((o) => o.publicId !== ctx.selfPublicId && sameTypeName(o.name, name));

/** Context of validateGroupTypeInput. */
export interface GroupTypeInputContext {
  /** The company's group types (the one being edited may be included; selfPublicId skips it). */
  readonly others?: ReadonlyArray<{ readonly publicId: string; readonly name: string }>;
  /** The same types indexed by name, for bulk calls (see TypeNameContext.index). */
  readonly index?: TypeNameContext["index"];
  /** Whether the colour input is shown, i.e. the user holds manage:subgroups. */
  readonly colorShown: boolean;
  /** The group type being updated; absent on create. */
  readonly selfPublicId?: string;
}

/**
 * Validates the name and colour of a group type to create or update. On success returns the
 * trimmed name and, when the colour input is shown, the lowercase colour (a colour is omitted
 * when not shown, or when shown but not given - which only happens in a failure, see below).
 * Errors: InvalidInput with one issue per failing field - name: REQUIRED or NAME_TOO_LONG;
 * color (only when shown): REQUIRED when missing or empty, COLOR_FORMAT when not `#rrggbb`.
 * NameAlreadyInUse (message NAME_ALREADY_IN_USE) when the input is otherwise valid and the name
 * clashes with another group type's name.
 */
export const validateGroupTypeInput = (
  input: { readonly name: unknown; readonly color?: unknown },
  ctx: GroupTypeInputContext,
): Result.Result<{ name: string; color?: string }, InvalidInput | NameAlreadyInUse> => {
  const issues: ValidationIssue[] = [];
  const name = checkTypeName(input.name);
  if (Result.isFailure(name)) issues.push(name.failure);
  let color: string | undefined;
  if (ctx.colorShown) {
    if (input.color === undefined || input.color === null || input.color === "") {
      issues.push({ message: REQUIRED, propertyName: "color" });
    } else if (typeof input.color !== "string" || !HEX_COLOR_PATTERN.test(input.color)) {
      issues.push({ message: COLOR_FORMAT, propertyName: "color" });
    } else {
      color = input.color.toLowerCase();
    }
  }
  if (issues.length > 0 || Result.isFailure(name)) return Result.fail(new InvalidInput({ issues }));
  if (findNameClash(name.success, ctx)) return Result.fail(new NameAlreadyInUse({ name: name.success }));
  return Result.succeed(color === undefined ? { name: name.success } : { name: name.success, color });
};

/**
 * Whether a group type may be deleted: only when more than one group type exists and no group
 * uses it. Errors: CannotDeleteGroupType (message CANNOT_DELETE_GROUP_TYPE) with reason "last"
 * when it is the only one (checked first), or "in-use" when `groupsUsingIt` is above 0.
 */
export const canDeleteGroupType = (
  publicId: string,
  all: { readonly length: number },
  groupsUsingIt: number,
): Result.Result<void, CannotDeleteGroupType> => {
  if (all.length <= 1) return Result.fail(new CannotDeleteGroupType({ publicId, reason: "last" }));
  if (groupsUsingIt > 0) return Result.fail(new CannotDeleteGroupType({ publicId, reason: "in-use" }));
  return Result.void;
};

/** Whether the add/edit dialog may be submitted: never while pristine or invalid. */
export const isGroupTypeFormSubmittable = (form: { readonly pristine: boolean; readonly valid: boolean }): boolean =>
  !form.pristine && form.valid;

/**
 * Whether a group type name is bound to a translation key, in which case the dialog shows the
 * translated text and disables the name field. A name is bound when it is exactly (case and
 * all) the key of one of the company's translations, e.g. a type named "GROUP_TYPE_SITE" while
 * a translation with that key exists; renaming it would break the binding.
 */
export const isNameBoundToTranslationKey = (name: string, translationKeys: Iterable<string>): boolean => {
  for (const key of translationKeys) if (key === name) return true;
  return false;
};
