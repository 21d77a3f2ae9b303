/**
 * CSV cells and rows (RFC 4180) for exports such as the audit trail's. A cell holding a comma,
 * a double quote, CR or LF is quoted with inner quotes doubled; rows end with CRLF. A cell that a
 * spreadsheet would run as a formula (it starts with =, +, -, @, a tab or CR) gets a leading
 * apostrophe, so an exported user-typed text never executes when the file is opened (OWASP
 * "CSV injection").
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text a cell stands for once neutralised: a formula-like start gets an apostrophe before it. */
export const neutraliseCsvText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * One cell: null and undefined are empty, other values their text. Guarantees that parsing the
 * cell (RFC 4180) gives back neutraliseCsvText of the text, and that it never spans cells or rows.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = neutraliseCsvText(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row: the cells joined by commas, ended by CRLF. */
export const csvRow = (cells: ReadonlyArray<string | number | boolean | null | undefined>): string => `${cells.map(csvCell).join(",")}\r\n`;
