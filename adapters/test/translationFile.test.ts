/**
 * The one reader of translations files (web import dialog, CLI import): CSV and JSON examples
 * that both apps relied on, and properties: written entries read back as they were, with the
 * lines they start on; arbitrary text never throws but answers issues.
 */
import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Languages } from "@portal/core/domain/Translation";
import { csvLine } from "../src/files/csvLine";
import { formatOfFile, parseTranslationFile, type TranslationFileResult } from "../src/files/translationFile";

const failureOf = (r: TranslationFileResult) => {
  if (Result.isSuccess(r)) throw new Error(`expected a failure, got ${JSON.stringify(r.success)}`);
  return r.failure;
};
const successOf = (r: TranslationFileResult) => {
  if (Result.isFailure(r)) throw new Error(`expected a success, got ${JSON.stringify(r.failure)}`);
  return r.success;
};

describe("formatOfFile", () => {
  it("takes the format asked for, else .csv in any case, else JSON", () => {
    expect([formatOfFile("a.CSV"), formatOfFile("a.json"), formatOfFile("a.txt"), formatOfFile("a.csv", "json")]).toEqual(["csv", "json", "json", "json"]);
  });
});

describe("CSV", () => {
  it("reads a header of languages, quoted commas, quotes and line breaks, CRLF and LF, a BOM; empty cells left out", () => {
    const text = '\uFEFFkey,en,de\r\nHELLO,"Hello, you","Hallo ""du"""\r\n\r\nLINES,"two\nlines",\nEMPTY,Empty,\n';
    expect(successOf(parseTranslationFile(text, "t.CSV"))).toEqual([
      { line: 2, row: 2, key: "HELLO", languages: { en: "Hello, you", de: 'Hallo "du"' } },
      { line: 4, row: 4, key: "LINES", languages: { en: "two\nlines" } },
      { line: 6, row: 6, key: "EMPTY", languages: { en: "Empty" } },
    ]);
  });

  it("reports rows with the wrong number of cells, entries the rules refuse and repeats, each by line and key", () => {
    const failure = failureOf(parseTranslationFile("key,en,de\nOK_ROW,a,b\nSHORT_ROW,a\nNO_EN,,b\nOK_ROW,c,d\n", "csv"));
    expect(failure).toEqual({
      total: 4,
      issues: [
        { line: 3, row: 3, key: "SHORT_ROW", message: "Expected 3 cells as in the header, found 2" },
        { line: 4, row: 4, key: "NO_EN", propertyName: "languages", message: "Required language missing: en" },
        { line: 5, row: 5, key: "OK_ROW", propertyName: "key", message: "Duplicate" },
      ],
    });
  });

  it("refuses a file without a header, a header without key, and broken quoting, naming the line", () => {
    expect(failureOf(parseTranslationFile("", "t.csv")).issues).toEqual([{ line: 1, message: "The CSV file is empty: it needs a header key,en,..." }]);
    expect(failureOf(parseTranslationFile("id,en\nA,a\n", "t.csv")).issues).toEqual([{ line: 1, message: "The CSV header must start with key, e.g. key,en,de" }]);
    for (const [text, line] of [['key,en\nA,a\nB,"x"y\n', 3], ['key,en\nB,b"c\n', 2], ['key,en\nC,"open\n\n', 2]] as const) {
      const issues = failureOf(parseTranslationFile(text, "t.csv")).issues;
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ line, message: expect.stringMatching(/^The CSV file cannot be read: /) });
      expect(issues[0]!.row).toBeUndefined();
    }
  });
});

describe("JSON", () => {
  it("reads an array of {key, languages}: rows are positions, lines where each entry starts; a BOM is ignored", () => {
    const text = '\uFEFF[\n  {"key": "A", "languages": {"en": "A"}},\n\n  {\n    "key": "B",\n    "languages": {"en": "[}\\"{"}\n  }\n]\n';
    expect(successOf(parseTranslationFile(text, "t.json"))).toEqual([
      { line: 2, row: 1, key: "A", languages: { en: "A" } },
      { line: 4, row: 2, key: "B", languages: { en: '[}"{' } },
    ]);
  });

  it("reads an object map of key: languages", () => {
    expect(successOf(parseTranslationFile('{\n  "A": {"en": "a"},\n  "B": {"en": "b", "de": "B"}\n}', "json"))).toEqual([
      { line: 2, row: 1, key: "A", languages: { en: "a" } },
      { line: 3, row: 2, key: "B", languages: { en: "b", de: "B" } },
    ]);
  });

  it("names failing entries by row and line, with the spec's messages", () => {
    const text = JSON.stringify([{ key: "GOOD", languages: { en: "Good" } }, { key: "NO_EN", languages: { de: "Kein" } }, { languages: { en: "no key" } }, 3]);
    expect(failureOf(parseTranslationFile(text, "batch.json"))).toEqual({
      total: 4,
      issues: [
        { line: 1, row: 2, key: "NO_EN", propertyName: "languages", message: "Required language missing: en" },
        { line: 1, row: 3, propertyName: "key", message: "Required property" },
        { line: 1, row: 4, propertyName: "key", message: "Required property" },
        { line: 1, row: 4, propertyName: "languages", message: "Required property" },
      ],
    });
  });

  it("refuses text that is not strict JSON, or JSON of another shape, naming the line", () => {
    expect(failureOf(parseTranslationFile('[\n{"a":1}\n{"b":2}]', "json")).issues).toEqual([{ line: 3, message: "The JSON file is not valid JSON: comma expected" }]);
    expect(failureOf(parseTranslationFile('[{"a":1},]', "json")).issues[0]?.message).toMatch(/not valid JSON/);
    expect(failureOf(parseTranslationFile('// c\n[]', "json")).issues[0]?.message).toMatch(/not valid JSON/);
    expect(failureOf(parseTranslationFile("", "json")).issues[0]?.message).toMatch(/not valid JSON|empty/);
    expect(failureOf(parseTranslationFile('"text"', "json")).issues[0]?.message).toMatch(/must hold an array/);
    expect(successOf(parseTranslationFile(" [ ] ", "json"))).toEqual([]);
  });
});

const key = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,12}$/);
const text = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", "\r\n", " ", "é", "{", "]"), minLength: 1, maxLength: 8 });
const codes = ["en", "de", "nl", "pt-BR"] as const;
const entries = fc.uniqueArray(
  fc.record({ key, en: text, others: fc.dictionary(fc.constantFrom("de", "nl", "pt-BR"), text) }),
  { selector: (e) => e.key, maxLength: 8 },
).map((list) => list.filter((e) => e.en.trim() !== "").map((e) => ({ key: e.key, languages: { ...e.others, en: e.en } as Languages })));

describe("properties", () => {
  it("valid entries written as CSV read back as the same entries, each on the line it starts", () => {
    fc.assert(
      fc.property(entries, fc.boolean(), (list, crlf) => {
        const lines = [csvLine(["key", ...codes]), ...list.map((e) => csvLine([e.key, ...codes.map((c) => e.languages[c] ?? "")]))];
        const file = crlf ? lines.map((l) => `${l.slice(0, -1)}\r\n`).join("") : lines.join("");
        const read = successOf(parseTranslationFile(file, "t.csv"));
        expect(read.map(({ key, languages }) => ({ key, languages }))).toEqual(list);
        const starts = lines.map((_, i) => 1 + lines.slice(0, i).join("").split("\n").length - 1);
        expect(read.map((e) => e.line)).toEqual(starts.slice(1));
      }),
      { numRuns: 200 },
    );
  });

  it("valid entries written as a JSON array or object map read back as the same entries", () => {
    fc.assert(
      fc.property(entries, fc.constantFrom("array", "pretty", "map"), (list, shape) => {
        const file = shape === "map" ? JSON.stringify(Object.fromEntries(list.map((e) => [e.key, e.languages])), null, 1)
          : shape === "pretty" ? JSON.stringify(list, null, 2) : `[\n${list.map((e) => JSON.stringify(e)).join(",\n")}\n]`;
        const read = successOf(parseTranslationFile(file, "t.json"));
        expect(read.map(({ key, languages }) => ({ key, languages }))).toEqual(list);
        expect(read.map((e) => e.row)).toEqual(list.map((_, i) => i + 1));
        if (shape === "array") expect(read.map((e) => e.line)).toEqual(list.map((_, i) => i + 2));
      }),
      { numRuns: 200 },
    );
  });

  it("never throws on arbitrary text: it answers entries or issues that name a line", () => {
    const noise = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: fc.constantFrom("key", "en", ",", '"', "\n", "\r", "\uFEFF", "{", "}", "[", "]", ":", "A", "1"), maxLength: 30 }),
    );
    fc.assert(
      fc.property(noise, fc.constantFrom("csv", "json"), (file, format) => {
        const result = parseTranslationFile(file, format);
        if (Result.isFailure(result)) {
          expect(result.failure.issues.length).toBeGreaterThan(0);
          for (const issue of result.failure.issues) expect(issue.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });
});
