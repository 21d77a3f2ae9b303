/**
 * The Roles screen (issue 11, manage:roles): the company's roles with their member counts, add and
 * rename through a name dialog, delete after a confirmation (refused while held: ROLE_IN_USE), and
 * the rights editor: the selected role's rights as a draft of checkboxes (core's rightsTable and
 * toggleRight), saved with one PATCH. A failed save keeps the draft and says why (LAST_ADMINISTRATOR
 * among others). Saving my own role's rights reloads my rights, so my menu follows at once; other
 * members' menus follow through the "rights-changed" event (EventStreamStore).
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Right } from "@portal/core/domain/Right";
import type { Role } from "@portal/core/domain/Role";
import { allPages } from "@portal/core/ports/PortalApi";
import { toggleRight } from "@portal/core/rules/roles";
import type { GateState } from "./BootstrapStore";
import { NameDialog } from "./NameDialog";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "roles";

export class RolesStore {
  roles: ReadonlyArray<Role> = [];
  state: GateState = "idle";
  selectedId: string | null = null;
  /** The rights editor's checkboxes; null while nothing is changed. */
  draft: ReadonlyArray<Right> | null = null;
  savingRights = false;
  dialog: NameDialog | null = null;
  confirmingDelete: Role | null = null;
  deleting = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      roles: observableRef, state: observable, selectedId: observable, draft: observableRef, savingRights: observable,
      dialog: observableRef, confirmingDelete: observableRef, deleting: observable,
      selected: computed, rights: computed, isDirty: computed,
      select: action, toggle: action, discardDraft: action, openAdd: action, openRename: action, closeDialog: action,
      askDelete: action, cancelDelete: action,
    });
    // A role changed: an open Roles screen shows the change.
    root.events.on("rights-changed", () => void (this.state === "ready" && this.load()));
  }

  get selected(): Role | undefined {
    return this.roles.find((r) => r.publicId === this.selectedId) ?? this.roles[0];
  }

  /** The rights the editor shows: the draft, else the selected role's. */
  get rights(): ReadonlyArray<Right> {
    return this.draft ?? this.selected?.rights ?? [];
  }

  get isDirty(): boolean {
    return this.draft !== null && this.draft.join(",") !== (this.selected?.rights ?? []).join(",");
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(allPages((after) => this.root.ports.api.roles.list({ pageSize: 1000, ...(after ? { pageAfter: after } : {}) })));
    runInAction(() => {
      if (result._tag === "Success") {
        this.roles = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  /** Selects a role; unsaved rights of the previous one are dropped (the page asks first). */
  select(publicId: string): void {
    this.selectedId = publicId;
    this.draft = null;
  }

  toggle(right: Right, on: boolean): void {
    this.draft = toggleRight(this.rights, right, on);
  }

  discardDraft(): void {
    this.draft = null;
  }

  async saveRights(): Promise<boolean> {
    const role = this.selected;
    if (!role || this.draft === null || this.savingRights) return false;
    runInAction(() => (this.savingRights = true));
    const result = await this.root.run(this.root.ports.api.roles.update(role.publicId, { rights: [...this.draft] }));
    runInAction(() => {
      this.savingRights = false;
      if (result._tag === "Success") {
        this.roles = this.roles.map((r) => (r.publicId === role.publicId ? result.success : r));
        this.draft = null;
        this.root.snackbars.show({ message: "ROLE_RIGHTS_SAVED", timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
      } else {
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
    if (result._tag === "Success") await this.root.session.refreshRights();
    return result._tag === "Success";
  }

  openAdd(): void {
    this.dialog = new NameDialog(null, "");
  }

  openRename(role: Role): void {
    this.dialog = new NameDialog(role.publicId, role.name);
  }

  closeDialog(): void {
    if (!this.dialog?.saving) this.dialog = null;
  }

  async saveDialog(): Promise<void> {
    const dialog = this.dialog;
    if (!dialog || dialog.saving || !dialog.canSave) return;
    runInAction(() => (dialog.saving = true));
    const api = this.root.ports.api.roles;
    const result = dialog.publicId === null
      ? await this.root.run(api.add({ name: dialog.name }))
      : await this.root.run(api.update(dialog.publicId, { name: dialog.name }));
    if (result._tag === "Failure") {
      dialog.failed(result.failure, this.root.connectivity.isOnline);
      return;
    }
    runInAction(() => {
      if (this.dialog === dialog) this.dialog = null;
      if (dialog.publicId === null) this.selectedId = (result.success as { publicId: string }).publicId;
    });
    await this.load();
  }

  askDelete(role: Role): void {
    this.confirmingDelete = role;
  }

  cancelDelete(): void {
    if (!this.deleting) this.confirmingDelete = null;
  }

  async confirmDelete(): Promise<void> {
    const role = this.confirmingDelete;
    if (!role || this.deleting) return;
    runInAction(() => (this.deleting = true));
    const result = await this.root.run(this.root.ports.api.roles.remove(role.publicId));
    runInAction(() => {
      this.deleting = false;
      this.confirmingDelete = null;
      if (result._tag === "Failure") {
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      } else if (this.selectedId === role.publicId) {
        this.selectedId = null;
        this.draft = null;
      }
    });
    if (result._tag === "Success") await this.load();
  }
}
