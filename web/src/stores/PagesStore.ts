/**
 * The Pages screen (issue 13; manage:pages): report templates and dashboard pages with create,
 * rename / icon / period (PageDialog, saved on both versions so the list shows it at once), set
 * default, duplicate (published only: core's catalogue shows 'Cannot duplicate a non-published
 * page' for 4 s), delete after a confirmation, export to a file and import one back (a refused
 * file shows the reason and nothing changes).
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import { PAGE_LIST_PER_DEVICE_PAGE_SIZE } from "@portal/core/constants";
import type { Page, PageVersion } from "@portal/core/domain/Page";
import { allPages } from "@portal/core/ports/PortalApi";
import { firstServerMessage } from "@portal/core/rules/errorCatalogue";
import { pageFileName } from "@portal/core/rules/pageFile";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import { PageDialog } from "./PageDialog";
import type { RootStore } from "./RootStore";
import { saveFileInBrowser } from "./saveFileInBrowser";

const SNACKBAR_KEY = "pages";

/** The version a row shows: the published one, else the draft. */
export const shownVersion = (page: Page): PageVersion | null => page.published ?? page.draft;

export class PagesStore {
  pages: ReadonlyArray<Page> = [];
  state: GateState = "idle";
  dialog: PageDialog | null = null;
  confirmingDelete: Page | null = null;
  busy = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      pages: observableRef, state: observable, dialog: observableRef, confirmingDelete: observableRef, busy: observable,
      openAdd: action, openEdit: action, closeDialog: action, askDelete: action, cancelDelete: action,
    });
  }

  private get api() {
    return this.root.ports.api.pages;
  }

  private done(key: string): void {
    this.root.snackbars.show({ message: this.root.messages.text(key), timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(allPages((after) => this.api.list({ pageSize: 1000, ...(after ? { pageAfter: after } : {}) })));
    runInAction(() => {
      if (result._tag === "Success") {
        this.pages = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        this.root.snackbars.show({ message: this.root.messages.text("pages.loadFailed"), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  /**
   * The published pages a device (or an asset) shows, asked at page-size
   * PAGE_LIST_PER_DEVICE_PAGE_SIZE (spec 9: 4000). Answers null when the call failed.
   */
  async pagesFor(target: "agent" | "asset", publicId: string): Promise<ReadonlyArray<Page> | null> {
    const request = { pageSize: PAGE_LIST_PER_DEVICE_PAGE_SIZE };
    const result = await this.root.run(target === "agent" ? this.api.listForAgent(publicId, request) : this.api.listForAsset(publicId, request));
    return result._tag === "Success" ? result.success.data : null;
  }

  openAdd(): void {
    this.dialog = new PageDialog(null);
  }

  openEdit(page: Page): void {
    this.dialog = new PageDialog(page);
  }

  closeDialog(): void {
    if (!this.dialog?.saving) this.dialog = null;
  }

  /** Creates the page, or writes title, icon and period into each version it has. */
  async saveDialog(): Promise<string | null> {
    const dialog = this.dialog;
    if (!dialog || dialog.saving || !dialog.canSave) return null;
    runInAction(() => (dialog.saving = true));
    const f = dialog.form;
    const custom = { glbMatIcon: f.icon === "" ? null : f.icon };
    const page = dialog.page;
    const apply = (v: PageVersion | null) => (v ? { ...v, title: f.title.trim(), custom, periodSpec: f.periodSpec.trim() } : undefined);
    const result = page === null
      ? await this.root.run(this.api.create({ title: f.title.trim(), kind: f.kind, custom, periodSpec: f.periodSpec.trim() }))
      : await this.root.run(this.api.update(page.publicId, {
        ...(page.draft ? { draft: apply(page.draft)! } : {}), ...(page.published ? { published: apply(page.published)! } : {}),
      } as Parameters<typeof this.api.update>[1]));
    if (result._tag === "Failure") {
      dialog.failed(result.failure, this.root.connectivity.isOnline);
      return null;
    }
    runInAction(() => {
      if (this.dialog === dialog) this.dialog = null;
    });
    await this.load();
    return page?.publicId ?? (result.success as { publicId: string }).publicId;
  }

  async duplicate(page: Page): Promise<void> {
    const result = await this.root.run(this.api.duplicate(page.publicId));
    if (result._tag === "Failure") {
      notifyFailure(this.root.snackbars, result.failure, "page.duplicate", SNACKBAR_KEY);
      return;
    }
    this.done("pages.duplicated");
    await this.load();
  }

  async setDefault(page: Page): Promise<void> {
    const result = await this.root.run(this.api.setDefault(page.publicId));
    if (result._tag === "Failure") {
      notifyFailure(this.root.snackbars, result.failure, "page.setDefault", SNACKBAR_KEY);
      return;
    }
    this.done("pages.defaultSet");
    await this.load();
  }

  askDelete(page: Page): void {
    this.confirmingDelete = page;
  }

  cancelDelete(): void {
    if (!this.busy) this.confirmingDelete = null;
  }

  async confirmDelete(): Promise<void> {
    const page = this.confirmingDelete;
    if (!page || this.busy) return;
    runInAction(() => (this.busy = true));
    const result = await this.root.run(this.api.remove(page.publicId));
    runInAction(() => {
      this.busy = false;
      this.confirmingDelete = null;
    });
    if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
    else await this.load();
  }

  /** Downloads the page's export file; answers its name (null when the call failed). */
  async exportPage(page: Page): Promise<string | null> {
    const result = await this.root.run(this.api.exportFile(page.publicId));
    if (result._tag === "Failure") {
      notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      return null;
    }
    const name = pageFileName(result.success.page.title);
    saveFileInBrowser(name, new Blob([JSON.stringify(result.success, null, 2)], { type: "application/json" }));
    return name;
  }

  /** Imports an export file's text; a refused file shows the server's reason and changes nothing. Answers the new page's id. */
  async importText(text: string): Promise<string | null> {
    const result = await this.root.run(this.api.importFile(text));
    if (result._tag === "Failure") {
      const f = result.failure;
      if (f._tag === "InvalidInput") this.root.snackbars.show({ message: firstServerMessage(f), timeoutMs: 6000, intent: "danger", key: SNACKBAR_KEY });
      else notifyFailure(this.root.snackbars, f, "other", SNACKBAR_KEY);
      return null;
    }
    this.done("pages.imported");
    await this.load();
    return result.success.publicId;
  }
}
