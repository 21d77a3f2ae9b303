/**
 * The one reader of translations files, for the web's import dialog and the CLI's import
 * command alike: the text is tokenised here (CSV by csv-parse, JSON by jsonc-parser, both run in
 * Node and in the browser bundle), and core's rules/translationFile maps the
 * records to entries and judges them. A byte order mark is ignored in both formats.
 */
import { Result } from "effect";
// csv-parse's Node build; the web bundle aliases it to the browser ESM build (web/vite.config.ts).
import { parse as parseCsv, type Info } from "csv-parse/sync";
import { printParseErrorCode, visit, type ParseErrorCode } from "jsonc-parser";
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

/**
 * JSON: strict syntax (no comments, no trailing commas); an array of entries or an object map.
 * jsonc-parser's visitor finds the line each top-level element or property starts on (and the
 * first syntax error's line) without building a tree; JSON.parse then reads the values.
 */
export function readJson(text: string): FileRead {
  const body = text.replace(/^\uFEFF/, "");
  const lines: number[] = [];
  let root: "array" | "object" | undefined;
  let depth = 0;
  let error: { code: ParseErrorCode; line: number } | undefined;
  // jsonc-parser counts lines from 0.
  const begin = (kind: "array" | "object") => (_offset: number, _length: number, line: number) => {
    if (depth === 0) root = kind;
    else if (depth === 1 && root === "array") lines.push(line + 1);
    depth++;
  };
  const end = () => void depth--;
  visit(body, {
    onArrayBegin: begin("array"), onObjectBegin: begin("object"), onArrayEnd: end, onObjectEnd: end,
    onObjectProperty: (_name, _offset, _length, line) => void (depth === 1 && root === "object" && lines.push(line + 1)),
    onLiteralValue: (_value, _offset, _length, line) => void (depth === 1 && root === "array" && lines.push(line + 1)),
    onError: (code, _offset, _length, line) => void (error ??= { code, line: line + 1 }),
  }, { disallowComments: true, allowTrailingComma: false });
  const unreadable = (line: number, why: string): FileRead =>
    ({ entries: [], issues: [{ line, message: `The JSON file is not valid JSON: ${why}` }] });
  if (error !== undefined) return unreadable(error.line, words(printParseErrorCode(error.code)));
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    return unreadable(1, body.trim() === "" ? "the file is empty" : (e as Error).message);
  }
  return entriesOfJson(value, (i) => lines[i] ?? 1);
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
