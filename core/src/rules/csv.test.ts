import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, csvRow, neutraliseCsvText } from "./csv";

/** A strict RFC 4180 reader of one record (the test's oracle). */
function parseRecord(text: string): string[] {
  expect(text.endsWith("\r\n")).toBe(true);
  const body = text.slice(0, -2);
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = "";
    if (body[i] === '"') {
      i++;
      for (;;) {
        if (i >= body.length) throw new Error("unterminated quote");
        if (body[i] === '"') {
          if (body[i + 1] === '"') { cell += '"'; i += 2; continue; }
          i++;
          break;
        }
        cell += body[i++];
      }
    } else {
      while (i < body.length && body[i] !== ",") {
        if (body[i] === '"' || body[i] === "\r" || body[i] === "\n") throw new Error(`bare ${JSON.stringify(body[i])} in a cell`);
        cell += body[i++];
      }
    }
    cells.push(cell);
    if (i === body.length) return cells;
    expect(body[i]).toBe(",");
    i++;
  }
}

describe("csv", () => {
  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvRow(["a", "b,c", 'say "hi"', "two\nlines", null, 42])).toBe('a,"b,c","say ""hi""","two\nlines",,42\r\n');
  });
  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });
  it("property: a row reads back as its cells (neutralised), never more or fewer", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", ",", '"', "\r", "\n", "=", "-", " ", "é", "x") , maxLength: 12 });
    fc.assert(fc.property(fc.array(cell, { minLength: 1, maxLength: 8 }), (cells) => {
      expect(parseRecord(csvRow(cells))).toEqual(cells.map(neutraliseCsvText));
    }));
  });
});
