/**
 * What a parsed filter means for one row, written once so that every in-memory implementation
 * (fakes, dry runs, client-side narrowing) agrees; the server's SQL follows the same rules.
 *
 * - The column is a dotted path into the row; a missing value counts as null.
 * - A number column compares numerically (a value that is not a number never matches), a boolean
 *   column compares with "true"/"false", anything else compares as text (code-unit order).
 * - `contains` is a case-insensitive substring match on text, or membership for an array column.
 * - `in`/`ni` test membership in the values; `between` is inclusive at both ends.
 * - Every comparison with a null value is false, except isnull/isnotnull and `ni`/`ne` (true).
 */
import type { Filter } from "./filters";

const valueAt = (row: unknown, column: string): unknown => {
  let current: unknown = row;
  for (const key of column.split(".")) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return null;
    current = (current as Record<string, unknown>)[key];
  }
  return current ?? null;
};

/** -1, 0 or 1, or undefined when `text` cannot be compared with `value`. */
const compare = (value: unknown, text: string): number | undefined => {
  if (typeof value === "number") {
    const n = text.trim() === "" ? NaN : Number(text);
    return Number.isNaN(n) ? undefined : Math.sign(value - n);
  }
  if (typeof value === "boolean") {
    if (text !== "true" && text !== "false") return undefined;
    return Number(value) - Number(text === "true");
  }
  if (typeof value === "string") return value < text ? -1 : value > text ? 1 : 0;
  return undefined;
};

const equals = (value: unknown, text: string): boolean => compare(value, text) === 0;

/** Whether `row` passes `filter`. Never throws; an uncomparable value does not match. */
export const filterMatches = (row: unknown, filter: Filter): boolean => {
  const value = valueAt(row, filter.column);
  const [first = "", second = ""] = filter.values;
  switch (filter.op) {
    case "isnull": return value === null;
    case "isnotnull": return value !== null;
    case "eq": return equals(value, first);
    case "ne": return !equals(value, first);
    case "lt": return (compare(value, first) ?? 0) < 0;
    case "lte": { const c = compare(value, first); return c !== undefined && c <= 0; }
    case "gt": return (compare(value, first) ?? 0) > 0;
    case "gte": { const c = compare(value, first); return c !== undefined && c >= 0; }
    case "in": return filter.values.some((v) => equals(value, v));
    case "ni": return !filter.values.some((v) => equals(value, v));
    case "between": {
      const low = compare(value, first);
      const high = compare(value, second);
      return low !== undefined && high !== undefined && low >= 0 && high <= 0;
    }
    case "contains":
      if (Array.isArray(value)) return value.some((v) => equals(v, first));
      return typeof value === "string" && value.toLowerCase().includes(first.toLowerCase());
  }
};

/** Whether `row` passes every filter (filters combine with AND, as repeated parameters do). */
export const filtersMatch = (row: unknown, filters: ReadonlyArray<Filter>): boolean =>
  filters.every((f) => filterMatches(row, f));
