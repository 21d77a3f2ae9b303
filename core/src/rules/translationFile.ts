/**
 * A translations file (CSV or JSON, spec.md section 5) as one import: the records a tokeniser
 * read become entries, and the whole file is judged as one batch. Tokenising (CSV quoting, JSON
 * syntax) is the adapters' job (adapters/src/files/translationFile.ts); this module has no I/O.
 *
 * Every entry keeps two places, so each failure names where a person finds it:
 * - `line`: the line of the file on which the entry starts (a CSV record, a JSON element or
 *   property);
 * - `row`: CSV, the same line (a spreadsheet's row number when no cell spans lines); JSON, the
 *   entry's 1-based position in the array or object (a minified file is all on line 1).
 */
import { Result } from "effect";
import type { TranslationInput } from "../domain/Translation";
import { DUPLICATE, validateTranslationBatch } from "./translations";

/** The column the CSV header must start with; the other columns are language codes. */
export const KEY_COLUMN = "key";

/** A CSV record as a tokeniser read it: its cells and the line it starts on. */
export interface FileRecord {
  readonly line: number;
  readonly cells: ReadonlyArray<string>;
}

/** One entry of a file, as written (not judged yet). */
export interface FileEntry {
  readonly line: number;
  readonly row: number;
  readonly value: unknown;
}

/**
 * Why a file or one of its entries is refused. `row` is absent when the whole file is unreadable
 * (broken JSON or CSV quoting, a bad CSV header); `key` is the entry's key as written, if any.
 */
export interface FileIssue {
  readonly line: number;
  readonly row?: number;
  readonly key?: string;
  readonly propertyName?: string;
  readonly message: string;
}

/** What reading a file gave: the entries it holds, and the issues found while reading. */
export interface FileRead {
  readonly entries: ReadonlyArray<FileEntry>;
  readonly issues: ReadonlyArray<FileIssue>;
}

/** A valid entry with its places in the file. */
export type PlacedTranslation = TranslationInput & { readonly line: number; readonly row: number };

/** A refused file: how many entries it holds, and every issue in file order. */
export interface FileRejected {
  readonly total: number;
  readonly issues: ReadonlyArray<FileIssue>;
}

export const CSV_EMPTY = `The CSV file is empty: it needs a header ${KEY_COLUMN},en,...`;
export const CSV_HEADER_KEY = `The CSV header must start with ${KEY_COLUMN}, e.g. ${KEY_COLUMN},en,de`;
export const csvColumnTwice = (column: string): string => `The column ${column} appears twice in the header`;
export const csvCellCount = (expected: number, found: number): string =>
  `Expected ${expected} cells as in the header, found ${found}`;
export const JSON_SHAPE = 'The JSON file must hold an array of {"key", "languages"} entries or an object of key: languages';

/**
 * Maps CSV records to entries: the first record is the header `key,<language>,...` (cells
 * trimmed), each further record one entry `{ key, languages }` whose empty cells are left out
 * (an empty `de` cell stores no German text). Guarantees one entry or one issue per record after
 * the header, in file order, each with the record's line; a header that is missing, does not
 * start with `key` or repeats a column is one file issue (no row) and no entries. Never throws.
 */
export const entriesOfCsv = (records: ReadonlyArray<FileRecord>): FileRead => {
  const [header, ...rows] = records;
  if (header === undefined) return { entries: [], issues: [{ line: 1, message: CSV_EMPTY }] };
  const columns = header.cells.map((c) => c.trim());
  const fileIssue = (message: string): FileRead => ({ entries: [], issues: [{ line: header.line, message }] });
  if (columns[0] !== KEY_COLUMN) return fileIssue(CSV_HEADER_KEY);
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice !== undefined) return fileIssue(csvColumnTwice(twice));
  const entries: FileEntry[] = [];
  const issues: FileIssue[] = [];
  for (const { line, cells } of rows) {
    if (cells.length !== columns.length) {
      issues.push({ line, row: line, ...(cells[0] ? { key: cells[0] } : {}), message: csvCellCount(columns.length, cells.length) });
      continue;
    }
    const languages: Record<string, string> = {};
    for (let i = 1; i < columns.length; i++) if (cells[i] !== "") languages[columns[i]!] = cells[i]!;
    entries.push({ line, row: line, value: { key: cells[0], languages } });
  }
  return { entries, issues };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Maps a parsed JSON file to entries. Two shapes are accepted: an array of `{key, languages}`
 * entries, or an object whose property names are the keys and whose values are the languages
 * maps (`{"WELCOME": {"en": "Welcome"}}`). `lineOf(i)` is the line on which the i-th element or
 * property starts. Guarantees one entry per element or property, in file order, with row i + 1;
 * any other value is one file issue (no row). Never throws.
 */
export const entriesOfJson = (value: unknown, lineOf: (index: number) => number): FileRead => {
  if (Array.isArray(value)) return { entries: value.map((v, i) => ({ line: lineOf(i), row: i + 1, value: v })), issues: [] };
  if (isRecord(value)) {
    const entries = Object.entries(value).map(([key, languages], i) => ({ line: lineOf(i), row: i + 1, value: { key, languages } }));
    return { entries, issues: [] };
  }
  return { entries: [], issues: [{ line: 1, message: JSON_SHAPE }] };
};

const keyOf = (value: unknown): string | undefined =>
  isRecord(value) && typeof value.key === "string" ? value.key : undefined;

const byPlace = (a: FileIssue, b: FileIssue): number => a.line - b.line || (a.row ?? 0) - (b.row ?? 0);

/**
 * Judges a read file as one import, all or nothing. Each entry is checked by core's
 * validateTranslationBatch (spec.md section 5: 'Required property', 'Required language missing:
 * en', 'Value does not match regex expression'), and a key already used by an earlier entry of
 * the file is 'Duplicate' (reported alongside the other issues, not only once they are fixed).
 * Guarantees: success only when the read found no issue and every entry passes, and then the
 * entries as `{key, languages}` with their places, in file order; otherwise every issue (the
 * read's and the rules'), sorted by line then row, each naming its entry's row and key.
 */
export const checkTranslationFile = (read: FileRead): Result.Result<ReadonlyArray<PlacedTranslation>, FileRejected> => {
  const total = read.entries.length + read.issues.filter((i) => i.row !== undefined).length;
  if (read.issues.some((i) => i.row === undefined)) return Result.fail({ total, issues: [...read.issues].sort(byPlace) });
  const issues: FileIssue[] = [...read.issues];
  const place = (entry: FileEntry) => {
    const key = keyOf(entry.value);
    return { line: entry.line, row: entry.row, ...(key !== undefined ? { key } : {}) };
  };
  const verdict = validateTranslationBatch(read.entries.map((e) => e.value));
  if (Result.isFailure(verdict) && verdict.failure._tag === "InvalidInput") {
    for (const issue of verdict.failure.issues) {
      const entry = read.entries[issue.listIndex ?? 0]!;
      issues.push({ ...place(entry), ...(issue.propertyName ? { propertyName: issue.propertyName } : {}), message: issue.message });
    }
  }
  const seen = new Set<string>();
  for (const entry of read.entries) {
    const key = keyOf(entry.value);
    if (key === undefined) continue;
    if (seen.has(key)) issues.push({ ...place(entry), propertyName: "key", message: DUPLICATE });
    seen.add(key);
  }
  if (issues.length > 0 || Result.isFailure(verdict)) return Result.fail({ total, issues: issues.sort(byPlace) });
  return Result.succeed(verdict.success.map((t, i) => ({ ...t, line: read.entries[i]!.line, row: read.entries[i]!.row })));
};
