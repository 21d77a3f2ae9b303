/**
 * A table for a person at a terminal: bold headings, padded columns, and an optional colour
 * swatch per row (group types). Rendered once to a string: a list has nothing to redraw.
 */
import { Box, Text, renderToString } from "ink";
import type { Column } from "./formatTable";

export interface TableProps<R> {
  readonly columns: ReadonlyArray<Column<R>>;
  readonly rows: ReadonlyArray<R>;
  /** A `#rrggbb` colour to show as a swatch before the row, when the row has one. */
  readonly swatch?: (row: R) => string | null | undefined;
  /** Shown instead of the table when there are no rows. */
  readonly empty?: string;
}

export function Table<R>({ columns, rows, swatch, empty }: TableProps<R>) {
  if (rows.length === 0) return <Text dimColor>{empty ?? "(none)"}</Text>;
  const widths = columns.map((c) => Math.max(c.heading.length, ...rows.map((r) => c.cell(r).length)));
  return (
    <Box flexDirection="column">
      <Box>
        {swatch ? <Text>{"  "}</Text> : null}
        {columns.map((c, i) => (
          <Box key={c.heading} width={(widths[i] ?? 0) + 2}>
            <Text bold>{c.heading}</Text>
          </Box>
        ))}
      </Box>
      {rows.map((row, r) => {
        const color = swatch?.(row);
        return (
          <Box key={r}>
            {swatch ? <Text color={color ?? undefined}>{color ? "■ " : "  "}</Text> : null}
            {columns.map((c, i) => (
              <Box key={c.heading} width={(widths[i] ?? 0) + 2}>
                <Text>{c.cell(row)}</Text>
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}

/** The table as the text a terminal shows (with ANSI colours), for writing in one go. */
export const tableToString = <R,>(props: TableProps<R>, columns = 120): string => renderToString(<Table {...props} />, { columns });
