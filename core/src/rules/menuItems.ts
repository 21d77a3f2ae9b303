/**
 * Company menu items (issue 12, spec 3 "Menu item", 7 "Entity lists"): links a company adds to
 * the left menu, in order. A save of the list is an upsert split by the presence of publicId:
 * items without one are created (POST list), items with one updated (PATCH list); removed ones
 * are deleted by a list of publicIds (DELETE list).
 */
import { Result } from "effect";
import { InvalidInput, type ValidationIssue } from "../errors";

/** Longest label of a menu item: it must fit the left menu. */
export const MENU_ITEM_LABEL_MAX_LENGTH = 60;
/** Longest URL of a menu item. */
export const MENU_ITEM_URL_MAX_LENGTH = 2000;
/** Most menu items one company may have. */
export const MENU_ITEMS_MAX = 50;

export const MENU_ITEM_URL_INVALID = "MENU_ITEM_URL_INVALID";
export const TOO_MANY_MENU_ITEMS = "TOO_MANY_MENU_ITEMS";

/**
 * Whether `url` may be a menu item's link: an absolute http or https URL, or a path inside the
 * portal starting with a single "/". Guarantees no other scheme (javascript:, data:) passes.
 */
export const isMenuItemUrl = (url: string): boolean => {
  if (url.length > MENU_ITEM_URL_MAX_LENGTH || /\s/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  try {
    const u = new URL(url);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
  } catch {
    return false;
  }
};

/** Whether a menu item's link leaves the portal (opened in a new tab). */
export const isExternalMenuItem = (url: string): boolean => !url.startsWith("/");

/**
 * Checks one menu item's label and url (a field absent from `input` keeps `current`'s): the
 * label is required (REQUIRED) and at most MENU_ITEM_LABEL_MAX_LENGTH characters after
 * trimming; the url passes isMenuItemUrl. Fails with InvalidInput naming each bad field.
 */
export const validateMenuItem = (
  input: Readonly<Record<string, unknown>>, current?: { readonly label: string; readonly url: string },
): Result.Result<{ readonly label: string; readonly url: string }, InvalidInput> => {
  const issues: ValidationIssue[] = [];
  const rawLabel = "label" in input ? input["label"] : current?.label;
  const rawUrl = "url" in input ? input["url"] : current?.url;
  const label = typeof rawLabel === "string" ? rawLabel.trim() : "";
  const url = typeof rawUrl === "string" ? rawUrl.trim() : "";
  if (label === "") issues.push({ message: "REQUIRED", propertyName: "label" });
  else if (label.length > MENU_ITEM_LABEL_MAX_LENGTH) issues.push({ message: `Must be at most ${MENU_ITEM_LABEL_MAX_LENGTH} characters`, propertyName: "label" });
  if (url === "") issues.push({ message: "REQUIRED", propertyName: "url" });
  else if (!isMenuItemUrl(url)) issues.push({ message: MENU_ITEM_URL_INVALID, propertyName: "url" });
  return issues.length > 0 ? Result.fail(new InvalidInput({ issues })) : Result.succeed({ label, url });
};

/**
 * Splits a list to save into the items to create (no publicId) and those to update (with one),
 * each keeping its index in the list. Guarantees every item lands in exactly one part, in list order.
 */
export const splitUpsert = <T extends { readonly publicId?: string | undefined }>(items: ReadonlyArray<T>) => {
  const create: Array<{ readonly index: number; readonly item: T }> = [];
  const update: Array<{ readonly index: number; readonly item: T & { readonly publicId: string } }> = [];
  items.forEach((item, index) => {
    if (item.publicId === undefined || item.publicId === "") create.push({ index, item });
    else update.push({ index, item: item as T & { readonly publicId: string } });
  });
  return { create, update };
};

/**
 * The publicIds of `saved` that are missing from `edited`: what a save of the edited list deletes.
 * Guarantees no publicId of `edited` is in the answer.
 */
export const removedItems = (saved: ReadonlyArray<{ readonly publicId: string }>, edited: ReadonlyArray<{ readonly publicId?: string | undefined }>): string[] => {
  const kept = new Set(edited.flatMap((e) => (e.publicId ? [e.publicId] : [])));
  return saved.filter((s) => !kept.has(s.publicId)).map((s) => s.publicId);
};
