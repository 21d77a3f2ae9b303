/**
 * Pages bounded in size as well as in rows: one oversized row (a 1 MB translation text) must
 * not make every page that holds it, and every client reading the list, pay for twenty of them.
 */
import { LIST_PAGE_MAX_CHARS } from "../constants";

/**
 * How many of `rows` (in list order) fit one page: at most `pageSize`, and no more than fit in
 * `maxChars` characters by `sizeOf`, but never fewer than one (a single oversized row still gets
 * its page, or paging would stall). Linear in the rows looked at; never fails.
 */
export const rowsThatFit = <T>(rows: ReadonlyArray<T>, pageSize: number, sizeOf: (row: T) => number, maxChars: number = LIST_PAGE_MAX_CHARS): number => {
  let total = 0;
  const limit = Math.min(pageSize, rows.length);
  for (let i = 0; i < limit; i++) {
    total += sizeOf(rows[i]!);
    if (total > maxChars) return Math.max(1, i);
  }
  return limit;
};

// Characters JSON.stringify writes as an escape: controls, the quote, the backslash, lone surrogates.
const NEEDS_ESCAPE = /[\u0000-\u001f"\\]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The length of `JSON.stringify(text)`, without building it when nothing needs escaping (the
 * common case): the text plus its two quotes. Guarantees: equal to JSON.stringify(text).length.
 */
export const jsonStringLength = (text: string): number =>
  NEEDS_ESCAPE.test(text) ? JSON.stringify(text).length : text.length + 2;
