/**
 * The one reader of translations files, for the web's import dialog and the CLI's import
 * command alike: the text is tokenised here (CSV by csv-parse, JSON by jsonc-parser, both pure
 * ESM that run in Node and in the browser bundle), and core's rules/translationFile maps the
 * records to entries and judges them. A byte order mark is ignored in both formats.
 */
import { Result } from "effect";
import { parse as parseCsv, type Info } from "csv-parse/browser/esm/sync";
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import {
  checkTranslationFile, entriesOfCsv, entriesOfJson,
  type FileRead, type FileRecord, type FileRejected, type PlacedTranslation,
} from "@portal/core/rules/translationFile";

export type TranslationFileFormat = "csv" | "json";

/** What a file gave: every entry valid, or every issue by line and row. */
export type TranslationFileResult = Result.Result<ReadonlyArray<PlacedTranslation>, FileRejected>;

/** The format asked for, else `csv` for a name ending in .csv (any case), else `json`. */
export const formatOfFile = (name: string, format?: TranslationFileFormat): TranslationFileFormat =>
  format ?? (name.toLowerCase().endsWith(".csv") ? "csv" : "json");

/** Where each line of a text starts, to turn an offset into a 1-based line. */
const lineStarts = (text: string): (offset: number) => number => {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
};

export const QUOTE_NOT_CLOSED = "The CSV file cannot be read: a quoted field is not closed before the end of the file";

/**
 * The line on which each record starts. csv-parse tells where a record ends (`info.bytes`, in
 * UTF-8 bytes, its line break included) but counts a CR and an LF inside quotes as two lines, so
 * lines are counted here: a record starts where the previous one ended, past any blank lines
 * (and a byte order mark at the start).
 */
const recordStarts = (text: string, ends: ReadonlyArray<number>): number[] => {
  const bytes = new TextEncoder().encode(text);
  const [LF, CR] = [0x0a, 0x0d];
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let line = 1;
  return ends.map((end) => {
    for (;;) {
      if (bytes[at] === LF) at += 1;
      else if (bytes[at] === CR && bytes[at + 1] === LF) at += 2;
      else break;
      line++;
    }
    const start = line;
    for (; at < end; at++) if (bytes[at] === LF) line++;
    return start;
  });
};

/**
 * CSV records with the line each starts on. RFC 4180: comma separated, fields in double quotes
 * may hold commas, line breaks and doubled quotes; CRLF or LF line ends, mixed; blank lines are
 * skipped. A quoting error makes the file unreadable, named by the line where it was found.
 */
export function readCsv(text: string): FileRead {
  // With `info`, each row is `{ record, info }` (the typings know only plain records).
  let rows: Array<{ record: string[]; info: Info }>;
  try {
    rows = parseCsv(text, {
      bom: true, record_delimiter: ["\r\n", "\n"], relax_column_count: true, skip_empty_lines: true, info: true,
    }) as unknown as typeof rows;
  } catch (e) {
    const error = e as { code?: string; lines?: number; bytes_records?: number; message?: string };
    // An open quote is found at the end of the file: name the line of the record it opened in.
    if (error.code === "CSV_QUOTE_NOT_CLOSED" && error.bytes_records !== undefined) {
      const line = recordStarts(text, [error.bytes_records, error.bytes_records])[1]!;
      return { entries: [], issues: [{ line, message: QUOTE_NOT_CLOSED }] };
    }
    return { entries: [], issues: [{ line: error.lines ?? 1, message: `The CSV file cannot be read: ${error.message ?? String(e)}` }] };
  }
  const starts = recordStarts(text, rows.map((r) => r.info.bytes));
  return entriesOfCsv(rows.map(({ record }, i) => ({ line: starts[i]!, cells: record })));
}

/** jsonc-parser's error codes as words: "CommaExpected" is "comma expected". */
const words = (code: string): string => code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/** JSON: strict syntax (no comments, no trailing commas); an array of entries or an object map. */
export function readJson(text: string): FileRead {
  const body = text.replace(/^\uFEFF/, "");
  const lineOf = lineStarts(body);
  const errors: ParseError[] = [];
  const root: Node | undefined = parseTree(body, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || root === undefined) {
    const first = errors[0];
    const message = first ? `The JSON file is not valid JSON: ${words(printParseErrorCode(first.error))}` : "The JSON file is empty";
    return { entries: [], issues: [{ line: first ? lineOf(first.offset) : 1, message }] };
  }
  const children = root.children ?? [];
  return entriesOfJson(getNodeValue(root), (i) => lineOf(children[i]?.offset ?? root.offset));
}

/**
 * Reads a translations file's text and judges it as one import (core's checkTranslationFile).
 * `nameOrFormat` is the file's name (its extension picks the format) or the format itself.
 * Never throws: arbitrary text gives issues, each naming the line (and the row of an entry).
 */
export function parseTranslationFile(text: string, nameOrFormat: string): TranslationFileResult {
  const format = nameOrFormat === "csv" || nameOrFormat === "json" ? nameOrFormat : formatOfFile(nameOrFormat);
  return checkTranslationFile(format === "csv" ? readCsv(text) : readJson(text));
}
