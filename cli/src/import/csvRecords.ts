/**
 * Streams the records of a CSV file (RFC 4180: comma separated, fields in double quotes may hold
 * commas, line breaks and doubled quotes; CRLF or LF line ends), each with the line it starts
 * on, chunk by chunk. Blank lines are skipped.
 */

/** One record: its cells, or why it could not be read. */
export type CsvRecord =
  | { readonly line: number; readonly cells: string[]; readonly error?: undefined }
  | { readonly line: number; readonly error: string; readonly cells?: undefined };

const [QUOTE, COMMA, LF, CR] = [0x22, 0x2c, 0x0a, 0x0d];

export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  let line = 1;
  let recordLine = 1;
  let cells: string[] = [];
  let field = "";
  // start: at a field's start; plain: unquoted field; quoted: inside quotes; closing: just after a quote inside quotes; after: after the closing quote.
  let state: "start" | "plain" | "quoted" | "closing" | "after" = "start";
  let error: string | null = null;
  let empty = true;

  const endRecord = (): CsvRecord | null => {
    cells.push(field);
    const record: CsvRecord | null = error
      ? { line: recordLine, error }
      : empty && cells.length === 1 && cells[0] === "" ? null : { line: recordLine, cells };
    cells = [];
    field = "";
    error = null;
    empty = true;
    state = "start";
    return record;
  };

  for await (const chunk of chunks) {
    const out: CsvRecord[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (state === "start" && cells.length === 0 && empty) recordLine = line;
      if (state === "quoted") {
        if (c === QUOTE) state = "closing";
        else {
          if (c === LF) line++;
          field += chunk[i];
        }
        continue;
      }
      if (state === "closing") {
        if (c === QUOTE) {
          field += '"';
          state = "quoted";
          continue;
        }
        state = "after";
      }
      if (c === CR) continue;
      if (c === COMMA) {
        cells.push(field);
        field = "";
        state = "start";
        empty = false;
        continue;
      }
      if (c === LF) {
        line++;
        const record = endRecord();
        if (record) out.push(record);
        continue;
      }
      empty = false;
      if (state === "start" && c === QUOTE) state = "quoted";
      else if (state === "after") error ??= "Unexpected text after a closing quote";
      else {
        if (c === QUOTE) error ??= "A quote inside an unquoted field (quote the field and double the quote)";
        state = "plain";
        field += chunk[i];
      }
    }
    yield* out;
  }
  if (state === "quoted") {
    yield { line: recordLine, error: "A quoted field is not closed before the end of the file" };
    return;
  }
  const last = endRecord();
  if (last) yield last;
}
