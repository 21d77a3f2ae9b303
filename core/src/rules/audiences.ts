/**
 * Audience default (spec.md section 4): one audience can be set or unset as the default, so
 * that at most one audience of a company is the default at any time.
 */
import { Result } from "effect";
import { NotFound } from "../errors";

type WithDefault = { readonly publicId: string; readonly default: boolean };

/** The current default audience, if any. */
export const defaultAudience = <T extends WithDefault>(audiences: ReadonlyArray<T>): T | undefined =>
  audiences.find((a) => a.default);

/**
 * Makes `publicId` the default and every other audience not default. Guarantees exactly one
 * default afterwards (the given one), whatever the input. Returns the whole list, in order.
 * Errors: NotFound (entity "Audience") when no audience has that id.
 */
export const setDefaultAudience = <T extends WithDefault>(
  audiences: ReadonlyArray<T>,
  publicId: string,
): Result.Result<T[], NotFound> => {
  if (!audiences.some((a) => a.publicId === publicId)) return Result.fail(new NotFound({ entity: "Audience", publicId }));
  return Result.succeed(audiences.map((a) => ({ ...a, default: a.publicId === publicId })));
};

/**
 * Makes `publicId` no longer the default; the others keep their flag. Guarantees that the given
 * audience is not default afterwards and that no audience became default, so a list with at most
 * one default keeps at most one. Unsetting an audience that is not the default changes nothing.
 * Errors: NotFound (entity "Audience") when no audience has that id.
 */
export const unsetDefaultAudience = <T extends WithDefault>(
  audiences: ReadonlyArray<T>,
  publicId: string,
): Result.Result<T[], NotFound> => {
  if (!audiences.some((a) => a.publicId === publicId)) return Result.fail(new NotFound({ entity: "Audience", publicId }));
  return Result.succeed(audiences.map((a) => (a.publicId === publicId ? { ...a, default: false } : a)));
};
