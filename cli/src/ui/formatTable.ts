/** A column of a table: its heading and how to read a row's cell. */
export interface Column<R> {
  readonly heading: string;
  readonly cell: (row: R) => string;
}

/**
 * A table as plain text lines: a heading line and one line per row, columns padded to their
 * widest cell and separated by two spaces; no colour, no trailing spaces. Used when stdout is
 * not a terminal, and by the Ink table for its widths so both agree.
 */
export function formatTable<R>(columns: ReadonlyArray<Column<R>>, rows: ReadonlyArray<R>): string[] {
  const cells = rows.map((row) => columns.map((c) => c.cell(row)));
  const widths = columns.map((c, i) => Math.max(c.heading.length, ...cells.map((r) => (r[i] ?? "").length)));
  const line = (values: ReadonlyArray<string>) => values.map((v, i) => v.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  return [line(columns.map((c) => c.heading)), ...cells.map(line)];
}
