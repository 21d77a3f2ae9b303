/**
 * `portal translations import FILE`: all or nothing per file, in two streaming passes.
 *
 * 1. Check: the whole file is read once and every batch is judged by core's
 *    validateTranslationBatch; a key repeated anywhere in the file is a 'Duplicate' too (core
 *    finds repeats within a batch; the file is one import, so repeats across batches count).
 *    Any failing entry stops the import here, before anything is written, with every failing
 *    entry reported by line.
 * 2. Write: the file is read again and sent batch by batch through the server's upsert; each
 *    batch is one transaction. A fault at batch k (network, server, a right revoked midway)
 *    leaves batches 1..k-1 written and nothing of batch k; since an upsert of the same entries
 *    changes nothing the second time, running the same import again completes it.
 *
 * A dry run (and --create-only) plans each batch with core's planTranslationUpsert against the
 * stored translations of the batch's keys; only the stored set is held in memory, never the file.
 */
import { Result } from "effect";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { Languages, Translation, TranslationInput } from "@portal/core/domain/Translation";
import type { ValidationIssue } from "@portal/core/errors";
import { allPages, type PortalApiShape } from "@portal/core/ports/PortalApi";
import { DUPLICATE, planTranslationUpsert, validateTranslationBatch, type TranslationUpsertPlan } from "@portal/core/rules/translations";
import { ImportStopped, InputRejected } from "../CliError";
import { run } from "../run";
import { batches, translationEntries, type FileFormat } from "./translationEntries";
import type { RawEntry } from "./jsonEntries";

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
  readonly format: FileFormat;
  readonly createOnly: boolean;
  readonly batchSize?: number;
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

const keyOf = (value: unknown): string | undefined =>
  typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string" ? (value as { key: string }).key : undefined;

/** Pass 1. Returns the entry and batch counts; throws InputRejected with every failing entry by line. */
export async function checkFile(input: ImportInput, onProgress: OnProgress = () => undefined): Promise<{ total: number; batches: number }> {
  const size = input.batchSize ?? BATCH_SIZE;
  const seen = new Set<string>();
  const issues: LineIssue[] = [];
  let failing = 0;
  let total = 0;
  let batchCount = 0;
  const report = (issue: LineIssue) => {
    if (issues.length < MAX_REPORTED) issues.push(issue);
  };
  for await (const batch of batches(translationEntries(input.path, input.format), size)) {
    batchCount++;
    const failed = new Set<number>();
    const readable: RawEntry[] = [];
    for (const entry of batch) {
      if (entry.error !== undefined) {
        failed.add(entry.line);
        report({ line: entry.line, message: entry.error });
      } else readable.push(entry);
    }
    const verdict = validateTranslationBatch(readable.map((e) => e.value));
    // A Conflict from core is a repeat inside this batch; the file-wide check below reports it once.
    if (Result.isFailure(verdict) && verdict.failure._tag === "InvalidInput") {
      for (const issue of verdict.failure.issues) {
        const entry = readable[issue.listIndex ?? 0]!;
        failed.add(entry.line);
        const key = keyOf(entry.value);
        report({ line: entry.line, message: issue.message, ...(issue.propertyName ? { propertyName: issue.propertyName } : {}), ...(key ? { key } : {}) });
      }
    }
    for (const entry of readable) {
      const key = keyOf(entry.value);
      if (key === undefined) continue;
      if (seen.has(key)) {
        failed.add(entry.line);
        report({ line: entry.line, key, propertyName: "key", message: DUPLICATE });
      }
      seen.add(key);
    }
    failing += failed.size;
    total += batch.length;
    onProgress({ phase: "validating", done: total, total: 0, batch: batchCount, batches: 0, added: 0, changed: 0, unchanged: 0 });
  }
  if (failing > 0) {
    issues.sort((a, b) => a.line - b.line);
    throw new InputRejected({
      message: `${failing} of ${total} entries are rejected (first at line ${issues[0]?.line}); nothing was written`,
      issues,
    });
  }
  return { total, batches: batchCount };
}

/** The valid entries of a batch that pass 1 accepted; a file changed in between is refused. */
function acceptedBatch(batch: ReadonlyArray<RawEntry>): ReadonlyArray<TranslationInput> {
  const verdict = validateTranslationBatch(batch.map((e) => (e.error === undefined ? e.value : undefined)));
  if (Result.isFailure(verdict)) throw new InputRejected({ message: `The file changed during the import (near line ${batch[0]?.line}); run it again` });
  return verdict.success;
}

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
export async function planImport(api: PortalApiShape, input: ImportInput): Promise<DryRunReport> {
  const stored = await storedByKey(api);
  const report: DryRunReport = { add: [], change: [], leave: [], total: 0 };
  for await (const batch of batches(translationEntries(input.path, input.format), input.batchSize ?? BATCH_SIZE)) {
    const plan = planBatch(stored, acceptedBatch(batch));
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
  api: PortalApiShape, input: ImportInput, counted: { total: number; batches: number }, onProgress: OnProgress = () => undefined,
): Promise<ImportReport> {
  const stored = input.createOnly ? await storedByKey(api) : undefined;
  const state = { phase: "writing" as const, done: 0, total: counted.total, batch: 0, batches: counted.batches, added: 0, changed: 0, unchanged: 0 };
  onProgress({ ...state });
  for await (const raw of batches(translationEntries(input.path, input.format), input.batchSize ?? BATCH_SIZE)) {
    state.batch++;
    const batch = acceptedBatch(raw);
    const send = stored ? planBatch(stored, batch).add : batch;
    try {
      const result = send.length === 0 ? { created: 0, updated: 0 } : await run(api.translations.upsert(send));
      state.added += result.created;
      state.changed += result.updated;
      state.unchanged += batch.length - result.created - result.updated;
    } catch (cause) {
      throw new ImportStopped({
        cause: cause as { _tag: string }, batch: state.batch, batches: counted.batches, firstLine: raw[0]?.line ?? 0, written: state.done,
      });
    }
    state.done += batch.length;
    onProgress({ ...state });
  }
  return { total: state.done, batches: state.batch, added: state.added, changed: state.changed, unchanged: state.unchanged };
}
