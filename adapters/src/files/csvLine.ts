/** One CSV cell: quoted (quotes doubled) when it holds a comma, quote, line break or outer spaces. */
export const csvCell = (text: string): string =>
  /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

/** One CSV line (LF-terminated). */
export const csvLine = (cells: ReadonlyArray<string>): string => `${cells.map(csvCell).join(",")}\n`;
