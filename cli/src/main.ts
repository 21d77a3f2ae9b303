/**
 * Entry of the `portal` binary: runs the command and turns every failure into its exit code and
 * one line (exitCodes.ts). With PORTAL_REPORT_RSS=1 it prints its peak memory on stderr at exit,
 * for the benchmark.
 */
import { CommanderError } from "commander";
import { EXIT } from "./CliError";
import { exitCodeOf, isKnownError, messageOf } from "./exitCodes";
import { buildProgram } from "./program";

const { program, io } = buildProgram();

function finish(code: number): void {
  if (process.env["PORTAL_REPORT_RSS"] === "1") {
    // maxRSS is in kilobytes.
    process.stderr.write(`portal-peak-rss-bytes ${process.resourceUsage().maxRSS * 1024}\n`);
  }
  process.exitCode = code;
}


try {
  await program.parseAsync(process.argv);
  finish(EXIT.ok);
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version end here too, with exit code 0.
    finish(error.exitCode === 0 ? EXIT.ok : EXIT.usage);
  } else {
    const known = isKnownError(error);
    const code = known ? exitCodeOf(error) : EXIT.fault;
    const message = known ? messageOf(error) : `Unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
    const out = io();
    if (out.mode === "json") {
      const issues = known && "issues" in error ? (error as { issues?: unknown }).issues : undefined;
      out.json({ status: "error", exitCode: code, error: known ? error._tag : "Unexpected", message, ...(issues ? { issues } : {}) });
    }
    out.note(`error: ${message}`);
    finish(code);
  }
}
