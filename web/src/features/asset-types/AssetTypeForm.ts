/**
 * The state of the asset type add/rename dialog (spec section 5): core's validateAssetTypeInput
 * (REQUIRED, max 255) decides; submit is disabled while pristine or invalid, as for group types.
 */
import { Result } from "effect";
import { action, computed, makeObservable, observable, observableRef } from "mobx";
import type { AssetType } from "@portal/core/domain/AssetType";
import type { ValidationIssue } from "@portal/core/errors";
import { validateAssetTypeInput } from "@portal/core/rules/assetTypes";
import { isGroupTypeFormSubmittable } from "@portal/core/rules/groupTypes";

export class AssetTypeForm {
  name: string;
  touched = false;
  serverIssues: ReadonlyArray<ValidationIssue> = [];
  submitting = false;
  private readonly initial: string;

  constructor(readonly editing?: AssetType) {
    this.initial = editing?.name ?? "";
    this.name = this.initial;
    makeObservable<AssetTypeForm, "issue">(this, {
      name: observable, touched: observable, serverIssues: observableRef, submitting: observable,
      issue: computed, dirty: computed, canSubmit: computed, nameError: computed, setName: action, touch: action, setServerIssues: action, setSubmitting: action,
    });
  }

  private get issue(): string | null {
    const result = validateAssetTypeInput({ name: this.name });
    return Result.isSuccess(result) ? null : (result.failure._tag === "InvalidInput" ? result.failure.issues[0]?.message : result.failure.message) ?? null;
  }

  /** The name differs from what the dialog opened with. */
  get dirty(): boolean {
    return this.name !== this.initial;
  }

  /** The same submit rule as the group type dialog: never while pristine or invalid. */
  get canSubmit(): boolean {
    const valid = this.issue === null && this.serverIssues.length === 0;
    return !this.submitting && isGroupTypeFormSubmittable({ pristine: this.name === this.initial, valid });
  }

  get nameError(): string | null {
    return this.serverIssues[0]?.message ?? (this.touched ? this.issue : null);
  }

  setName(value: string): void {
    this.name = value;
    this.touched = true;
    this.serverIssues = [];
  }
  touch(): void {
    this.touched = true;
  }
  setServerIssues(issues: ReadonlyArray<ValidationIssue>): void {
    this.serverIssues = issues;
  }
  setSubmitting(value: boolean): void {
    this.submitting = value;
  }
}
