/**
 * The `filters` query parameter of api.md: `op(column,value…)`, repeatable. Values are kept as
 * strings here; the server types them by column. A value holding `,`, `(`, `)`, `"`, `\`,
 * leading or trailing blanks, or nothing at all is written in double quotes with `\"` and `\\`
 * escapes, e.g. `eq(name,"Line 1, hall B")`.
 */
import { Result } from "effect";
import { InvalidInput } from "../errors";

export const FILTER_OPS = [
  "eq", "ne", "lt", "lte", "gt", "gte", "in", "ni", "isnull", "isnotnull", "contains", "between",
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** How many values each operator takes: [min, max]. */
export const FILTER_ARITY: Readonly<Record<FilterOp, readonly [number, number]>> = {
  eq: [1, 1], ne: [1, 1], lt: [1, 1], lte: [1, 1], gt: [1, 1], gte: [1, 1], contains: [1, 1],
  in: [1, Infinity], ni: [1, Infinity],
  isnull: [0, 0], isnotnull: [0, 0],
  between: [2, 2],
};

/** One parsed filter. `column` is a dotted field path such as `template.publicId`. */
export interface Filter {
  readonly op: FilterOp;
  readonly column: string;
  readonly values: ReadonlyArray<string>;
}

/** Longest single filter accepted; bounds the work a request can cause. */
export const FILTER_MAX_LENGTH = 4000;

// Segments after the first may start with a digit: `customFields.<publicId>` names a custom field.
const COLUMN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

const issue = (message: string) => new InvalidInput({ issues: [{ message, propertyName: "filters" }] });

const isOp = (s: string): s is FilterOp => (FILTER_OPS as ReadonlyArray<string>).includes(s);

/**
 * Parses one filter expression. Fails with InvalidInput (propertyName "filters") on an unknown
 * operator, a bad column, an unterminated quote, trailing input, or a wrong number of values
 * for the operator (FILTER_ARITY).
 */
export const parseFilter = (input: string): Result.Result<Filter, InvalidInput> => {
  if (input.length > FILTER_MAX_LENGTH) return Result.fail(issue(`Too long: at most ${FILTER_MAX_LENGTH} characters`));
  const open = input.indexOf("(");
  if (open < 0 || !input.endsWith(")")) return Result.fail(issue(`Expected op(column,value…): ${input}`));
  const op = input.slice(0, open);
  if (!isOp(op)) return Result.fail(issue(`Unknown filter operator: ${op}`));
  const args = splitArgs(input.slice(open + 1, -1));
  if (typeof args === "string") return Result.fail(issue(args));
  const [column, ...values] = args;
  if (column === undefined || column.quoted || !COLUMN.test(column.text)) {
    return Result.fail(issue(`Invalid filter column: ${column?.text ?? ""}`));
  }
  const [min, max] = FILTER_ARITY[op];
  if (values.length < min || values.length > max) {
    const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    return Result.fail(issue(`Filter ${op} takes ${expected} value(s), got ${values.length}`));
  }
  return Result.succeed({ op, column: column.text, values: values.map((v) => v.text) });
};

interface Arg {
  readonly text: string;
  readonly quoted: boolean;
}

/** Splits the inside of the parentheses at top-level commas, unquoting; a string is an error. */
const splitArgs = (inside: string): ReadonlyArray<Arg> | string => {
  const args: Arg[] = [];
  let pos = 0;
  for (;;) {
    if (inside[pos] === '"') {
      let text = "";
      pos++;
      for (;;) {
        const ch = inside[pos];
        if (ch === undefined) return "Unterminated quoted filter value";
        if (ch === '"') break;
        if (ch === "\\") {
          const next = inside[pos + 1];
          if (next !== '"' && next !== "\\") return `Invalid escape in filter value at position ${pos}`;
          text += next;
          pos += 2;
        } else {
          text += ch;
          pos++;
        }
      }
      pos++;
      args.push({ text, quoted: true });
    } else {
      let end = pos;
      while (end < inside.length && !',()"\\'.includes(inside[end] ?? "")) end++;
      args.push({ text: inside.slice(pos, end), quoted: false });
      pos = end;
    }
    if (pos === inside.length) break;
    if (inside[pos] !== ",") return `Unexpected '${inside[pos]}' in filter at position ${pos}`;
    pos++;
  }
  // `isnull(col)` has one argument; an empty unquoted value elsewhere is a missing value.
  if (args.some((a, i) => i > 0 && !a.quoted && a.text === "")) return "Empty filter value: quote it as \"\"";
  return args;
};

const needsQuotes = (value: string): boolean => value === "" || /[,()"\\]/.test(value) || value.trim() !== value;

const quote = (value: string): string =>
  needsQuotes(value) ? `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"` : value;

/** Prints a filter. Guarantees parseFilter(printFilter(f)) equals f for every valid filter. */
export const printFilter = (filter: Filter): string =>
  `${filter.op}(${[filter.column, ...filter.values.map(quote)].join(",")})`;

/**
 * Parses every `filters` value of a request (the parameter repeats). Fails with one
 * InvalidInput holding an issue per bad value.
 */
export const parseFilters = (inputs: ReadonlyArray<string>): Result.Result<ReadonlyArray<Filter>, InvalidInput> => {
  const results = inputs.map(parseFilter);
  const issues = results.flatMap((r) => (Result.isFailure(r) ? r.failure.issues : []));
  if (issues.length > 0) return Result.fail(new InvalidInput({ issues }));
  return Result.succeed(results.flatMap((r) => (Result.isSuccess(r) ? [r.success] : [])));
};
