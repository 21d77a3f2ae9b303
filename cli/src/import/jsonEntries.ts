/**
 * Streams the elements of a JSON array file one by one, each with the line it starts on, without
 * holding the file in one string: a small scanner finds where each top-level element begins and
 * ends (strings, escapes and nesting respected) and JSON.parse reads that element alone.
 */
import { InputRejected } from "../CliError";

/** One element of the file: its value, or why it could not be read. */
export type RawEntry =
  | { readonly line: number; readonly value: unknown; readonly error?: undefined }
  | { readonly line: number; readonly error: string; readonly value?: undefined };

const WS = new Set([0x20, 0x09, 0x0a, 0x0d, 0xfeff]);
const [QUOTE, BACKSLASH, LF, OPEN_OBJ, CLOSE_OBJ, OPEN_ARR, CLOSE_ARR, COMMA] = [0x22, 0x5c, 0x0a, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c];

/**
 * Yields every element of the top-level array in order. An element that is not valid JSON is
 * yielded with an error (the rest of the file is still read); a file that is not an array, or
 * whose array is broken between elements, stops with InputRejected naming the line.
 */
export async function* jsonEntries(chunks: AsyncIterable<string>): AsyncGenerator<RawEntry> {
  let line = 1;
  // before: before "["; value: expecting an element; after: expecting "," or "]"; element: inside one; end: after "]".
  let state: "before" | "value" | "first" | "after" | "element" | "end" = "before";
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: string[] = [];
  let elementLine = 0;
  const fail = (what: string): never => {
    throw new InputRejected({ message: `line ${line}: ${what}; the file must be a JSON array of {"key", "languages"} objects` });
  };
  const finish = (text: string): RawEntry => {
    try {
      return { line: elementLine, value: JSON.parse(text) };
    } catch {
      return { line: elementLine, error: "Not valid JSON" };
    }
  };

  for await (const chunk of chunks) {
    const out: RawEntry[] = [];
    let start = state === "element" ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (state === "element") {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) inString = false;
          else if (c === LF) line++;
          continue;
        }
        if (c === QUOTE) inString = true;
        else if (c === OPEN_OBJ || c === OPEN_ARR) depth++;
        else if (c === CLOSE_OBJ || c === CLOSE_ARR) {
          if (depth > 0) {
            depth--;
            if (depth === 0) {
              parts.push(chunk.slice(start, i + 1));
              out.push(finish(parts.join("")));
              parts = [];
              state = "after";
            }
            continue;
          }
        }
        if (c === LF) line++;
        // A bare value (number, true, null...) ends at the separator that follows it.
        if (depth === 0 && (c === COMMA || c === CLOSE_ARR || WS.has(c))) {
          parts.push(chunk.slice(start, i));
          out.push(finish(parts.join("")));
          parts = [];
          state = "after";
          if (c === LF) continue; // counted above
          if (WS.has(c)) continue;
        } else continue;
      } else if (c === LF) {
        line++;
        continue;
      }
      if (WS.has(c)) continue;
      if (state === "before") {
        if (c !== OPEN_ARR) fail("expected [");
        state = "first";
      } else if (state === "after") {
        if (c === COMMA) state = "value";
        else if (c === CLOSE_ARR) state = "end";
        else fail("expected , or ] after an entry");
      } else if (state === "value" || state === "first") {
        if (c === CLOSE_ARR && state === "first") {
          state = "end";
          continue;
        }
        if (c === COMMA || c === CLOSE_ARR) fail("expected an entry");
        state = "element";
        elementLine = line;
        start = i;
        depth = 0;
        if (c === QUOTE) inString = true;
        else if (c === OPEN_OBJ || c === OPEN_ARR) depth = 1;
      } else if (state === "end") {
        fail("unexpected text after the closing ]");
      }
    }
    if (state === "element") parts.push(chunk.slice(start));
    yield* out;
  }
  if (state === "element" && depth === 0 && !inString && parts.length > 0) {
    yield finish(parts.join(""));
    state = "after";
  }
  if ((state as string) !== "end") fail(state === "before" ? "the file is empty" : "the file ends before the closing ]");
}
