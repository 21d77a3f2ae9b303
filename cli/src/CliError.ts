/**
 * Failures of the CLI itself (not of the API): each carries the exit code it ends with and the
 * one line said to the person. API failures are core's tagged errors; exitCodes.ts maps both.
 */
import { Data } from "effect";
import type { ValidationIssue } from "@portal/core/errors";

/** Exit codes of every `portal` command. */
export const EXIT = { ok: 0, rejected: 1, usage: 2, authentication: 3, fault: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Wrong use of a command that commander itself cannot see (e.g. an unknown --format). */
export class UsageError extends Data.TaggedError("UsageError")<{ readonly message: string }> {}

/** No token: not logged in, or the credentials file is unusable. */
export class NotLoggedIn extends Data.TaggedError("NotLoggedIn")<{ readonly message: string }> {}

/** An input file or value the CLI refuses before anything is sent. */
export class InputRejected extends Data.TaggedError("InputRejected")<{
  readonly message: string;
  /** Failing entries; listIndex is the entry's line in the file when the input is a file. */
  readonly issues?: ReadonlyArray<ValidationIssue & { readonly line?: number }>;
}> {}

/** A local fault: a file that cannot be written, a stream that broke. */
export class LocalFault extends Data.TaggedError("LocalFault")<{ readonly message: string }> {}

/**
 * An import that stopped at a batch after earlier batches were written: the cause decides the
 * exit code; the message says what stays written and that running it again completes it.
 */
export class ImportStopped extends Data.TaggedError("ImportStopped")<{
  readonly cause: { readonly _tag: string };
  readonly batch: number;
  readonly batches: number;
  readonly firstLine: number;
  readonly written: number;
}> {}

export type CliError = UsageError | NotLoggedIn | InputRejected | LocalFault | ImportStopped;
