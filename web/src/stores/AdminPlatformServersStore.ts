/**
 * Platform servers in the platform administrators' tools (issue 13; spec 2 and 3): every
 * company's servers, the add/edit dialog (PlatformServerDialog: judged by core's rule first, a
 * failed save keeps what was typed) and removing one after a confirmation. A screen store
 * (`useStore(AdminPlatformServersStore)`): the Platform tools screen loads it when it mounts.
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { AdminPlatformServer } from "@portal/core/domain/Platform";
import type { GateState } from "./BootstrapStore";
import { PlatformServerDialog } from "./PlatformServerDialog";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "platform-servers-admin";

export class AdminPlatformServersStore {
  servers: ReadonlyArray<AdminPlatformServer> = [];
  state: GateState = "idle";
  dialog: PlatformServerDialog | null = null;
  confirmingDelete: AdminPlatformServer | null = null;
  deleting = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      servers: observableRef, state: observable, dialog: observableRef, confirmingDelete: observableRef, deleting: observable,
      openAdd: action, openEdit: action, closeDialog: action, askDelete: action, cancelDelete: action,
    });
  }

  private get api() {
    return this.root.ports.api.admin;
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(this.api.platformServers());
    runInAction(() => {
      if (result._tag === "Success") {
        this.servers = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  openAdd(): void {
    this.dialog = new PlatformServerDialog(null);
  }

  openEdit(server: AdminPlatformServer): void {
    this.dialog = new PlatformServerDialog(server);
  }

  closeDialog(): void {
    if (!this.dialog?.saving) this.dialog = null;
  }

  /** Judges the form with core's rule, then creates or changes the server; a failure keeps the dialog open with what was typed. */
  async saveDialog(): Promise<void> {
    const dialog = this.dialog;
    if (!dialog || dialog.saving || !dialog.canSave) return;
    const fields = dialog.judge();
    if (fields === null) return;
    runInAction(() => {
      dialog.saving = true;
      dialog.failure = null;
    });
    const result = dialog.publicId === null
      ? await this.root.run(this.api.createPlatformServer(fields))
      : await this.root.run(this.api.changePlatformServer(dialog.publicId, fields));
    if (result._tag === "Failure") {
      runInAction(() => dialog.failed(result.failure, this.root.connectivity.isOnline));
      return;
    }
    runInAction(() => {
      if (this.dialog === dialog) this.dialog = null;
      this.root.snackbars.show({
        message: dialog.publicId === null ? `The platform server ${fields.name} is added.` : `The platform server ${fields.name} is saved.`,
        timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY,
      });
    });
    await this.load();
  }

  askDelete(server: AdminPlatformServer): void {
    this.confirmingDelete = server;
  }

  cancelDelete(): void {
    if (!this.deleting) this.confirmingDelete = null;
  }

  async confirmDelete(): Promise<void> {
    const server = this.confirmingDelete;
    if (!server || this.deleting) return;
    runInAction(() => (this.deleting = true));
    const result = await this.root.run(this.api.deletePlatformServer(server.publicId));
    runInAction(() => {
      this.deleting = false;
      this.confirmingDelete = null;
      if (result._tag === "Success") {
        this.servers = this.servers.filter((s) => s.publicId !== server.publicId);
        this.root.snackbars.show({ message: `The platform server ${server.name} is removed.`, timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
      } else {
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }
}
