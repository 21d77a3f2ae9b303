/**
 * Reads an import file into raw entries (nothing here judges them: that is core's
 * validateTranslationBatch). JSON: an array of `{key, languages}`; each entry's row is its
 * 1-based position. CSV (RFC 4180 quoting; LF or CRLF): a header `key,en,de,...`, then one row
 * per key; empty cells are left out of the languages; each entry's row is its line in the file.
 */
import type { ImportEntry } from "../../stores/TranslationStore";

export type ParsedFile =
  | { readonly ok: true; readonly entries: ReadonlyArray<ImportEntry> }
  | { readonly ok: false; readonly message: string };

/** CSV when the name ends in .csv, otherwise JSON. */
export function parseTranslationFile(fileName: string, text: string): ParsedFile {
  const body = text.replace(/^\uFEFF/, "");
  return fileName.toLowerCase().endsWith(".csv") ? parseCsv(body) : parseJson(body);
}

function parseJson(text: string): ParsedFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The file is not valid JSON: ${(e as Error).message}` };
  }
  if (!Array.isArray(value)) return { ok: false, message: "The JSON file must hold an array of {key, languages} entries" };
  return { ok: true, entries: value.map((v, i) => ({ row: i + 1, value: v })) };
}

interface CsvRecord {
  readonly line: number;
  readonly cells: string[];
  readonly error?: string;
}

/** Splits CSV text into records with the line each starts on; blank lines are skipped. */
export function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  let error: string | undefined;
  const endField = () => {
    cells.push(field);
    field = "";
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (!(cells.length === 1 && cells[0] === "" && error === undefined)) records.push({ line: start, cells, ...(error ? { error } : {}) });
    cells = [];
    error = undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === "\n") line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === "" && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
    } else if (c === '"') {
      error ??= "A quote may only open a field or be doubled inside quotes";
    } else if (c === ",") {
      endField();
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else {
      if (wasQuoted) error ??= "Text after a closing quote";
      field += c;
    }
  }
  if (quoted) error = "A quoted field is not closed";
  endRecord();
  return records;
}

function parseCsv(text: string): ParsedFile {
  const [header, ...rows] = csvRecords(text);
  if (header === undefined) return { ok: false, message: "The CSV file is empty: it needs a header key,en,..." };
  const columns = header.cells.map((c) => c.trim());
  if (header.error !== undefined) return { ok: false, message: `Line ${header.line}: ${header.error}` };
  if (columns[0] !== "key") return { ok: false, message: "The CSV header must start with key, e.g. key,en,de" };
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice !== undefined) return { ok: false, message: `The column ${twice} appears twice in the header` };
  const entries = rows.map((record): ImportEntry => {
    if (record.error !== undefined) return { row: record.line, value: { key: record.cells[0] ?? "" }, error: record.error };
    if (record.cells.length !== columns.length) {
      return { row: record.line, value: { key: record.cells[0] ?? "" }, error: `Expected ${columns.length} cells as in the header, found ${record.cells.length}` };
    }
    const languages: Record<string, string> = {};
    columns.forEach((code, i) => {
      const text = record.cells[i] ?? "";
      if (i > 0 && text !== "") languages[code] = text;
    });
    return { row: record.line, value: { key: record.cells[0], languages } };
  });
  return { ok: true, entries };
}
