import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvRecords, parseTranslationFile } from "../src/features/translations/parseTranslationFile";

describe("parseTranslationFile", () => {
  it("reads a JSON array with 1-based rows", () => {
    const parsed = parseTranslationFile("t.json", '[{"key":"A","languages":{"en":"a"}},{"key":"B"}]');
    expect(parsed).toEqual({ ok: true, entries: [{ row: 1, value: { key: "A", languages: { en: "a" } } }, { row: 2, value: { key: "B" } }] });
  });

  it("refuses JSON that is not an array or not JSON", () => {
    expect(parseTranslationFile("t.json", '{"key":"A"}')).toMatchObject({ ok: false });
    expect(parseTranslationFile("t.json", "[{")).toMatchObject({ ok: false });
  });

  it("reads CSV with a header, quotes, CRLF and empty cells left out, rows as file lines", () => {
    const text = 'key,en,de\r\nHELLO,"Hello, you","Hallo ""du"""\r\n\r\nBYE,Bye,\r\nEMPTY,,Leer\r\n';
    const parsed = parseTranslationFile("t.CSV", text);
    expect(parsed).toEqual({
      ok: true,
      entries: [
        { row: 2, value: { key: "HELLO", languages: { en: "Hello, you", de: 'Hallo "du"' } } },
        { row: 4, value: { key: "BYE", languages: { en: "Bye" } } },
        { row: 5, value: { key: "EMPTY", languages: { de: "Leer" } } },
      ],
    });
  });

  it("reports a row with the wrong number of cells and refuses a header without key", () => {
    const parsed = parseTranslationFile("t.csv", "key,en\nA,a,extra\n");
    expect(parsed).toMatchObject({ ok: true, entries: [{ row: 2, error: "Expected 2 cells as in the header, found 3" }] });
    expect(parseTranslationFile("t.csv", "id,en\nA,a\n")).toMatchObject({ ok: false });
    expect(parseTranslationFile("t.csv", "")).toMatchObject({ ok: false });
  });

  it("property: CSV written with quoting reads back cell for cell", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", " ", "é") });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
        const text = rows.map((r) => r.map(quote).join(",")).join("\r\n");
        expect(csvRecords(text).map((r) => r.cells)).toEqual(rows);
      }),
    );
  });
});
