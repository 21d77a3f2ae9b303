/**
 * The Templates screen (issue 13; manage:templates): the backend component templates the company
 * sees (its own, and read-only those shared with it), add and edit (a TextForm; a company without
 * an mdr server gets 'Your company is not fully provisioned' for 3 s, spec 8), delete after a
 * confirmation, and one template opened at a time (TemplateDetail: config, shares, subscriptions,
 * log download). Created by the screen when it mounts.
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { BackendTemplate } from "@portal/core/domain/BackendTemplate";
import { allPages } from "@portal/core/ports/PortalApi";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";
import { TemplateDetail } from "./TemplateDetail";
import { TextForm } from "./TextForm";

export const TEMPLATES_SNACKBAR_KEY = "templates";

export class TemplatesStore {
  templates: ReadonlyArray<BackendTemplate> = [];
  state: GateState = "idle";
  form: TextForm<"name" | "description"> | null = null;
  detail: TemplateDetail | null = null;
  confirmingDelete: BackendTemplate | null = null;
  deleting = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      templates: observableRef, state: observable, form: observableRef, detail: observableRef, confirmingDelete: observableRef, deleting: observable,
      openAdd: action, openEdit: action, closeForm: action, open: action, closeDetail: action, askDelete: action, cancelDelete: action,
    });
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const api = this.root.ports.api.platform;
    const result = await this.root.run(allPages((after) => api.templates({ pageSize: 500, ...(after ? { pageAfter: after } : {}) })));
    runInAction(() => {
      if (result._tag === "Success") {
        this.templates = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        notifyFailure(this.root.snackbars, result.failure, "other", TEMPLATES_SNACKBAR_KEY);
      }
    });
  }

  openAdd(): void {
    this.form = new TextForm<"name" | "description">(null, { name: "", description: "" }, ["name"]);
  }

  openEdit(t: BackendTemplate): void {
    this.form = new TextForm<"name" | "description">(t.publicId, { name: t.name, description: t.description }, ["name"]);
  }

  closeForm(): void {
    if (!this.form?.saving) this.form = null;
  }

  async saveForm(): Promise<void> {
    const form = this.form;
    if (!form || !form.canSave) return;
    runInAction(() => (form.saving = true));
    const api = this.root.ports.api.platform;
    const draft = { name: form.values.name, description: form.values.description };
    const result = form.publicId === null ? await this.root.run(api.addTemplate(draft)) : await this.root.run(api.updateTemplate(form.publicId, draft));
    if (result._tag === "Failure") {
      runInAction(() => form.failed(result.failure, this.root.connectivity.isOnline));
      // Spec 8: a refused creation in a company that is not fully provisioned is a 3 s snackbar.
      if (form.publicId === null) {
        const notice = notifyFailure(this.root.snackbars, result.failure, "template.create", TEMPLATES_SNACKBAR_KEY);
        if (notice.situation === "companyNotProvisioned") runInAction(() => (form.failure = null));
      }
      return;
    }
    runInAction(() => {
      if (this.form === form) this.form = null;
    });
    await this.load();
  }

  open(t: BackendTemplate): void {
    this.detail = new TemplateDetail(this.root, t);
    void this.detail.load();
  }

  closeDetail(): void {
    if (this.detail?.canClose) this.detail = null;
  }

  askDelete(t: BackendTemplate): void {
    this.confirmingDelete = t;
  }

  cancelDelete(): void {
    if (!this.deleting) this.confirmingDelete = null;
  }

  async confirmDelete(): Promise<void> {
    const t = this.confirmingDelete;
    if (!t || this.deleting) return;
    runInAction(() => (this.deleting = true));
    const result = await this.root.run(this.root.ports.api.platform.removeTemplate(t.publicId));
    runInAction(() => {
      this.deleting = false;
      this.confirmingDelete = null;
    });
    if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", TEMPLATES_SNACKBAR_KEY);
    else await this.load();
  }
}
