import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { jsonEntries, type RawEntry } from "../src/import/jsonEntries";
import { csvRecords, type CsvRecord } from "../src/import/csvRecords";
import { csvLine } from "@portal/adapters/files/csvLine";

async function* chunksOf(text: string, cuts: ReadonlyArray<number> = []): AsyncGenerator<string> {
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    if (cut > at && cut < text.length) {
      yield text.slice(at, cut);
      at = cut;
    }
  }
  yield text.slice(at);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe("jsonEntries", () => {
  it("yields each element with the line it starts on", async () => {
    const text = '[\n  {"key": "a", "languages": {"en": "A"}},\n\n  {\n    "key": "b",\n    "languages": {"en": "[}\\"{"}\n  }\n]\n';
    const entries = await collect(jsonEntries(chunksOf(text)));
    expect(entries).toEqual([
      { line: 2, value: { key: "a", languages: { en: "A" } } },
      { line: 4, value: { key: "b", languages: { en: '[}"{' } } },
    ]);
  });

  it("reports an element that is not JSON and goes on", async () => {
    const entries = await collect(jsonEntries(chunksOf('[\n{"key": x},\n{"key": "ok"}\n]')));
    expect(entries).toEqual([{ line: 2, error: "Not valid JSON" }, { line: 3, value: { key: "ok" } }]);
  });

  it("reads bare values and an empty array", async () => {
    expect(await collect(jsonEntries(chunksOf("[1, null ,\"s\"]")))).toEqual([
      { line: 1, value: 1 }, { line: 1, value: null }, { line: 1, value: "s" },
    ]);
    expect(await collect(jsonEntries(chunksOf(" [ ] ")))).toEqual([]);
  });

  it("refuses a file that is not an array, or a broken array, naming the line", async () => {
    await expect(collect(jsonEntries(chunksOf('{"key": "a"}')))).rejects.toMatchObject({ _tag: "InputRejected", message: expect.stringContaining("line 1: expected [") });
    await expect(collect(jsonEntries(chunksOf('[\n{"a":1}\n{"b":2}]')))).rejects.toMatchObject({ message: expect.stringContaining("line 3: expected , or ]") });
    await expect(collect(jsonEntries(chunksOf('[{"a":1},')))).rejects.toMatchObject({ message: expect.stringContaining("ends before the closing ]") });
    await expect(collect(jsonEntries(chunksOf("")))).rejects.toMatchObject({ message: expect.stringContaining("empty") });
  });

  it("property: any split of the file into chunks yields the same entries as JSON.parse, with start lines", async () => {
    const entry = fc.record({ key: fc.string(), languages: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string()) });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), async (items, cuts, pretty) => {
        const text = pretty ? JSON.stringify(items, null, 2) : `[\n${items.map((i) => JSON.stringify(i)).join(",\n")}\n]`;
        const entries: RawEntry[] = await collect(jsonEntries(chunksOf(text, cuts.map((c) => c % (text.length + 1)))));
        expect(entries.map((e) => e.value)).toEqual(items);
        const lines = text.split("\n");
        for (const e of entries) expect(lines[e.line - 1]!.trim().startsWith("{")).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("csvRecords", () => {
  it("reads quoted fields with commas, quotes and line breaks, each record with its first line", async () => {
    const text = 'key,en,de\r\nA,"Hello, world","Sag ""Hallo"""\r\n\r\nB,"two\nlines",\nC,c,';
    const records = await collect(csvRecords(chunksOf(text)));
    expect(records).toEqual([
      { line: 1, cells: ["key", "en", "de"] },
      { line: 2, cells: ["A", "Hello, world", 'Sag "Hallo"'] },
      { line: 4, cells: ["B", "two\nlines", ""] },
      { line: 6, cells: ["C", "c", ""] },
    ]);
  });

  it("reports broken quoting on the record's line", async () => {
    const records = await collect(csvRecords(chunksOf('key,en\nA,"x"y\nB,b"c\nC,"open')));
    expect(records.map((r) => [r.line, r.error !== undefined])).toEqual([[1, false], [2, true], [3, true], [4, true]]);
  });

  it("property: csvLine then csvRecords gives back every row, in any chunking", async () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", "\r\n", " ", "é") , maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 5 }), async (rows, cuts) => {
        // A row of one empty cell is a blank line, which CSV readers skip; keep rows non-blank.
        const kept = rows.map((r) => ["k", ...r]);
        const text = kept.map(csvLine).join("");
        const records: CsvRecord[] = await collect(csvRecords(chunksOf(text, cuts.map((c) => c % (text.length + 1)))));
        expect(records.map((r) => r.cells)).toEqual(kept);
      }),
      { numRuns: 200 },
    );
  });
});
