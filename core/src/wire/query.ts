/**
 * The list query conventions of api.md in one place: `fields`, `filters` (repeatable),
 * `page-size` and `page-after`. The server parses requests with parseListQuery; clients build
 * them with listQueryParams, so both sides agree on names and forms.
 */
import { Result } from "effect";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants";
import { InvalidInput, type ValidationIssue } from "../errors";
import { decodeCursor, encodeCursor, type CursorKey } from "./cursor";
import { parseFields, printFields, type FieldTree } from "./fields";
import { parseFilters, printFilter, type Filter } from "./filters";

export { decodeCursor, encodeCursor, type CursorKey } from "./cursor";
export { parseFields, printFields, projectFields, type FieldTree } from "./fields";
export { FILTER_OPS, parseFilter, parseFilters, printFilter, type Filter, type FilterOp } from "./filters";

/** A parsed list query. `fields` undefined means the resource's default selection. */
export interface ListQuery {
  readonly fields: FieldTree | undefined;
  readonly filters: ReadonlyArray<Filter>;
  readonly pageSize: number;
  readonly pageAfter: CursorKey | undefined;
}

/** Query parameters as URLSearchParams or as a framework's parsed record (repeated keys as arrays). */
export type QueryInput = URLSearchParams | Readonly<Record<string, string | ReadonlyArray<string> | undefined>>;

const valuesOf = (query: QueryInput, name: string): ReadonlyArray<string> => {
  if (query instanceof URLSearchParams) return query.getAll(name);
  const value = query[name];
  if (value === undefined) return [];
  return typeof value === "string" ? [value] : value;
};

const lastOf = (query: QueryInput, name: string): string | undefined => valuesOf(query, name).at(-1);

/**
 * Parses `page-size`. Guarantees an integer in 1..MAX_PAGE_SIZE; absent or empty gives
 * DEFAULT_PAGE_SIZE. Fails with InvalidInput (propertyName "page-size") on anything else,
 * including a size above MAX_PAGE_SIZE (api.md: more is a 400, never silently capped).
 */
export const parsePageSize = (raw: string | undefined): Result.Result<number, InvalidInput> => {
  if (raw === undefined || raw === "") return Result.succeed(DEFAULT_PAGE_SIZE);
  const size = /^[0-9]{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    return Result.fail(new InvalidInput({
      issues: [{ message: `page-size must be an integer from 1 to ${MAX_PAGE_SIZE}`, propertyName: "page-size" }],
    }));
  }
  return Result.succeed(size);
};

/**
 * Parses the list query of a request. Guarantees every problem is reported at once: fails with
 * one InvalidInput holding the issues of `fields`, `filters`, `page-size` and `page-after`.
 */
export const parseListQuery = (query: QueryInput): Result.Result<ListQuery, InvalidInput> => {
  const issues: ValidationIssue[] = [];
  const take = <A>(result: Result.Result<A, InvalidInput>): A | undefined => {
    if (Result.isSuccess(result)) return result.success;
    issues.push(...result.failure.issues);
    return undefined;
  };
  const rawFields = lastOf(query, "fields");
  const fields = rawFields === undefined || rawFields === "" ? undefined : take(parseFields(rawFields));
  const filters = take(parseFilters(valuesOf(query, "filters").filter((f) => f !== "")));
  const pageSize = take(parsePageSize(lastOf(query, "page-size")));
  const rawAfter = lastOf(query, "page-after");
  const pageAfter = rawAfter === undefined || rawAfter === "" ? undefined : take(decodeCursor(rawAfter));
  if (issues.length > 0 || filters === undefined || pageSize === undefined) {
    return Result.fail(new InvalidInput({ issues }));
  }
  return Result.succeed({ fields, filters, pageSize, pageAfter });
};

/**
 * The query parameters of a list query, for clients. Guarantees parseListQuery of the result
 * equals the input query (defaults are written out only when they differ).
 */
export const listQueryParams = (query: Partial<ListQuery>): URLSearchParams => {
  const params = new URLSearchParams();
  if (query.fields !== undefined) params.set("fields", printFields(query.fields));
  for (const filter of query.filters ?? []) params.append("filters", printFilter(filter));
  if (query.pageSize !== undefined && query.pageSize !== DEFAULT_PAGE_SIZE) params.set("page-size", String(query.pageSize));
  if (query.pageAfter !== undefined) params.set("page-after", encodeCursor(query.pageAfter));
  return params;
};
