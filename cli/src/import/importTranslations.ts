/**
 * `portal translations import FILE`: all or nothing per file.
 *
 * 1. Check: the file is read once and judged as one import by the shared reader
 *    (adapters' parseTranslationFile over core's checkTranslationFile, the same code as the web's
 *    import dialog): every failing entry is reported by line, and nothing is written.
 * 2. Write: the checked entries are sent batch by batch through the server's upsert; each batch
 *    is one transaction. A fault at batch k (network, server, a right revoked midway) leaves
 *    batches 1..k-1 written and nothing of batch k; since an upsert of the same entries changes
 *    nothing the second time, running the same import again completes it.
 *
 * A dry run (and --create-only) plans each batch with core's planTranslationUpsert against the
 * stored translations of the batch's keys.
 */
import { readFile } from "node:fs/promises";
import { Result } from "effect";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { Languages, Translation, TranslationInput } from "@portal/core/domain/Translation";
import type { ValidationIssue } from "@portal/core/errors";
import { allPages, type PortalApiShape } from "@portal/core/ports/PortalApi";
import type { FileIssue, PlacedTranslation } from "@portal/core/rules/translationFile";
import { planTranslationUpsert, type TranslationUpsertPlan } from "@portal/core/rules/translations";
import { parseTranslationFile, type TranslationFileFormat } from "@portal/adapters/files/translationFile";
import { ImportStopped, InputRejected } from "../CliError";
import { run } from "../run";

/** Entries per upsert request: small enough for one quick transaction, large enough to amortise the round trip. */
export const BATCH_SIZE = 1000;
/** Failing entries kept for the report; the count goes on past it. */
const MAX_REPORTED = 1000;

export interface LineIssue extends ValidationIssue {
  readonly line: number;
  readonly key?: string;
}

export interface ImportInput {
  readonly path: string;
  readonly format: TranslationFileFormat;
  readonly createOnly: boolean;
  readonly batchSize?: number;
}

/** A file that passed the check: its entries in batches of the chosen size. */
export interface CheckedFile {
  readonly total: number;
  readonly batches: ReadonlyArray<ReadonlyArray<PlacedTranslation>>;
}

export interface ProgressState {
  readonly phase: "validating" | "writing";
  readonly done: number;
  readonly total: number;
  readonly batch: number;
  readonly batches: number;
  readonly added: number;
  readonly changed: number;
  readonly unchanged: number;
}

export type OnProgress = (state: ProgressState) => void;

/** The file's text; a missing or unreadable file is InputRejected. */
async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputRejected({ message: code === "ENOENT" ? `No such file: ${path}` : `Cannot read ${path}: ${(e as Error).message}` });
  }
}

const lineIssue = ({ line, key, propertyName, message }: FileIssue): LineIssue =>
  ({ line, message, ...(propertyName ? { propertyName } : {}), ...(key !== undefined ? { key } : {}) });

/** Pass 1. Returns the checked entries in batches; throws InputRejected with every failing entry by line. */
export async function checkFile(input: ImportInput, onProgress: OnProgress = () => undefined): Promise<CheckedFile> {
  const size = input.batchSize ?? BATCH_SIZE;
  const result = parseTranslationFile(await readText(input.path), input.format);
  if (Result.isFailure(result)) {
    const { total, issues } = result.failure;
    const fileIssue = issues.find((i) => i.row === undefined);
    if (fileIssue) throw new InputRejected({ message: `line ${fileIssue.line}: ${fileIssue.message}` });
    const failing = new Set(issues.map((i) => i.row)).size;
    throw new InputRejected({
      message: `${failing} of ${total} entries are rejected (first at line ${issues[0]?.line}); nothing was written`,
      issues: issues.slice(0, MAX_REPORTED).map(lineIssue),
    });
  }
  const entries = result.success;
  const batches: Array<ReadonlyArray<PlacedTranslation>> = [];
  for (let i = 0; i < entries.length; i += size) batches.push(entries.slice(i, i + size));
  onProgress({ phase: "validating", done: entries.length, total: entries.length, batch: batches.length, batches: batches.length, added: 0, changed: 0, unchanged: 0 });
  return { total: entries.length, batches };
}

/** A batch as the server takes it: key and languages only. */
const inputsOf = (batch: ReadonlyArray<PlacedTranslation>): TranslationInput[] => batch.map(({ key, languages }) => ({ key, languages }));

/** Every stored translation of the company, by key (for dry runs and --create-only). */
export async function storedByKey(api: PortalApiShape): Promise<Map<string, Translation>> {
  const all = await run(allPages((pageAfter) => api.translations.list({ fields: "key,languages", pageSize: MAX_PAGE_SIZE, ...(pageAfter ? { pageAfter } : {}) })));
  return new Map(all.map((t) => [t.key, t] as const));
}

const planBatch = (stored: ReadonlyMap<string, Translation>, batch: ReadonlyArray<TranslationInput>): TranslationUpsertPlan =>
  planTranslationUpsert(batch.flatMap((b) => { const t = stored.get(b.key); return t ? [t] : []; }), batch);

/** The language codes whose text differs between two maps. */
export const changedLanguages = (before: Languages, after: Languages): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((code) => before[code] !== after[code]).sort();

export interface DryRunReport {
  readonly add: string[];
  readonly change: Array<{ key: string; languages: string[] }>;
  /** Keys left as they are: unchanged ones, and with --create-only the existing ones that differ. */
  readonly leave: string[];
  readonly total: number;
}

/** Pass 2 of a dry run: what an import would add, change and leave. Writes nothing. */
export async function planImport(api: PortalApiShape, input: ImportInput, checked: CheckedFile): Promise<DryRunReport> {
  const stored = await storedByKey(api);
  const report: DryRunReport = { add: [], change: [], leave: [], total: 0 };
  for (const batch of checked.batches) {
    const plan = planBatch(stored, inputsOf(batch));
    report.add.push(...plan.add.map((a) => a.key));
    if (input.createOnly) report.leave.push(...plan.change.map((c) => c.key));
    else report.change.push(...plan.change.map((c) => ({ key: c.key, languages: changedLanguages(c.before, c.after) })));
    report.leave.push(...plan.unchanged.map((u) => u.key));
    (report as { total: number }).total += batch.length;
  }
  return report;
}

export interface ImportReport {
  readonly total: number;
  readonly batches: number;
  readonly added: number;
  readonly changed: number;
  readonly unchanged: number;
}

/** Pass 2 of an import: sends the file batch by batch; throws ImportStopped when a batch fails. */
export async function writeImport(
  api: PortalApiShape, input: ImportInput, checked: CheckedFile, onProgress: OnProgress = () => undefined,
): Promise<ImportReport> {
  const stored = input.createOnly ? await storedByKey(api) : undefined;
  const state = { phase: "writing" as const, done: 0, total: checked.total, batch: 0, batches: checked.batches.length, added: 0, changed: 0, unchanged: 0 };
  onProgress({ ...state });
  for (const placed of checked.batches) {
    state.batch++;
    const batch = inputsOf(placed);
    const send = stored ? planBatch(stored, batch).add : batch;
    try {
      const result = send.length === 0 ? { created: 0, updated: 0 } : await run(api.translations.upsert(send));
      state.added += result.created;
      state.changed += result.updated;
      state.unchanged += batch.length - result.created - result.updated;
    } catch (cause) {
      throw new ImportStopped({
        cause: cause as { _tag: string }, batch: state.batch, batches: checked.batches.length, firstLine: placed[0]?.line ?? 0, written: state.done,
      });
    }
    state.done += batch.length;
    onProgress({ ...state });
  }
  return { total: state.done, batches: state.batch, added: state.added, changed: state.changed, unchanged: state.unchanged };
}
