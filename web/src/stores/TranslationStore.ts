/**
 * The translations of the selected company (spec sections 3, 5 and 8): the screen's list, paged
 * from the server with its search and sort (issue 16: the first rows show at once at any table
 * size); add / edit / delete; and the import of a JSON or CSV batch. Apart from the screen, the
 * whole list (`ensure`, `items`) is what group type names bound to keys and the company's message
 * texts read; the screen does not load it. The file is read and checked by the
 * shared reader (adapters' parseTranslationFile, core's checkTranslationFile, as in the CLI);
 * when any entry fails, nothing is sent and each failing entry is reported with its row, key and
 * reasons. Otherwise one upsert call applies it.
 */
import { Result } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Languages, Translation } from "@portal/core/domain/Translation";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { matchesTranslationSearch, translationOrder, validateTranslationBatch, type TranslationSort } from "@portal/core/rules/translations";
import type { FileIssue } from "@portal/core/rules/translationFile";
import type { TranslationFileResult } from "@portal/adapters/files/translationFile";
import type { GateState } from "./BootstrapStore";
import { messageOfError } from "./messages";
import { notifyFailure } from "./notifyFailure";
import type { SaveOutcome } from "./OrderedTypeStore";
import type { RootStore } from "./RootStore";
import { ShellDataStore } from "./ShellDataStore";
import { TranslationLookup } from "./TranslationLookup";

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
/** Translations fetched per call for the screen: many screenfuls, one round trip per few seconds of scrolling. */
export const TRANSLATIONS_PAGE_SIZE = 200;
/** How long the search waits for the typing to stop before it asks the server. */
export const TRANSLATION_SEARCH_DEBOUNCE_MS = 250;

export class TranslationStore {
  /** The translations of the keys read outside the screen (group type names, message keys). */
  readonly lookup: TranslationLookup;
  loadError: string | null = null;
  search = "";
  sort: TranslationSort = "key";
  /** The screen's rows: the pages loaded so far for the search and sort. */
  rows: ReadonlyArray<Translation> = [];
  /** The cursor of the next page; null once the last page is in. */
  moreAfter: string | null = null;
  listState: GateState = "idle";
  /** Bumped when a first page replaces the rows (a new search or sort): the view goes back to the top. */
  firstPages = 0;
  loadingMore = false;
  importing = false;
  importReport: ImportReport | null = null;
  /** The company the screen's rows belong to. */
  private listFor: string | null = null;
  /** Bumped by each first-page load: an older answer (a search typed over) is dropped. */
  private listGeneration = 0;
  private searchTimer: unknown = null;

  constructor(private readonly root: RootStore) {
    this.lookup = new TranslationLookup(root);
    makeObservable<TranslationStore, "listFor" | "listGeneration" | "searchTimer">(this, {
      listFor: false, listGeneration: false, searchTimer: false,
      loadError: observable, search: observable, sort: observable, importing: observable,
      rows: observableRef, moreAfter: observable, listState: observable, firstPages: observable, loadingMore: observable,
      importReport: observableRef, items: computed, keys: computed, setSearch: action, setSort: action, clearImport: action,
    });
    // The company's translations override core's message texts (spec 8) once looked up (ensure).
    root.messages.readTranslationsFrom(() => this.lookup.items);
  }

  /** The translations looked up so far (group type names and message keys), not the whole list. */
  get items(): ReadonlyArray<Translation> {
    return this.lookup.items;
  }

  /** The keys among them (group type names may be bound to one). */
  get keys(): ReadonlySet<string> {
    return new Set(this.lookup.items.map((t) => t.key));
  }

  byKey(key: string): Translation | undefined {
    return this.lookup.found.get(key) ?? undefined;
  }

  /**
   * Looks up what the app reads outside the screen, for the selected company: the message keys
   * (once the catalogue is in) and the group type names. Only keys not asked before are sent.
   */
  async ensure(): Promise<void> {
    await this.root.messages.ready;
    await this.lookup.ensureKeys([...this.root.messages.keys, ...this.root.get(ShellDataStore).groupTypes.map((t) => t.name)]);
  }

  /** The screen opened: its first page, unless this company's is already there. */
  open(): void {
    if (this.listState === "idle" || this.listFor !== this.root.session.selectedCompanyId) void this.loadList();
  }

  /** The search text; the server is asked once the typing pauses. */
  setSearch(value: string): void {
    this.search = value;
    if (this.searchTimer !== null) this.root.timers.clearTimeout(this.searchTimer);
    this.searchTimer = this.root.timers.setTimeout(() => {
      this.searchTimer = null;
      void this.loadList();
    }, TRANSLATION_SEARCH_DEBOUNCE_MS);
  }

  setSort(sort: TranslationSort): void {
    if (this.sort === sort) return;
    this.sort = sort;
    void this.loadList();
  }

  private listRequest(pageAfter?: string) {
    const search = this.search.trim();
    return { fields: "*,languages", pageSize: TRANSLATIONS_PAGE_SIZE, sort: this.sort, ...(search ? { search } : {}), ...(pageAfter ? { pageAfter } : {}) };
  }

  /** The first page for the current search and sort; the rows shown stay until it arrives. */
  async loadList(): Promise<void> {
    const generation = ++this.listGeneration;
    const company = this.root.session.selectedCompanyId;
    runInAction(() => {
      if (this.listFor !== company) this.rows = [];
      this.listState = "pending";
    });
    const result = await this.root.run(this.root.ports.api.translations.list(this.listRequest()));
    if (generation !== this.listGeneration) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.rows = result.success.data;
        this.moreAfter = result.success.moreAfter;
        this.firstPages++;
        this.listFor = company;
        this.loadError = null;
      } else {
        this.loadError = messageOfError(result.failure);
      }
      this.listState = "ready";
    });
  }

  /** The next page, when the list scrolled near its end; one at a time. */
  async loadMore(): Promise<void> {
    if (this.moreAfter === null || this.loadingMore || this.listState !== "ready") return;
    const generation = this.listGeneration;
    runInAction(() => (this.loadingMore = true));
    const result = await this.root.run(this.root.ports.api.translations.list(this.listRequest(this.moreAfter)));
    runInAction(() => {
      this.loadingMore = false;
      if (generation !== this.listGeneration) return;
      if (result._tag === "Success") {
        this.rows = [...this.rows, ...result.success.data];
        this.moreAfter = result.success.moreAfter;
      } else {
        notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      }
    });
  }

  /** The stored translation with exactly this key, asked of the server (an add that would repeat a key). */
  async findByKey(key: string): Promise<Translation | undefined> {
    const wanted = key.trim();
    if (wanted === "") return undefined;
    const result = await this.root.run(this.root.ports.api.translations.list({
      fields: "*,languages", pageSize: 1, filters: [{ op: "eq", column: "key", values: [wanted] }],
    }));
    return result._tag === "Success" ? result.success.data[0] : undefined;
  }

  /** A saved translation in the screen's rows: replaced where it was, or placed in order when new and loaded that far. */
  private placeRow(t: Translation): void {
    const at = this.rows.findIndex((r) => r.publicId === t.publicId);
    if (at >= 0) {
      this.rows = this.rows.map((r, i) => (i === at ? t : r));
      return;
    }
    if (!matchesTranslationSearch(t, this.search)) return;
    const order = translationOrder(this.sort);
    const before = this.rows.findIndex((r) => order(t, r) < 0);
    // Past the last loaded row of an unfinished list: it comes with a later page.
    if (before < 0 && this.moreAfter !== null) return;
    const next = [...this.rows];
    next.splice(before < 0 ? next.length : before, 0, t);
    this.rows = next;
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
      runInAction(() => {
        this.lookup.remember({ publicId: created, ...input });
        this.placeRow({ publicId: created, ...input });
      });
      return { ok: true, publicId: created };
    }
    const result = await this.root.run(translations.updateMany([{ publicId, ...input }]));
    if (result._tag === "Failure") return this.saveFailed(result.failure);
    runInAction(() => {
      this.lookup.remember({ publicId, ...input });
      this.placeRow({ publicId, ...input });
    });
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
    runInAction(() => {
      this.lookup.forget(publicIds);
      this.rows = this.rows.filter((t) => !publicIds.includes(t.publicId));
    });
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
      report = { status: "applied", fileName, total: entries.length, ...result.success };
    }
    runInAction(() => {
      this.importing = false;
      this.importReport = report;
    });
    if (report.status === "applied") {
      await Promise.all([this.loadList(), this.lookup.refresh()]);
    }
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
