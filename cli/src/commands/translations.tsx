/**
 * `portal translations export [--format json|csv] [--output FILE]` and
 * `portal translations import FILE [--format json|csv] [--dry-run] [--create-only]`.
 * The import's rules and passes are in import/importTranslations.ts; this file parses options
 * and shows the result (Ink progress on a terminal, plain lines otherwise, one JSON object with --json).
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import type { Writable } from "node:stream";
import type { Command } from "commander";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { Translation } from "@portal/core/domain/Translation";
import { REQUIRED_LANGUAGE } from "@portal/core/rules/translations";
import { InputRejected, LocalFault, UsageError } from "../CliError";
import { openSession, type GlobalOptions } from "../config/session";
import type { Io } from "../io/Io";
import { run } from "../run";
import { csvLine } from "@portal/adapters/files/csvLine";
import { checkFile, planImport, writeImport, type CheckedFile, type ImportInput, type LineIssue, type ProgressState } from "../import/importTranslations";
import { formatOfFile } from "@portal/adapters/files/translationFile";

const formatOption = (value: string | undefined): "json" | "csv" | undefined => {
  if (value === undefined || value === "json" || value === "csv") return value;
  throw new UsageError({ message: `--format must be json or csv, not ${value}` });
};

/** Writes with back-pressure, so a 100,000-key export never piles up in memory. */
async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, "drain");
}

async function* pagesOf(api: Awaited<ReturnType<typeof openSession>>["api"]): AsyncGenerator<ReadonlyArray<Translation>> {
  let after: string | undefined;
  do {
    const page = await run(api.translations.list({ fields: "key,languages", pageSize: MAX_PAGE_SIZE, ...(after ? { pageAfter: after } : {}) }));
    yield page.data;
    after = page.moreAfter ?? undefined;
  } while (after !== undefined);
}

async function exportTranslations(io: Io, options: GlobalOptions & { format?: string; output?: string }): Promise<void> {
  const format = formatOption(options.format) ?? "json";
  const session = await openSession(options, io.env);
  const out: Writable = options.output ? createWriteStream(options.output, { mode: 0o644 }) : io.stdout;
  const failed = new Promise<never>((_, reject) => out.once("error", (e) => reject(new LocalFault({ message: `Cannot write ${options.output ?? "stdout"}: ${e.message}` }))));
  failed.catch(() => undefined);
  let count = 0;
  const work = async () => {
    if (format === "json") {
      // One entry per line, so the file's line numbers name entries when it is imported back.
      await write(out, "[");
      for await (const page of pagesOf(session.api)) {
        for (const t of page) await write(out, `${count++ === 0 ? "" : ","}\n  ${JSON.stringify({ key: t.key, languages: t.languages })}`);
      }
      await write(out, count === 0 ? "]\n" : "\n]\n");
    } else {
      // The header needs every language first: CSV export holds the list (the JSON export does not).
      const all: Translation[] = [];
      for await (const page of pagesOf(session.api)) all.push(...page);
      const codes = [...new Set(all.flatMap((t) => Object.keys(t.languages)))].filter((c) => c !== REQUIRED_LANGUAGE).sort();
      const columns = [REQUIRED_LANGUAGE, ...codes];
      await write(out, csvLine(["key", ...columns]));
      for (const t of all) await write(out, csvLine([t.key, ...columns.map((c) => t.languages[c] ?? "")]));
      count = all.length;
    }
    if (options.output) {
      out.end();
      await once(out, "finish");
    }
  };
  await Promise.race([work(), failed]);
  if (options.output) {
    if (io.mode === "json") io.json({ status: "success", exported: count, format, output: options.output });
    else io.note(`Exported ${count} translations to ${options.output}.`);
  }
}

function reportIssues(io: Io, issues: ReadonlyArray<LineIssue>, shown = 100): void {
  for (const i of issues.slice(0, shown)) {
    io.note(`line ${i.line}${i.key !== undefined ? ` (${i.key})` : ""}: ${i.propertyName ? `${i.propertyName}: ` : ""}${i.message}`);
  }
  if (issues.length > shown) io.note(`… and more; all ${issues.length} listed with --json`);
}

/** Progress for the chosen output: Ink on a terminal, a line per batch on stderr otherwise, nothing with --json. */
async function progressFor(io: Io): Promise<{ update: (s: ProgressState) => void; stop: () => void }> {
  if (io.mode === "json") return { update: () => undefined, stop: () => undefined };
  if (io.mode === "plain") {
    return {
      update: (s) => {
        if (s.phase === "writing" && s.batch > 0) io.note(`batch ${s.batch}/${s.batches}: ${s.done}/${s.total} entries`);
      },
      stop: () => undefined,
    };
  }
  // Ink loads only when a person watches: it costs most of the start-up time of a script's call.
  const [{ render }, { ImportProgress }] = await Promise.all([import("ink"), import("../ui/ImportProgress")]);
  let last: ProgressState = { phase: "validating", done: 0, total: 0, batch: 0, batches: 0, added: 0, changed: 0, unchanged: 0 };
  const ink = render(<ImportProgress {...last} />, { stdout: io.stdout, patchConsole: false });
  let stopped = false;
  return {
    update: (s) => {
      last = s;
      if (!stopped) ink.rerender(<ImportProgress {...last} />);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      ink.rerender(<ImportProgress {...last} />);
      ink.unmount();
    },
  };
}

async function importTranslations(
  io: Io, path: string, options: GlobalOptions & { format?: string; dryRun?: boolean; createOnly?: boolean; batchSize?: string },
): Promise<void> {
  const batchSize = options.batchSize === undefined ? undefined : Number(options.batchSize);
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_PAGE_SIZE)) {
    throw new UsageError({ message: `--batch-size must be a whole number from 1 to ${MAX_PAGE_SIZE}` });
  }
  const input: ImportInput = {
    path, format: formatOfFile(path, formatOption(options.format)), createOnly: options.createOnly === true,
    ...(batchSize === undefined ? {} : { batchSize }),
  };
  // Sign-in problems surface before the file is read, so a long file is not checked in vain.
  const session = await openSession(options, io.env);
  const progress = await progressFor(io);
  try {
    let checked: CheckedFile;
    try {
      checked = await checkFile(input, progress.update);
    } catch (e) {
      progress.stop();
      if (e instanceof InputRejected && e.issues && io.mode !== "json") reportIssues(io, e.issues as LineIssue[]);
      throw e;
    }
    if (options.dryRun) {
      progress.stop();
      const plan = await planImport(session.api, input, checked);
      if (io.mode === "json") {
        io.json({ status: "success", dryRun: true, createOnly: input.createOnly, total: plan.total, counts: { add: plan.add.length, change: plan.change.length, leave: plan.leave.length }, add: plan.add, change: plan.change, leave: plan.leave });
        return;
      }
      for (const key of plan.add) io.line(`add     ${key}`);
      for (const c of plan.change) io.line(`change  ${c.key} (${c.languages.join(", ")})`);
      io.line(`Dry run: would add ${plan.add.length}, change ${plan.change.length} and leave ${plan.leave.length} of ${plan.total} entries${input.createOnly ? " (--create-only leaves existing keys untouched)" : ""}; nothing was written.`);
      return;
    }
    const started = performance.now();
    const report = await writeImport(session.api, input, checked, progress.update);
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    if (io.mode === "json") io.json({ status: "success", ...report, createOnly: input.createOnly, seconds: Math.round(seconds * 1000) / 1000 });
    else io.line(`Imported ${report.total} entries in ${report.batches} batches: added ${report.added}, changed ${report.changed}, unchanged ${report.unchanged} (${seconds.toFixed(1)} s).`);
  } finally {
    progress.stop();
  }
}

export function registerTranslations(program: Command, io: () => Io): void {
  const group = program.command("translations").description("export and import the translations of the selected company");
  group
    .command("export")
    .description("write every translation to stdout (or --output FILE)")
    .option("--format <format>", "json (an array of {key, languages}) or csv (key,en,...)", "json")
    .option("-o, --output <file>", "write to this file instead of stdout")
    .action(async (_o, cmd: Command) => exportTranslations(io(), cmd.optsWithGlobals()));
  group
    .command("import")
    .argument("<file>", "a .json or .csv file")
    .description("add and update translations from a file; checks the whole file before writing anything")
    .option("--format <format>", "json or csv (default: from the file's extension)")
    .option("--dry-run", "print what would be added, changed and left; write nothing")
    .option("--create-only", "add unknown keys and leave existing ones untouched")
    .option("--batch-size <n>", "entries per request (default 1000)")
    .action(async (file: string, _o, cmd: Command) => importTranslations(io(), file, cmd.optsWithGlobals()));
}
