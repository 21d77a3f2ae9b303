/**
 * The add/edit dialog of a custom field: what the person typed (options one per line), whether it
 * changed, the issues core's rule finds as they type (validateCustomProperty, the same rule the
 * server runs), the save in progress and what a failed save said. A failed save keeps every value.
 */
import { action, computed, makeObservable, observable, observableRef } from "mobx";
import { Result } from "effect";
import type { CustomProperty, CustomPropertyTarget, CustomPropertyType } from "@portal/core/domain/CustomProperty";
import type { ErrorLike, Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import type { CustomPropertyInput } from "@portal/core/ports/api/CustomFieldsApi";
import { validateCustomProperty } from "@portal/core/rules/customFields";

const linesOf = (text: string): string[] => text.split("\n").map((l) => l.trim()).filter((l) => l !== "");

export class CustomFieldForm {
  name: string;
  type: CustomPropertyType;
  target: CustomPropertyTarget;
  required: boolean;
  optionsText: string;
  saving = false;
  /** Field name to message key, from the last failed save (the server's word wins over the live check). */
  serverIssues: Readonly<Record<string, string>> = {};
  failure: Message | null = null;
  /** Fields the person has touched: their live issues show from then on. */
  touched = new Set<string>();

  private readonly initial: string;

  constructor(
    /** The field being edited; null when adding. */
    readonly editing: CustomProperty | null,
    /** Every field the company sees: the name must differ from those of the same target. */
    private readonly others: ReadonlyArray<CustomProperty>,
  ) {
    this.name = editing?.name ?? "";
    this.type = editing?.type ?? "text";
    this.target = editing?.target ?? "device";
    this.required = editing?.required ?? false;
    this.optionsText = (editing?.options ?? []).join("\n");
    this.initial = this.snapshot();
    makeObservable<CustomFieldForm, "snapshot">(this, {
      name: observable, type: observable, target: observable, required: observable, optionsText: observable, saving: observable,
      serverIssues: observableRef, failure: observableRef, touched: observable,
      dirty: computed, liveIssues: computed, canSave: computed, snapshot: false,
      set: action, failed: action,
    });
  }

  private snapshot(): string {
    return JSON.stringify([this.name, this.type, this.target, this.required, linesOf(this.optionsText)]);
  }

  /** Changes one field; its server issue is cleared, it counts as touched. */
  set<K extends "name" | "type" | "target" | "required" | "optionsText">(field: K, value: CustomFieldForm[K]): void {
    (this as Record<K, unknown>)[field] = value;
    const key = field === "optionsText" ? "options" : field;
    this.touched.add(key);
    if (this.serverIssues[key] !== undefined) this.serverIssues = { ...this.serverIssues, [key]: undefined } as Record<string, string>;
    this.failure = null;
  }

  get dirty(): boolean {
    return this.snapshot() !== this.initial;
  }

  /** The body of the save: the typed values (options only for a choice). */
  get input(): CustomPropertyInput {
    return { name: this.name, type: this.type, target: this.target, required: this.required, options: this.type === "choice" ? linesOf(this.optionsText) : [] };
  }

  /** Core's verdict on what is typed now, by field (message keys); the clash check against the list too. */
  get liveIssues(): Readonly<Record<string, string>> {
    const result = validateCustomProperty(this.input, { others: this.others, ...(this.editing ? { selfPublicId: this.editing.publicId } : {}) });
    if (Result.isSuccess(result)) return {};
    return Object.fromEntries(result.failure.issues.map((i) => [i.propertyName ?? "", i.message]));
  }

  /** The message key to show under a field: the server's, else the live one once touched. */
  issueOf(field: string): string | null {
    return this.serverIssues[field] ?? (this.touched.has(field) ? this.liveIssues[field] ?? null : null);
  }

  get canSave(): boolean {
    return !this.saving && (this.editing === null || this.dirty) && Object.keys(this.liveIssues).length === 0;
  }

  /** Shows why the save failed, keeping what was typed. */
  failed(error: ErrorLike, online: boolean): void {
    this.saving = false;
    const f = saveFailure(error, online);
    this.serverIssues = Object.fromEntries(f.fieldIssues.map((i) => [i.propertyName ?? "", i.message]));
    this.failure = f.message ?? (f.fieldIssues.some((i) => i.propertyName === undefined) ? { key: f.fieldIssues[0]!.message } : null);
  }
}
