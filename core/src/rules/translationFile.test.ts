import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkTranslationFile, CSV_EMPTY, CSV_HEADER_KEY, csvCellCount, csvColumnTwice, entriesOfCsv, entriesOfJson, JSON_SHAPE,
  type FileRecord,
} from "./translationFile";

const records = (...rows: Array<[number, string[]]>): FileRecord[] => rows.map(([line, cells]) => ({ line, cells }));
const failureOf = <A, E>(r: Result.Result<A, E>): E => {
  if (Result.isSuccess(r)) throw new Error(`expected a failure, got ${JSON.stringify(r.success)}`);
  return r.failure;
};

describe("entriesOfCsv", () => {
  it("maps rows under a key,<language> header, leaving empty cells out, each on its line", () => {
    const read = entriesOfCsv(records([1, [" key", "en ", "de"]], [2, ["A", "a", ""]], [4, ["B", "", "b"]]));
    expect(read).toEqual({
      entries: [
        { line: 2, row: 2, value: { key: "A", languages: { en: "a" } } },
        { line: 4, row: 4, value: { key: "B", languages: { de: "b" } } },
      ],
      issues: [],
    });
  });

  it("reports a row with another number of cells than the header by its line and key", () => {
    const read = entriesOfCsv(records([1, ["key", "en", "de"]], [2, ["OK", "a", "b"]], [3, ["SHORT", "a"]]));
    expect(read.issues).toEqual([{ line: 3, row: 3, key: "SHORT", message: csvCellCount(3, 2) }]);
    expect(read.entries).toHaveLength(1);
  });

  it("refuses the whole file for a missing header, a header without key, or a column twice", () => {
    expect(entriesOfCsv([])).toEqual({ entries: [], issues: [{ line: 1, message: CSV_EMPTY }] });
    expect(entriesOfCsv(records([2, ["id", "en"]], [3, ["A", "a"]]))).toEqual({ entries: [], issues: [{ line: 2, message: CSV_HEADER_KEY }] });
    expect(entriesOfCsv(records([1, ["key", "en", "en"]])).issues).toEqual([{ line: 1, message: csvColumnTwice("en") }]);
  });
});

describe("entriesOfJson", () => {
  it("reads an array of entries with 1-based rows and the lines given", () => {
    expect(entriesOfJson([{ key: "A" }, 3], (i) => 10 + i).entries).toEqual([
      { line: 10, row: 1, value: { key: "A" } },
      { line: 11, row: 2, value: 3 },
    ]);
  });

  it("reads an object map of key: languages", () => {
    expect(entriesOfJson({ A: { en: "a" }, B: null }, () => 1).entries).toEqual([
      { line: 1, row: 1, value: { key: "A", languages: { en: "a" } } },
      { line: 1, row: 2, value: { key: "B", languages: null } },
    ]);
  });

  it("refuses any other value as one file issue", () => {
    for (const value of [null, 1, "s", true]) expect(entriesOfJson(value, () => 1)).toEqual({ entries: [], issues: [{ line: 1, message: JSON_SHAPE }] });
  });
});

describe("checkTranslationFile", () => {
  const read = (...values: unknown[]) => ({ entries: values.map((value, i) => ({ line: i + 2, row: i + 1, value })), issues: [] });

  it("accepts valid entries with their places", () => {
    expect(checkTranslationFile(read({ key: "A", languages: { en: "a" }, extra: 1 }))).toEqual(
      Result.succeed([{ key: "A", languages: { en: "a" }, line: 2, row: 1 }]),
    );
  });

  it("names each failing entry by line, row and key with the spec's messages, Duplicate alongside", () => {
    const failure = failureOf(checkTranslationFile(read(
      { key: "A", languages: { en: "a" } },
      { key: "NO_EN", languages: { de: "x" } },
      { languages: { en: "no key" } },
      { key: "bad key", languages: { en: "x" } },
      { key: "A", languages: { en: "again" } },
    )));
    expect(failure).toEqual({
      total: 5,
      issues: [
        { line: 3, row: 2, key: "NO_EN", propertyName: "languages", message: "Required language missing: en" },
        { line: 4, row: 3, propertyName: "key", message: "Required property" },
        { line: 5, row: 4, key: "bad key", propertyName: "key", message: "Value does not match regex expression" },
        { line: 6, row: 5, key: "A", propertyName: "key", message: "Duplicate" },
      ],
    });
  });

  it("counts rows the reader refused and reports them with the rules' issues in file order", () => {
    const failure = failureOf(checkTranslationFile({
      entries: [{ line: 4, row: 4, value: { key: "A" } }],
      issues: [{ line: 2, row: 2, message: "Expected 2 cells as in the header, found 1" }],
    }));
    expect(failure.total).toBe(2);
    expect(failure.issues.map((i) => [i.line, i.message])).toEqual([[2, "Expected 2 cells as in the header, found 1"], [4, "Required property"]]);
  });

  it("a file issue refuses the file without judging entries", () => {
    expect(failureOf(checkTranslationFile({ entries: [], issues: [{ line: 1, message: JSON_SHAPE }] }))).toEqual({ total: 0, issues: [{ line: 1, message: JSON_SHAPE }] });
  });

  it("property: a file is accepted exactly when core's batch rule accepts its entries, and keeps them in order", () => {
    const entry = fc.record({
      key: fc.constantFrom("K_ONE", "K_TWO", "K_THREE", "bad key", ""),
      languages: fc.dictionary(fc.constantFrom("en", "de", "nl"), fc.constantFrom("x", "y", "")),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (values) => {
        const result = checkTranslationFile(read(...values));
        const keys = values.map((v) => v.key);
        const valid = values.every((v) => /^[A-Z]/.test(v.key) && (v.languages.en ?? "") !== "") && new Set(keys).size === keys.length;
        expect(Result.isSuccess(result)).toBe(valid);
        if (Result.isSuccess(result)) expect(result.success.map((t) => t.key)).toEqual(keys);
        else for (const issue of result.failure.issues) expect(issue.row).toBeGreaterThan(0);
      }),
    );
  });
});
