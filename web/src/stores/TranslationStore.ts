/**
 * The translations of the selected company (spec sections 3, 5 and 8): the list with a search,
 * add / edit / delete, and the import of a JSON or CSV batch. The file is read and checked by the
 * shared reader (adapters' parseTranslationFile, core's checkTranslationFile, as in the CLI);
 * when any entry fails, nothing is sent and each failing entry is reported with its row, key and
 * reasons. Otherwise one upsert call applies it.
 */
import { Result } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { Languages, Translation } from "@portal/core/domain/Translation";
import { allPages } from "@portal/core/ports/PortalApi";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { planTranslationUpsert, validateTranslationBatch } from "@portal/core/rules/translations";
import type { FileIssue } from "@portal/core/rules/translationFile";
import type { TranslationFileResult } from "@portal/adapters/files/translationFile";
import type { GateState } from "./BootstrapStore";
import { messageOfError } from "./messages";
import { notifyFailure } from "./notifyFailure";
import type { SaveOutcome } from "./OrderedTypeStore";
import type { RootStore } from "./RootStore";

/** A failing entry of an import: its row, its key as written, and every reason. */
export interface ImportFailure {
  readonly row: number;
  readonly key: string;
  readonly reasons: ReadonlyArray<string>;
}

export type ImportReport =
  | { readonly status: "rejected"; readonly fileName: string; readonly total: number; readonly failures: ReadonlyArray<ImportFailure> }
  | { readonly status: "applied"; readonly fileName: string; readonly total: number; readonly created: number; readonly updated: number; readonly unchanged: number }
  | { readonly status: "unreadable"; readonly fileName: string; readonly message: string };

const SNACKBAR_KEY = "translations";

export class TranslationStore {
  items: ReadonlyArray<Translation> = [];
  state: GateState = "idle";
  loadError: string | null = null;
  search = "";
  importing = false;
  importReport: ImportReport | null = null;
  private running: Promise<void> | null = null;
  /** The company the list belongs to: another company (a switch) loads again. */
  private loadedFor: string | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable<TranslationStore, "running" | "loadedFor">(this, {
      running: false, loadedFor: false,
      items: observableRef, state: observable, loadError: observable, search: observable, importing: observable,
      importReport: observableRef, visible: computed, keys: computed, setSearch: action, clearImport: action,
    });
    // The company's translations override core's message texts (spec 8) once this list is loaded.
    root.messages.readTranslationsFrom(() => this.items);
  }

  /** The keys of the company's translations (group type names may be bound to one). */
  get keys(): ReadonlySet<string> {
    return new Set(this.items.map((t) => t.key));
  }

  byKey(key: string): Translation | undefined {
    return this.items.find((t) => t.key === key);
  }

  /** The translations matching the search in their key or any text, case-insensitively, by key. */
  get visible(): ReadonlyArray<Translation> {
    const needle = this.search.trim().toLocaleLowerCase();
    const sorted = [...this.items].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (needle === "") return sorted;
    return sorted.filter((t) => t.key.toLocaleLowerCase().includes(needle)
      || Object.values(t.languages).some((text) => text.toLocaleLowerCase().includes(needle)));
  }

  setSearch(value: string): void {
    this.search = value;
  }

  /** Loads the list once per company (an 'ensure' load: nothing when loading or loaded). */
  ensure(): Promise<void> {
    if (this.state === "ready" && this.loadedFor === this.root.session.selectedCompanyId) return Promise.resolve();
    this.running ??= this.load().finally(() => (this.running = null));
    return this.running;
  }

  async load(): Promise<void> {
    const company = this.root.session.selectedCompanyId;
    runInAction(() => (this.state = "pending"));
    const { translations } = this.root.ports.api;
    const result = await this.root.run(allPages((after) =>
      translations.list({ fields: "*,languages", pageSize: MAX_PAGE_SIZE, ...(after ? { pageAfter: after } : {}) })));
    runInAction(() => {
      if (result._tag === "Success") {
        this.items = result.success;
        this.loadError = null;
        this.loadedFor = company;
      } else {
        this.loadError = messageOfError(result.failure);
      }
      this.state = "ready";
    });
  }

  /**
   * Creates (publicId null) or updates one translation after core's batch rule accepted it as a
   * batch of one. Server refusals (a key already stored is 409 Duplicate) come back as issues.
   */
  async save(publicId: string | null, entry: { readonly key: string; readonly languages: Languages }): Promise<SaveOutcome> {
    const valid = validateTranslationBatch([entry]);
    if (Result.isFailure(valid)) return { ok: false, issues: valid.failure.issues };
    const input = valid.success[0]!;
    const { translations } = this.root.ports.api;
    if (publicId === null) {
      const result = await this.root.run(translations.createMany([input]));
      if (result._tag === "Failure") return this.saveFailed(result.failure);
      const created = result.success[0]?.publicId ?? "";
      runInAction(() => (this.items = [...this.items, { publicId: created, ...input }]));
      return { ok: true, publicId: created };
    }
    const result = await this.root.run(translations.updateMany([{ publicId, ...input }]));
    if (result._tag === "Failure") return this.saveFailed(result.failure);
    runInAction(() => (this.items = this.items.map((t) => (t.publicId === publicId ? { publicId, ...input } : t))));
    return { ok: true, publicId };
  }

  /** A failed save as the dialog shows it: field issues, and a message for the rest (core's saveFailure). */
  private saveFailed(error: Parameters<typeof notifyFailure>[1]): SaveOutcome {
    const failure = saveFailure(error, this.root.connectivity.isOnline);
    return { ok: false, issues: failure.fieldIssues, message: failure.message };
  }

  /** Deletes translations in one call (all or none). Resolves to success. */
  async remove(publicIds: ReadonlyArray<string>): Promise<boolean> {
    const result = await this.root.run(this.root.ports.api.translations.removeMany(publicIds));
    if (result._tag === "Failure") {
      notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      return false;
    }
    runInAction(() => (this.items = this.items.filter((t) => !publicIds.includes(t.publicId))));
    return true;
  }

  clearImport(): void {
    this.importReport = null;
  }

  /**
   * Imports a file read by parseTranslationFile. A file that cannot be read at all (broken JSON
   * or quoting, no CSV header) is reported as unreadable, naming the line; failing entries are
   * reported together with their rows, and then nothing is sent. Otherwise one upsert call adds
   * unknown keys and updates changed ones; the report counts them.
   */
  async importFile(fileName: string, parsed: TranslationFileResult): Promise<ImportReport> {
    if (Result.isFailure(parsed)) {
      const { total, issues } = parsed.failure;
      const unreadable = issues.find((i) => i.row === undefined);
      const report: ImportReport = unreadable
        ? { status: "unreadable", fileName, message: `Line ${unreadable.line}: ${unreadable.message}` }
        : { status: "rejected", fileName, total, failures: failuresOf(issues) };
      runInAction(() => (this.importReport = report));
      return report;
    }
    const entries = parsed.success;
    const batch = entries.map(({ key, languages }) => ({ key, languages }));
    runInAction(() => (this.importing = true));
    const plan = planTranslationUpsert(this.items, batch);
    const result = await this.root.run(this.root.ports.api.translations.upsert(batch));
    let report: ImportReport;
    if (result._tag === "Failure") {
      const issues = "issues" in result.failure ? result.failure.issues : [];
      const placed = issues.flatMap((issue) => {
        const entry = issue.listIndex === undefined ? undefined : entries[issue.listIndex];
        return entry ? [{ line: entry.line, row: entry.row, key: entry.key, message: issue.message }] : [];
      });
      if (placed.length === 0) notifyFailure(this.root.snackbars, result.failure, "translations.batch", SNACKBAR_KEY);
      report = { status: "rejected", fileName, total: entries.length, failures: failuresOf(placed) };
    } else {
      report = { status: "applied", fileName, total: entries.length, ...result.success, unchanged: plan.unchanged.length };
    }
    runInAction(() => {
      this.importing = false;
      this.importReport = report;
    });
    if (report.status === "applied") await this.load();
    return report;
  }
}

/** Issues of entries grouped by row, in file order: one failure per entry with every reason once. */
const failuresOf = (issues: ReadonlyArray<FileIssue>): ImportFailure[] => {
  const byRow = new Map<number, { row: number; key: string; reasons: string[] }>();
  for (const issue of issues) {
    const row = issue.row ?? issue.line;
    const failure = byRow.get(row) ?? { row, key: issue.key ?? "", reasons: [] };
    if (!failure.reasons.includes(issue.message)) failure.reasons.push(issue.message);
    byRow.set(row, failure);
  }
  return [...byRow.values()].sort((a, b) => a.row - b.row);
};
