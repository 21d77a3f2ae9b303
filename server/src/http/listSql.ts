/**
 * `filters` and cursor paging in SQL for list handlers: each list names the filterable columns
 * (wire name to SQL expression); anything else is a 400 on "filters", never a 500.
 */
import { and, asc, desc, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, not, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { InvalidInput } from "@portal/core/errors";
import { encodeCursor, type CursorKey, type Filter } from "@portal/core/wire/query";

export type FilterColumns = Readonly<Record<string, { readonly column: AnyPgColumn | SQLWrapper; readonly type: ColumnType }>>;

/** "time": a UTC ISO instant such as 2026-11-25T10:00:00Z (the wire's time format). */
type ColumnType = "text" | "number" | "boolean" | "time";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const bad = (message: string) => new InvalidInput({ issues: [{ message, propertyName: "filters" }] });

/**
 * A filter value typed for its column. Numbers go to SQL as `numeric` so that a value outside
 * the column's integer range, or a fraction, compares instead of failing the cast (a 500).
 */
function typed(value: string, type: ColumnType): string | boolean | SQL {
  if (type === "text") return value;
  if (type === "time") {
    if (!ISO_INSTANT.test(value) || Number.isNaN(Date.parse(value))) throw bad(`Not an ISO instant: ${value}`);
    return sql`${new Date(Date.parse(value)).toISOString()}::timestamptz`;
  }
  if (type === "number") {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n)) throw bad(`Not a number: ${value}`);
    return sql`${String(n)}::numeric`;
  }
  if (value !== "true" && value !== "false") throw bad(`Not true or false: ${value}`);
  return value === "true";
}

/** The SQL conditions of the filters; InvalidInput for an unknown column or a badly typed value. */
export function filterConditions(filters: ReadonlyArray<Filter>, columns: FilterColumns): SQL[] {
  return filters.map((f) => {
    const spec = columns[f.column];
    if (!spec) throw bad(`Cannot filter on ${f.column}; filterable: ${Object.keys(columns).join(", ")}`);
    const col = spec.column as AnyPgColumn;
    const v = f.values.map((x) => typed(x, spec.type));
    switch (f.op) {
      case "eq": return eq(col, v[0]);
      case "ne": return ne(col, v[0]);
      case "lt": return lt(col, v[0]);
      case "lte": return lte(col, v[0]);
      case "gt": return gt(col, v[0]);
      case "gte": return gte(col, v[0]);
      case "in": return inArray(col, v);
      case "ni": return not(inArray(col, v));
      case "isnull": return isNull(col);
      case "isnotnull": return isNotNull(col);
      case "between": return and(gte(col, v[0]), lte(col, v[1]))!;
      case "contains": {
        if (spec.type !== "text") throw bad(`contains needs a text column: ${f.column}`);
        return ilike(col, `%${String(v[0]).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
    }
  });
}

/**
 * Keyset paging over sort columns (the last one unique, e.g. publicId): the condition for rows
 * after `cursor`, and the ORDER BY. A cursor of the wrong shape is a 400 on "page-after".
 */
export function keyset(sortColumns: ReadonlyArray<AnyPgColumn>, cursor: CursorKey | undefined, direction: "asc" | "desc" = "asc") {
  const orderBy = sortColumns.map((c) => (direction === "asc" ? asc(c) : desc(c)));
  if (cursor === undefined) return { after: undefined, orderBy };
  const fits = (v: string | number | null, c: AnyPgColumn) =>
    c.dataType !== "number" ? typeof v === "string"
      : typeof v === "number" && Number.isSafeInteger(v) && (/Big/.test(c.columnType) || Math.abs(v) < 2 ** 31);
  if (cursor.length !== sortColumns.length || cursor.some((v, i) => !fits(v, sortColumns[i]!))) {
    throw new InvalidInput({ issues: [{ message: "Invalid cursor", propertyName: "page-after" }] });
  }
  const cols = sql.join(sortColumns.map((c) => sql`${c}`), sql`, `);
  const vals = sql.join(cursor.map((v) => sql`${v}`), sql`, `);
  return { after: direction === "asc" ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`, orderBy };
}

/** Trims the one extra row fetched and returns the page with its moreAfter cursor. */
export function page<T>(rows: T[], pageSize: number, keyOf: (row: T) => CursorKey): { rows: T[]; moreAfter: string | null } {
  if (rows.length <= pageSize) return { rows, moreAfter: null };
  const kept = rows.slice(0, pageSize);
  return { rows: kept, moreAfter: encodeCursor(keyOf(kept[kept.length - 1]!)) };
}
