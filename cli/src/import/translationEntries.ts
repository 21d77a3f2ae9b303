/**
 * The entries of a translations file, streamed: JSON (an array of {key, languages}) or CSV (a
 * header `key,en,de,...`, then one row per key). Each entry carries the line it starts on, so
 * failures can be reported where the person can find them. Nothing here judges the entries:
 * that is core's validateTranslationBatch.
 */
import { createReadStream } from "node:fs";
import { extname } from "node:path";
import { InputRejected } from "../CliError";
import { csvRecords } from "./csvRecords";
import { jsonEntries, type RawEntry } from "./jsonEntries";

export type FileFormat = "json" | "csv";

/** The format named by --format, else by the file's extension (.csv), else JSON. */
export const formatOf = (path: string, format?: string): FileFormat => {
  if (format === "json" || format === "csv") return format;
  return extname(path).toLowerCase() === ".csv" ? "csv" : "json";
};

/** The file as text chunks; a missing or unreadable file is InputRejected. */
async function* textChunks(path: string): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream) yield chunk as string;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputRejected({ message: code === "ENOENT" ? `No such file: ${path}` : `Cannot read ${path}: ${(e as Error).message}` });
  }
}

/** CSV records as entries: the first cell is the key, the other cells the languages of the header; empty cells are left out. */
async function* csvEntries(chunks: AsyncIterable<string>): AsyncGenerator<RawEntry> {
  let header: string[] | null = null;
  for await (const record of csvRecords(chunks)) {
    if (header === null) {
      if (record.error !== undefined) throw new InputRejected({ message: `line ${record.line}: ${record.error}` });
      header = record.cells.map((c) => c.trim());
      if (header[0] !== "key") throw new InputRejected({ message: `line ${record.line}: the CSV header must start with key, e.g. key,en,de` });
      const twice = header.find((c, i) => header!.indexOf(c) !== i);
      if (twice !== undefined) throw new InputRejected({ message: `line ${record.line}: the column ${twice} appears twice in the header` });
      continue;
    }
    if (record.error !== undefined) {
      yield { line: record.line, error: record.error };
      continue;
    }
    if (record.cells.length !== header.length) {
      yield { line: record.line, error: `Expected ${header.length} cells as in the header, found ${record.cells.length}` };
      continue;
    }
    const languages: Record<string, string> = {};
    for (let i = 1; i < header.length; i++) {
      const text = record.cells[i]!;
      if (text !== "") languages[header[i]!] = text;
    }
    yield { line: record.line, value: { key: record.cells[0], languages } };
  }
  if (header === null) throw new InputRejected({ message: "The CSV file is empty: it needs a header key,en,..." });
}

/** Streams the entries of a translations file in file order. */
export function translationEntries(path: string, format: FileFormat): AsyncGenerator<RawEntry> {
  return format === "csv" ? csvEntries(textChunks(path)) : jsonEntries(textChunks(path));
}

/** Groups a stream into arrays of at most `size` items. */
export async function* batches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
