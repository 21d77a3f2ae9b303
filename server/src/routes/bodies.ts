/** Reading request bodies of list resources: one object or an array (api.md "Bulk"). */
import { BULK_MAX_ITEMS } from "@portal/core/constants";
import { InvalidInput } from "@portal/core/errors";

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Most items one bulk call may carry; bounds the work of one request (core's BULK_MAX_ITEMS). */
export const MAX_BULK_ITEMS = BULK_MAX_ITEMS;

/**
 * The items of a bulk body and whether it was an array (only then do errors carry listIndex).
 * 400 when the body is neither an object nor a non-empty array of objects.
 */
export function bulkItems(body: unknown, what = "item"): { items: Record<string, unknown>[]; isList: boolean } {
  if (isRecord(body)) return { items: [body], isList: false };
  if (!Array.isArray(body)) throw new InvalidInput({ issues: [{ message: `Body must be an ${what} object or a list of them` }] });
  if (body.length === 0) throw new InvalidInput({ issues: [{ message: "The list is empty" }] });
  if (body.length > MAX_BULK_ITEMS) throw new InvalidInput({ issues: [{ message: `At most ${MAX_BULK_ITEMS} items per call` }] });
  const bad = body.findIndex((item) => !isRecord(item));
  if (bad >= 0) throw new InvalidInput({ issues: [{ message: `Each ${what} must be an object`, listIndex: bad }] });
  return { items: body as Record<string, unknown>[], isList: true };
}

/** The publicId of a bulk item; 400 on that item when missing. */
export function itemPublicId(item: Record<string, unknown>, listIndex: number | undefined): string {
  const id = item["publicId"];
  if (typeof id !== "string" || id === "") {
    throw new InvalidInput({ issues: [{ message: "Required property", propertyName: "publicId", ...(listIndex === undefined ? {} : { listIndex }) }] });
  }
  return id;
}

/** An `order` value: a whole number in PostgreSQL's integer range. */
export function checkOrder(value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) >= 2 ** 31) {
    throw new InvalidInput({ issues: [{ message: "Must be a whole number", propertyName: "order" }] });
  }
  return value;
}
