/**
 * The Custom fields screen (issue 12; manage:custom-fields): the global list (the platform's
 * global fields, read-only, and the company's), add and edit in a dialog, move a field up or down
 * (by keyboard as well as by mouse: one call renumbers the company's fields, core's reorder and
 * moveItem, one audit entry), and delete after a confirmation. Other screens read the fields of a
 * target from here (`fieldsOf`) to build their forms and filters.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { CustomProperty, CustomPropertyTarget } from "@portal/core/domain/CustomProperty";
import { allPages } from "@portal/core/ports/PortalApi";
import { moveItem, reorder } from "@portal/core/rules/ordering";
import type { GateState } from "./BootstrapStore";
import { CustomFieldForm } from "./CustomFieldForm";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "custom-fields";

export class CustomFieldsStore {
  fields: ReadonlyArray<CustomProperty> = [];
  state: GateState = "idle";
  dialog: CustomFieldForm | null = null;
  confirmingDelete: CustomProperty | null = null;
  deleting = false;
  /** A reorder is being saved: the move buttons wait. */
  moving = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      fields: observableRef, state: observable, dialog: observableRef, confirmingDelete: observableRef, deleting: observable, moving: observable,
      own: computed, openAdd: action, openEdit: action, closeDialog: action, askDelete: action, cancelDelete: action,
    });
  }

  /** The company's own fields (the ones it may change and reorder), in order. */
  get own(): ReadonlyArray<CustomProperty> {
    return this.fields.filter((f) => !f.global);
  }

  /** The fields of devices or of assets, in form order. */
  fieldsOf(target: CustomPropertyTarget): ReadonlyArray<CustomProperty> {
    return this.fields.filter((f) => f.target === target);
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(allPages((after) => this.root.ports.api.customFields.list({ pageSize: 1000, ...(after ? { pageAfter: after } : {}) })));
    runInAction(() => {
      if (result._tag === "Success") {
        this.fields = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      }
    });
  }

  /** Loads the list once (the device and asset pages need it to build their forms). */
  async ensureLoaded(): Promise<void> {
    if (this.state === "idle" || this.state === "failed") await this.load();
  }

  openAdd(): void {
    this.dialog = new CustomFieldForm(null, this.fields);
  }

  openEdit(field: CustomProperty): void {
    this.dialog = new CustomFieldForm(field, this.fields);
  }

  closeDialog(): void {
    if (!this.dialog?.saving) this.dialog = null;
  }

  async saveDialog(): Promise<void> {
    const dialog = this.dialog;
    if (!dialog || !dialog.canSave) return;
    runInAction(() => (dialog.saving = true));
    const api = this.root.ports.api.customFields;
    const result = dialog.editing === null ? await this.root.run(api.add(dialog.input)) : await this.root.run(api.update(dialog.editing.publicId, dialog.input));
    if (result._tag === "Failure") {
      runInAction(() => dialog.failed(result.failure, this.root.connectivity.isOnline));
      return;
    }
    runInAction(() => {
      if (this.dialog === dialog) this.dialog = null;
    });
    await this.load();
  }

  /**
   * Moves the company's field at `from` to `to` (indexes among the company's own fields: a drag,
   * or Move up / Move down); one call renumbers those whose order changes.
   */
  async move(from: number, to: number): Promise<void> {
    const own = this.own;
    if (this.moving || from === to || from < 0 || to < 0 || from >= own.length || to >= own.length) return;
    const next = reorder(moveItem(own, from, to));
    const changed = next.filter((f, i) => own.find((o) => o.publicId === f.publicId)?.order !== next[i]!.order);
    runInAction(() => {
      this.moving = true;
      // Shown at once; the list is reloaded from the server after the call either way.
      this.fields = [...this.fields.filter((f) => f.global), ...next].sort((a, b) => a.order - b.order);
    });
    const result = await this.root.run(this.root.ports.api.customFields.reorder(changed.map((f) => ({ publicId: f.publicId, order: f.order }))));
    runInAction(() => {
      this.moving = false;
      if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
    });
    await this.load();
  }

  askDelete(field: CustomProperty): void {
    this.confirmingDelete = field;
  }

  cancelDelete(): void {
    if (!this.deleting) this.confirmingDelete = null;
  }

  async confirmDelete(): Promise<void> {
    const field = this.confirmingDelete;
    if (!field || this.deleting) return;
    runInAction(() => (this.deleting = true));
    const result = await this.root.run(this.root.ports.api.customFields.remove(field.publicId));
    runInAction(() => {
      this.deleting = false;
      this.confirmingDelete = null;
      if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      else this.root.snackbars.show({ message: "CUSTOM_FIELD_DELETED", timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
    });
    if (result._tag === "Success") await this.load();
  }
}
