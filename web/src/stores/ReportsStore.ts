/**
 * The Reports screen (issue 13; manage:pages): the company's queued reports, newest first, with
 * their status live (REPORT_EVENT from the event stream reaches every member who may see reports;
 * the one who queued a report also hears when it is done or failed, with a snackbar), download of a done report's PDF, delete after a
 * confirmation, and the "Queue report" dialog (ReportQueueDialog).
 */
import { Effect } from "effect";
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { AgentView, Asset } from "@portal/core/domain/Device";
import type { Report } from "@portal/core/domain/Report";
import { allPages } from "@portal/core/ports/PortalApi";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import { ReportQueueDialog } from "./ReportQueueDialog";
import { PagesStore } from "./PagesStore";
import type { RootStore } from "./RootStore";
import { saveFileInBrowser } from "./saveFileInBrowser";

const SNACKBAR_KEY = "reports";

export class ReportsStore {
  reports: ReadonlyArray<Report> = [];
  state: GateState = "idle";
  dialog: ReportQueueDialog | null = null;
  devices: ReadonlyArray<AgentView> = [];
  assets: ReadonlyArray<Asset> = [];
  confirmingDelete: Report | null = null;
  busy = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      reports: observableRef, state: observable, dialog: observableRef, devices: observableRef, assets: observableRef, confirmingDelete: observableRef, busy: observable,
      closeDialog: action, askDelete: action, cancelDelete: action, changed: action, deleted: action,
    });
    root.events.on("report-changed", (report) => this.changed(report));
    root.events.on("report-deleted", (publicId) => this.deleted(publicId));
  }

  private get api() {
    return this.root.ports.api.reports;
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(allPages((after) => this.api.list({ pageSize: 500, ...(after ? { pageAfter: after } : {}) })));
    runInAction(() => {
      if (result._tag === "Success") {
        this.reports = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        this.root.snackbars.show({ message: this.root.messages.text("reports.loadFailed"), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  /** A report's new state from the event stream: replaces (or adds) its row; tells the one who queued it when it ended. */
  changed(report: Report): void {
    const known = this.reports.find((r) => r.publicId === report.publicId);
    this.reports = known ? this.reports.map((r) => (r.publicId === report.publicId ? report : r)) : [report, ...this.reports];
    // Everyone who may see reports follows the list; only the one who queued it is told it ended.
    if (known?.status === report.status || report.requestedBy?.publicId !== this.root.session.user?.publicId) return;
    if (report.status === "done") {
      this.root.snackbars.show({ message: this.root.messages.text("reports.done", { title: report.title }), timeoutMs: 4000, intent: "success", key: `report-${report.publicId}` });
    } else if (report.status === "failed") {
      this.root.snackbars.show({ message: this.root.messages.text("reports.failed", { title: report.title }), timeoutMs: 4000, intent: "danger", key: `report-${report.publicId}` });
    }
  }

  /** A report was deleted (here or in another session): its row goes, and a confirmation asked about it closes. */
  deleted(publicId: string): void {
    this.reports = this.reports.filter((r) => r.publicId !== publicId);
    if (this.confirmingDelete?.publicId === publicId && !this.busy) this.confirmingDelete = null;
  }

  /** Opens the dialog for a page (or none chosen yet), perhaps on a device or an asset, and loads the pages, devices and assets it offers. */
  async openQueue(pagePublicId = "", agentPublicId = "", assetPublicId = ""): Promise<void> {
    const now = Effect.runSync(this.root.ports.clock.now);
    runInAction(() => (this.dialog = new ReportQueueDialog(now, pagePublicId, agentPublicId, undefined, assetPublicId)));
    if (this.root.get(PagesStore).state !== "ready") void this.root.get(PagesStore).load();
    const api = this.root.ports.api.accessRequests;
    const [devices, assets] = await Promise.all([
      this.root.run(allPages((after) => api.agents({ pageSize: 1000, ...(after ? { pageAfter: after } : {}) }))),
      this.root.run(allPages((after) => api.assets({ pageSize: 1000, ...(after ? { pageAfter: after } : {}) }))),
    ]);
    runInAction(() => {
      if (devices._tag === "Success") this.devices = devices.success;
      if (assets._tag === "Success") this.assets = assets.success;
    });
  }

  closeDialog(): void {
    if (!this.dialog?.saving) this.dialog = null;
  }

  async queue(): Promise<boolean> {
    const dialog = this.dialog;
    if (!dialog || dialog.saving || !dialog.canSave) return false;
    runInAction(() => (dialog.saving = true));
    const result = await this.root.run(this.api.queue(dialog.body()));
    if (result._tag === "Failure") {
      runInAction(() => dialog.failed(result.failure, this.root.connectivity.isOnline));
      return false;
    }
    runInAction(() => {
      if (this.dialog === dialog) this.dialog = null;
    });
    this.root.snackbars.show({ message: this.root.messages.text("reports.queued"), timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
    await this.load();
    return true;
  }

  async download(report: Report): Promise<void> {
    const result = await this.root.run(this.api.download(report.publicId));
    if (result._tag === "Failure") {
      notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      return;
    }
    saveFileInBrowser(result.success.fileName, result.success.file);
  }

  askDelete(report: Report): void {
    this.confirmingDelete = report;
  }

  cancelDelete(): void {
    if (!this.busy) this.confirmingDelete = null;
  }

  async confirmDelete(): Promise<void> {
    const report = this.confirmingDelete;
    if (!report || this.busy) return;
    runInAction(() => (this.busy = true));
    const result = await this.root.run(this.api.remove(report.publicId));
    runInAction(() => {
      this.busy = false;
      this.confirmingDelete = null;
    });
    if (result._tag === "Failure") {
      notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      return;
    }
    await this.load();
  }
}
