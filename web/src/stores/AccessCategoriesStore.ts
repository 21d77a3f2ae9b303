/**
 * The Access categories screen (issue 11; audiences in data calls; manage:roles): the company's
 * categories with the default, add and rename through a name dialog, set or unset the default
 * (spec 7; a failure shows the first server message for 4 s, spec 8 "Set-default failure"), and
 * delete after a confirmation: 'Audience is still in use' shows 'access category is still in use'
 * for 4 s, other messages as given (spec 8, core's error catalogue).
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Audience } from "@portal/core/domain/Audience";
import { allPages } from "@portal/core/ports/PortalApi";
import type { GateState } from "./BootstrapStore";
import { NameDialog } from "./NameDialog";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "access-categories";

export class AccessCategoriesStore {
  categories: ReadonlyArray<Audience> = [];
  state: GateState = "idle";
  dialog: NameDialog | null = null;
  confirmingDelete: Audience | null = null;
  deleting = false;
  /** The category whose default flag is being changed. */
  changingDefault: string | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      categories: observableRef, state: observable, dialog: observableRef, confirmingDelete: observableRef, deleting: observable,
      changingDefault: observable, openAdd: action, openRename: action, closeDialog: action, askDelete: action, cancelDelete: action,
    });
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(allPages((after) => this.root.ports.api.audiences.list({ pageSize: 1000, ...(after ? { pageAfter: after } : {}) })));
    runInAction(() => {
      if (result._tag === "Success") {
        this.categories = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  openAdd(): void {
    this.dialog = new NameDialog(null, "");
  }

  openRename(category: Audience): void {
    this.dialog = new NameDialog(category.publicId, category.name ?? "");
  }

  closeDialog(): void {
    if (!this.dialog?.saving) this.dialog = null;
  }

  async saveDialog(): Promise<void> {
    const dialog = this.dialog;
    if (!dialog || dialog.saving || !dialog.canSave) return;
    runInAction(() => (dialog.saving = true));
    const api = this.root.ports.api.audiences;
    const result = dialog.publicId === null ? await this.root.run(api.add(dialog.name)) : await this.root.run(api.rename(dialog.publicId, dialog.name));
    if (result._tag === "Failure") {
      dialog.failed(result.failure, this.root.connectivity.isOnline);
      return;
    }
    runInAction(() => {
      if (this.dialog === dialog) this.dialog = null;
    });
    await this.load();
  }

  /** Makes the category the default, or unsets it when it already is. */
  async toggleDefault(category: Audience): Promise<void> {
    if (this.changingDefault !== null) return;
    runInAction(() => (this.changingDefault = category.publicId));
    const api = this.root.ports.api.audiences;
    const result = await this.root.run(category.default ? api.unsetDefault(category.publicId) : api.setDefault(category.publicId));
    runInAction(() => {
      this.changingDefault = null;
      if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "page.setDefault", SNACKBAR_KEY);
    });
    if (result._tag === "Success") await this.load();
  }

  askDelete(category: Audience): void {
    this.confirmingDelete = category;
  }

  cancelDelete(): void {
    if (!this.deleting) this.confirmingDelete = null;
  }

  async confirmDelete(): Promise<void> {
    const category = this.confirmingDelete;
    if (!category || this.deleting) return;
    runInAction(() => (this.deleting = true));
    const result = await this.root.run(this.root.ports.api.audiences.remove(category.publicId));
    runInAction(() => {
      this.deleting = false;
      this.confirmingDelete = null;
      if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "audience.remove", SNACKBAR_KEY);
    });
    if (result._tag === "Success") await this.load();
  }
}
