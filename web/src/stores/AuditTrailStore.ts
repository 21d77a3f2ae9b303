/**
 * The audit trail of the selected company (use:audit-logs): entries newest first as the server
 * sends them, a page of AUDIT_TRAIL_PAGE_SIZE at a time with "Load more" following the API's
 * moreAfter cursor, a text filter on one column (the server's `contains`, so the fakes and the
 * server narrow alike), and the entry whose before/after is open. Failed loads go to the error
 * catalogue's snackbar.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { AuditLogEntry } from "@portal/core/domain/AuditLog";
import type { ListRequest } from "@portal/core/ports/PortalApi";
import type { Filter } from "@portal/core/wire/filters";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

/** Entries per call. */
export const AUDIT_TRAIL_PAGE_SIZE = 50;
/** Typing pauses this long before the list is asked for again, so a word is one call, not one per letter. */
export const AUDIT_FILTER_DELAY_MS = 300;
/** The columns the filter can search; both are text columns the server lets `contains` filter. */
export const AUDIT_FILTER_COLUMNS = ["topic", "action"] as const;
export type AuditFilterColumn = (typeof AUDIT_FILTER_COLUMNS)[number];

const SNACKBAR_KEY = "audit-trail";

export class AuditTrailStore {
  entries: ReadonlyArray<AuditLogEntry> = [];
  moreAfter: string | null = null;
  /** The first page: "failed" when it could not be loaded (the snackbar said why). */
  state: GateState = "idle";
  loadingMore = false;
  filterColumn: AuditFilterColumn = "topic";
  filterText = "";
  selectedId: string | null = null;
  /** Bumped by every first-page load: answers of an older filter or company are dropped. */
  private generation = 0;
  private current: Promise<void> = Promise.resolve();
  /** The company of the list shown, and the company plus filter it was asked for with. */
  private loadedFor: string | null = null;
  private loadedKey: string | null = null;
  /** The request of the list shown: "Load more" continues it even while a new filter is being typed. */
  private shownRequest: ListRequest = {};
  private filterTimer: unknown = null;

  constructor(private readonly root: RootStore) {
    makeObservable<AuditTrailStore, "generation" | "current" | "loadedFor" | "loadedKey" | "shownRequest" | "filterTimer">(this, {
      generation: false, current: false, loadedFor: false, loadedKey: false, shownRequest: false, filterTimer: false,
      entries: observableRef, moreAfter: observable, state: observable, loadingMore: observable,
      filterColumn: observable, filterText: observable, selectedId: observable,
      canLoadMore: computed, selected: computed, isFiltered: computed,
      setFilterText: action, setFilterColumn: action, select: action,
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
    return this.filterText.trim() !== "";
  }

  /**
   * Loads the first page unless it is loaded or loading for this company and filter; a company
   * switch starts again from an empty list, and a failed load is tried again.
   */
  ensure(): Promise<void> {
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
    this.shownRequest = this.request();
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
   * Changes the filter text; once typing pauses (AUDIT_FILTER_DELAY_MS) the list is asked for
   * again if what it asks for changed (blanks around the text do not count).
   */
  setFilterText(text: string): void {
    this.filterText = text;
    this.cancelFilterTimer();
    this.filterTimer = this.root.timers.setTimeout(() => {
      this.filterTimer = null;
      void this.ensure();
    }, AUDIT_FILTER_DELAY_MS);
  }

  /** Changes the filtered column; with text in the filter the list is asked for again at once. */
  setFilterColumn(column: AuditFilterColumn): void {
    this.filterColumn = column;
    this.cancelFilterTimer();
    void this.ensure();
  }

  /** Opens the detail of an entry, or closes it with null. */
  select(publicId: string | null): void {
    this.selectedId = publicId;
  }

  /** Drops a pending filter reload (leaving the screen). */
  dispose(): void {
    this.cancelFilterTimer();
  }

  /** What a list is asked for with: without filter text the column does not matter. */
  private keyFor(company: string | null): string {
    const text = this.filterText.trim();
    return JSON.stringify(text === "" ? [company] : [company, this.filterColumn, text]);
  }

  private request(): ListRequest {
    const text = this.filterText.trim();
    const filters: Filter[] = text === "" ? [] : [{ op: "contains", column: this.filterColumn, values: [text] }];
    return { pageSize: AUDIT_TRAIL_PAGE_SIZE, ...(filters.length > 0 ? { filters } : {}) };
  }

  private cancelFilterTimer(): void {
    if (this.filterTimer !== null) this.root.timers.clearTimeout(this.filterTimer);
    this.filterTimer = null;
  }
}
