/**
 * The state of a one-field "name" dialog (add or rename a role or an access category): what the
 * person typed, whether it changed, the save in progress and what a failed save said. A failed
 * save keeps the typed name (issue "lost work"); the field's issue and the dialog's message come
 * from core's saveFailure.
 */
import { action, makeObservable, observable } from "mobx";
import type { Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import type { ErrorLike } from "@portal/core/messages/messages";

export class NameDialog {
  name: string;
  saving = false;
  fieldIssue: string | null = null;
  failure: Message | null = null;

  constructor(
    /** The publicId of what is renamed; null when adding. */
    readonly publicId: string | null,
    readonly initialName: string,
  ) {
    this.name = initialName;
    makeObservable(this, { name: observable, saving: observable, fieldIssue: observable, failure: observable, setName: action, failed: action });
  }

  setName(name: string): void {
    this.name = name;
    this.fieldIssue = null;
  }

  get dirty(): boolean {
    return this.name !== this.initialName;
  }

  get canSave(): boolean {
    return this.name.trim() !== "" && (this.publicId === null || this.dirty);
  }

  /** Shows why the save failed, keeping what was typed. */
  failed(error: ErrorLike, online: boolean): void {
    this.saving = false;
    const f = saveFailure(error, online);
    this.fieldIssue = f.fieldIssues.find((i) => i.propertyName === "name")?.message ?? null;
    this.failure = f.message ?? (this.fieldIssue === null && f.fieldIssues[0] ? { key: f.fieldIssues[0].message } : null);
  }
}
