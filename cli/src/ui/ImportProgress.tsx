/**
 * The import's progress for a person at a terminal: a bar of entries done out of the total,
 * the batch being written, and what the server did so far.
 */
import { Box, Text } from "ink";

export interface ImportProgressProps {
  /** "validating": the first pass over the file; "writing": batches are being sent. */
  readonly phase: "validating" | "writing";
  readonly done: number;
  /** Entries in the file (known after validation; 0 while validating). */
  readonly total: number;
  readonly batch: number;
  readonly batches: number;
  readonly added: number;
  readonly changed: number;
  readonly unchanged: number;
  /** Bar width in characters. */
  readonly width?: number;
}

/** The bar as text: `█` for the done share, `░` for the rest. Never wider than `width`. */
export const bar = (done: number, total: number, width: number): string => {
  const filled = total <= 0 ? 0 : Math.min(width, Math.floor((done / total) * width));
  return "█".repeat(filled) + "░".repeat(width - filled);
};

export function ImportProgress(p: ImportProgressProps) {
  const width = p.width ?? 30;
  if (p.phase === "validating") {
    return <Text>Checking the file… {p.done.toLocaleString("en-US")} entries read</Text>;
  }
  const percent = p.total === 0 ? 100 : Math.floor((p.done / p.total) * 100);
  return (
    <Box flexDirection="column">
      <Box>
        <Text color="green">{bar(p.done, p.total, width)}</Text>
        <Text> {percent}% {p.done.toLocaleString("en-US")}/{p.total.toLocaleString("en-US")} entries, batch {p.batch}/{p.batches}</Text>
      </Box>
      <Text dimColor>added {p.added}, changed {p.changed}, unchanged {p.unchanged}</Text>
    </Box>
  );
}
