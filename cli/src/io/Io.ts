/**
 * Where a command writes and how: JSON for machines (--json), Ink when a person watches a
 * terminal, plain text otherwise (pipes, files, CI). Commands receive an Io instead of touching
 * process.stdout, so tests and the bench see exactly what a user would.
 */
export type OutputMode = "json" | "tty" | "plain";

export interface Io {
  readonly mode: OutputMode;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
  readonly env: NodeJS.ProcessEnv;
  /** Writes one line to stdout. */
  line(text: string): void;
  /** Writes one value as JSON (one line) to stdout. */
  json(value: unknown): void;
  /** Writes one line to stderr (warnings, notices; never data). */
  note(text: string): void;
}

/** The process' Io; `json` comes from the --json option. */
export function processIo(json: boolean): Io {
  const { stdout, stderr, stdin, env } = process;
  const mode: OutputMode = json ? "json" : stdout.isTTY ? "tty" : "plain";
  return {
    mode, stdout, stderr, stdin, env,
    line: (text) => void stdout.write(`${text}\n`),
    json: (value) => void stdout.write(`${JSON.stringify(value)}\n`),
    note: (text) => void stderr.write(`${text}\n`),
  };
}
