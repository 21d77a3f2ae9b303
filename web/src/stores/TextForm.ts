/**
 * The state of a small form of text fields (a template's name and description, a config's JSON):
 * what the person typed (a failed save keeps it), whether it changed, the save in progress, the
 * issue of each field and the dialog message of a failed save (core's saveFailure).
 */
import { action, computed, makeObservable, observable } from "mobx";
import type { ErrorLike, Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";

export class TextForm<F extends string> {
  values: Record<F, string>;
  saving = false;
  issues: Partial<Record<string, string>> = {};
  failure: Message | null = null;

  constructor(
    /** What is edited (a publicId), or null when adding. */
    readonly publicId: string | null,
    readonly initial: Readonly<Record<F, string>>,
    /** The fields that must not be empty. */
    private readonly required: ReadonlyArray<F> = [],
  ) {
    this.values = { ...initial };
    makeObservable(this, { values: observable, saving: observable, issues: observable, failure: observable, dirty: computed, canSave: computed, set: action, failed: action, fail: action });
  }

  get dirty(): boolean {
    return (Object.keys(this.initial) as F[]).some((k) => this.values[k] !== this.initial[k]);
  }

  get canSave(): boolean {
    return !this.saving && this.required.every((f) => this.values[f].trim() !== "") && (this.publicId === null || this.dirty);
  }

  set(field: F, value: string): void {
    this.values[field] = value;
    delete this.issues[field];
    this.failure = null;
  }

  /** Shows why the save failed, keeping what was typed. */
  failed(error: ErrorLike, online: boolean): void {
    this.saving = false;
    const f = saveFailure(error, online);
    this.issues = Object.fromEntries(f.fieldIssues.filter((i) => i.propertyName).map((i) => [i.propertyName!, i.message]));
    this.failure = f.message ?? (Object.keys(this.issues).length === 0 && f.fieldIssues[0] ? { key: f.fieldIssues[0].message } : null);
  }

  /** A field's issue found before any call (a core rule said no). */
  fail(field: F, key: string): void {
    this.saving = false;
    this.issues = { ...this.issues, [field]: key };
  }
}
