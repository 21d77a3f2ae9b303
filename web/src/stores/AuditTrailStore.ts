/**
 * The audit trail of the selected company (use:audit-logs): entries newest first as the server
 * sends them, a page of AUDIT_TRAIL_PAGE_SIZE at a time with "Load more" following the API's
 * moreAfter cursor, filters on action, topic, actor and a range of days in the user's time zone
 * (core's auditDayRange; the server applies them in SQL), the CSV export with the same filters,
 * and the entry whose before/after is open. Failed loads go to the error catalogue's snackbar.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { AuditAction, AuditLogEntry } from "@portal/core/domain/AuditLog";
import type { ListRequest } from "@portal/core/ports/PortalApi";
import { auditDayRange } from "@portal/core/rules/auditRange";
import type { Filter } from "@portal/core/wire/filters";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

/** Entries per call. */
export const AUDIT_TRAIL_PAGE_SIZE = 50;
/** Typing pauses this long before the list is asked for again, so a word is one call, not one per letter. */
export const AUDIT_FILTER_DELAY_MS = 300;

/** What the filter controls hold: an action or "" for all, texts, and `YYYY-MM-DD` days or "". */
export interface AuditFilterForm {
  readonly action: AuditAction | "";
  readonly topic: string;
  readonly actor: string;
  readonly fromDay: string;
  readonly toDay: string;
}
export type AuditFilterKey = keyof AuditFilterForm;

export const EMPTY_AUDIT_FILTER: AuditFilterForm = { action: "", topic: "", actor: "", fromDay: "", toDay: "" };
/** Typed filters wait for a pause; choices apply at once. */
const TYPED: ReadonlySet<AuditFilterKey> = new Set(["topic", "actor"]);

const SNACKBAR_KEY = "audit-trail";

/** Saves a downloaded file in the browser; injected so tests can see what would be saved. */
export type SaveFile = (fileName: string, file: Blob) => void;

export class AuditTrailStore {
  entries: ReadonlyArray<AuditLogEntry> = [];
  moreAfter: string | null = null;
  /** The first page: "failed" when it could not be loaded (the snackbar said why). */
  state: GateState = "idle";
  loadingMore = false;
  filter: AuditFilterForm = EMPTY_AUDIT_FILTER;
  selectedId: string | null = null;
  exporting = false;
  /** Bumped by every first-page load: answers of an older filter or company are dropped. */
  private generation = 0;
  private current: Promise<void> = Promise.resolve();
  /** The company of the list shown, and the company plus filter it was asked for with. */
  private loadedFor: string | null = null;
  private loadedKey: string | null = null;
  /** The request of the list shown: "Load more" continues it even while a new filter is being typed. */
  private shownRequest: ListRequest = {};
  private filterTimer: unknown = null;

  constructor(private readonly root: RootStore, private readonly saveFile: SaveFile = root.saveFile) {
    makeObservable<AuditTrailStore, "generation" | "current" | "loadedFor" | "loadedKey" | "shownRequest" | "filterTimer">(this, {
      generation: false, current: false, loadedFor: false, loadedKey: false, shownRequest: false, filterTimer: false,
      entries: observableRef, moreAfter: observable, state: observable, loadingMore: observable,
      filter: observableRef, selectedId: observable, exporting: observable,
      canLoadMore: computed, selected: computed, isFiltered: computed, rangeInvalid: computed, filters: computed,
      setFilter: action, clearFilters: action, select: action,
    });
  }

  /** Whether the server has entries after the last one shown, and none is being fetched. */
  get canLoadMore(): boolean {
    return this.moreAfter !== null && this.state === "ready" && !this.loadingMore;
  }

  /** The entry whose detail is open; undefined when none is, or it left the list. */
  get selected(): AuditLogEntry | undefined {
    return this.selectedId === null ? undefined : this.entries.find((e) => e.publicId === this.selectedId);
  }

  get isFiltered(): boolean {
    return this.filters.length > 0;
  }

  /** The days picked do not make a range (the first after the last, or not a day): nothing is asked. */
  get rangeInvalid(): boolean {
    return this.range() === null;
  }

  /** The `filters` of the list and the export for the form (blank texts and open days ask nothing). */
  get filters(): ReadonlyArray<Filter> {
    const f = this.filter;
    const out: Filter[] = [];
    if (f.action !== "") out.push({ op: "eq", column: "action", values: [f.action] });
    if (f.topic.trim() !== "") out.push({ op: "contains", column: "topic", values: [f.topic.trim()] });
    if (f.actor.trim() !== "") out.push({ op: "contains", column: "actor.name", values: [f.actor.trim()] });
    const range = this.range();
    if (range?.from) out.push({ op: "gte", column: "createdOn", values: [range.from] });
    if (range?.until) out.push({ op: "lt", column: "createdOn", values: [range.until] });
    return out;
  }

  /**
   * Loads the first page unless it is loaded or loading for this company and filter; a company
   * switch starts again from an empty list, and a failed load is tried again.
   */
  ensure(): Promise<void> {
    if (this.rangeInvalid) return this.current;
    const company = this.root.session.selectedCompanyId;
    if (this.loadedKey === this.keyFor(company) && (this.state === "pending" || this.state === "ready")) return this.current;
    if (this.loadedFor !== company) {
      runInAction(() => {
        this.entries = [];
        this.moreAfter = null;
        this.selectedId = null;
      });
    }
    return this.reload();
  }

  /** Loads the first page with the current filter, replacing the list. */
  reload(): Promise<void> {
    this.cancelFilterTimer();
    const company = this.root.session.selectedCompanyId;
    this.loadedFor = company;
    this.loadedKey = this.keyFor(company);
    this.shownRequest = { pageSize: AUDIT_TRAIL_PAGE_SIZE, ...(this.filters.length > 0 ? { filters: this.filters } : {}) };
    this.current = this.fetchFirstPage(++this.generation);
    return this.current;
  }

  private async fetchFirstPage(generation: number): Promise<void> {
    runInAction(() => {
      this.state = "pending";
      this.loadingMore = false;
    });
    const result = await this.root.run(this.root.ports.api.auditLogs.list(this.shownRequest));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.entries = result.success.data;
        this.moreAfter = result.success.moreAfter;
        this.state = "ready";
      } else {
        this.entries = [];
        this.moreAfter = null;
        this.state = "failed";
        notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      }
    });
  }

  /** Appends the next page after moreAfter. A failure keeps what is shown, so it can be tried again. */
  async loadMore(): Promise<void> {
    if (!this.canLoadMore || this.moreAfter === null) return;
    const generation = this.generation;
    const pageAfter = this.moreAfter;
    runInAction(() => (this.loadingMore = true));
    const result = await this.root.run(this.root.ports.api.auditLogs.list({ ...this.shownRequest, pageAfter }));
    if (generation !== this.generation) return;
    runInAction(() => {
      this.loadingMore = false;
      if (result._tag === "Success") {
        this.entries = [...this.entries, ...result.success.data];
        this.moreAfter = result.success.moreAfter;
      } else {
        notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      }
    });
  }

  /**
   * Changes one filter control. Typed texts ask again once typing pauses (AUDIT_FILTER_DELAY_MS),
   * choices at once; only a change in what is asked for (not blanks around a text) calls the server.
   */
  setFilter<K extends AuditFilterKey>(key: K, value: AuditFilterForm[K]): void {
    this.filter = { ...this.filter, [key]: value };
    this.cancelFilterTimer();
    if (!TYPED.has(key)) {
      void this.ensure();
      return;
    }
    this.filterTimer = this.root.timers.setTimeout(() => {
      this.filterTimer = null;
      void this.ensure();
    }, AUDIT_FILTER_DELAY_MS);
  }

  /** Empties every filter and shows the whole trail. */
  clearFilters(): void {
    this.filter = EMPTY_AUDIT_FILTER;
    this.cancelFilterTimer();
    void this.ensure();
  }

  /** Downloads every entry passing the filters as CSV (the server streams it) and saves the file. */
  async exportCsv(): Promise<void> {
    if (this.exporting || this.rangeInvalid) return;
    runInAction(() => (this.exporting = true));
    const result = await this.root.run(this.root.ports.api.auditLogs.exportCsv(this.filters));
    runInAction(() => (this.exporting = false));
    if (result._tag === "Success") {
      this.saveFile(result.success.fileName, result.success.file);
      this.root.snackbars.show({ message: "AUDIT_EXPORT_SAVED", params: { name: result.success.fileName }, timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
    } else {
      notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
    }
  }

  /** Opens the detail of an entry, or closes it with null. */
  select(publicId: string | null): void {
    this.selectedId = publicId;
  }

  /** Drops a pending filter reload (leaving the screen). */
  dispose(): void {
    this.cancelFilterTimer();
  }

  private range() {
    const zone = this.root.session.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    return auditDayRange(this.filter.fromDay, this.filter.toDay, zone);
  }

  /** What a list is asked for with. */
  private keyFor(company: string | null): string {
    return JSON.stringify([company, this.filters]);
  }

  private cancelFilterTimer(): void {
    if (this.filterTimer !== null) this.root.timers.clearTimeout(this.filterTimer);
    this.filterTimer = null;
  }
}
