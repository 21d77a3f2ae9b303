/**
 * The translations of the selected company (spec sections 3, 5 and 8): the list with a search,
 * add / edit / delete, and the import of a JSON or CSV batch. Every batch is checked first with
 * core's validateTranslationBatch; when any entry fails, nothing is sent and each failing entry
 * is reported with its row, key and reasons. Otherwise one upsert call applies it.
 */
import { Result } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { Languages, Translation } from "@portal/core/domain/Translation";
import { allPages } from "@portal/core/ports/PortalApi";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { planTranslationUpsert, validateTranslationBatch } from "@portal/core/rules/translations";
import type { GateState } from "./BootstrapStore";
import { messageOfError } from "./messages";
import { notifyFailure } from "./notifyFailure";
import type { SaveOutcome } from "./OrderedTypeStore";
import type { RootStore } from "./RootStore";

/** One entry read from an import file: its value, or why its row could not be read. */
export interface ImportEntry {
  /** Where the person finds it: the line of a CSV file, the 1-based position in a JSON array. */
  readonly row: number;
  readonly value?: unknown;
  readonly error?: string;
}

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
      reportUnreadable: action,
    });
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

  /** A file that could not be read as a batch at all (bad JSON, no CSV header). */
  reportUnreadable(fileName: string, message: string): void {
    this.importReport = { status: "unreadable", fileName, message };
  }

  clearImport(): void {
    this.importReport = null;
  }

  /**
   * Imports a batch read from a file. Rows that could not be read and entries core's
   * validateTranslationBatch refuses are reported together, and then nothing is sent. Otherwise
   * one upsert call adds unknown keys and updates changed ones; the report counts them.
   */
  async importEntries(fileName: string, entries: ReadonlyArray<ImportEntry>): Promise<ImportReport> {
    const failures = new Map<number, { row: number; key: string; reasons: string[] }>();
    const fail = (index: number, reason: string) => {
      const entry = entries[index];
      const failure = failures.get(index) ?? { row: entry?.row ?? index + 1, key: keyOf(entry?.value), reasons: [] };
      if (!failure.reasons.includes(reason)) failure.reasons.push(reason);
      failures.set(index, failure);
    };
    entries.forEach((e, i) => e.error !== undefined && fail(i, e.error));
    const readable = entries.map((e, i) => ({ e, i })).filter(({ e }) => e.error === undefined);
    const valid = validateTranslationBatch(readable.map(({ e }) => e.value));
    if (Result.isFailure(valid)) {
      for (const issue of valid.failure.issues) fail(readable[issue.listIndex ?? 0]?.i ?? 0, issue.message);
    }
    if (failures.size > 0 || Result.isFailure(valid)) {
      const report: ImportReport = { status: "rejected", fileName, total: entries.length, failures: [...failures.entries()].sort(([a], [b]) => a - b).map(([, f]) => f) };
      runInAction(() => (this.importReport = report));
      return report;
    }
    runInAction(() => (this.importing = true));
    const plan = planTranslationUpsert(this.items, valid.success);
    const result = await this.root.run(this.root.ports.api.translations.upsert(valid.success));
    let report: ImportReport;
    if (result._tag === "Failure") {
      const issues = "issues" in result.failure ? result.failure.issues : [];
      for (const issue of issues) if (issue.listIndex !== undefined) fail(readable[issue.listIndex]?.i ?? 0, issue.message);
      if (failures.size === 0) notifyFailure(this.root.snackbars, result.failure, "translations.batch", SNACKBAR_KEY);
      report = { status: "rejected", fileName, total: entries.length, failures: [...failures.values()] };
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

const keyOf = (value: unknown): string =>
  typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string" ? (value as { key: string }).key : "";
