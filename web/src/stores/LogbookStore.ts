/**
 * The service logbook of one device as a logbook component shows it (issue 13): the entries
 * (newest first), the new entry being typed and its category, add and delete. A failed add keeps
 * what was typed and says why (core's catalogue); the rules (blank text, who may delete) are the
 * server's, from core's rules/serviceLogbook.ts, and the draft is checked by the same rule first.
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { LogbookEntry } from "@portal/core/domain/DeviceRecords";
import { normaliseLogbookEntry } from "@portal/core/rules/serviceLogbook";
import type { RootStore } from "./RootStore";

export class LogbookStore {
  entries: ReadonlyArray<LogbookEntry> = [];
  state: "idle" | "loading" | "loaded" | "failed" = "idle";
  text = "";
  category = "";
  /** The catalogue sentence of the last failed add or delete; null when there is none. */
  error: string | null = null;
  busy = false;

  constructor(private readonly root: RootStore, readonly agentPublicId: string) {
    makeObservable(this, {
      entries: observableRef, state: observable, text: observable, category: observable, error: observable, busy: observable,
      setText: action, setCategory: action,
    });
  }

  setText(text: string): void {
    this.text = text;
    this.error = null;
  }

  setCategory(category: string): void {
    this.category = category;
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "loading"));
    const result = await this.root.run(this.root.ports.api.deviceRecords.logbook(this.agentPublicId, { pageSize: 100 }));
    runInAction(() => {
      if (result._tag === "Success") {
        this.entries = result.success.data;
        this.state = "loaded";
      } else {
        this.state = "failed";
      }
    });
  }

  /** Adds the typed entry; on success the fields empty, on failure they keep what was typed. */
  async add(): Promise<boolean> {
    const checked = normaliseLogbookEntry({ text: this.text, category: this.category });
    if (!checked.ok) {
      runInAction(() => (this.error = this.root.messages.text(checked.issues[0]!.message)));
      return false;
    }
    runInAction(() => (this.busy = true));
    const result = await this.root.run(this.root.ports.api.deviceRecords.addLogbookEntry(this.agentPublicId, { text: checked.text, category: checked.category }));
    runInAction(() => {
      this.busy = false;
      if (result._tag === "Success") {
        this.entries = [result.success, ...this.entries];
        this.text = "";
        this.error = null;
      } else {
        this.error = this.root.messages.ofError(result.failure);
      }
    });
    if (result._tag === "Success") this.root.snackbars.show({ message: "LOGBOOK_ENTRY_ADDED", timeoutMs: 3000, intent: "success", key: "logbook" });
    return result._tag === "Success";
  }

  async remove(publicId: string): Promise<void> {
    const result = await this.root.run(this.root.ports.api.deviceRecords.removeLogbookEntry(publicId));
    runInAction(() => {
      if (result._tag === "Success") {
        this.entries = this.entries.filter((e) => e.publicId !== publicId);
        this.error = null;
      } else {
        this.error = this.root.messages.ofError(result.failure);
      }
    });
    if (result._tag === "Success") this.root.snackbars.show({ message: "LOGBOOK_ENTRY_DELETED", timeoutMs: 3000, key: "logbook" });
  }
}
