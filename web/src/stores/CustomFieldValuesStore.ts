/**
 * The custom field values of one device or asset (issue 12): the values as stored, and the edit
 * dialog generated from the fields of its target. Each value is checked as it is typed with
 * core's parseCustomValue, the rule the server applies on save (validateCustomValues); a failed
 * save keeps every typed value and shows the server's sentence under its field.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { Result } from "effect";
import type { CustomFieldValue, CustomProperty, CustomPropertyTarget } from "@portal/core/domain/CustomProperty";
import type { Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { parseCustomValue } from "@portal/core/rules/customFields";
import type { GateState } from "./BootstrapStore";
import type { RootStore } from "./RootStore";
import { CustomFieldsStore } from "./CustomFieldsStore";

/** A stored value as a form shows it: every type is edited as text ("true"/"false" for yes/no). */
export const formText = (value: CustomFieldValue | undefined): string => (value === undefined ? "" : String(value));

/** The edit dialog's state: the typed text per field publicId. */
export class CustomFieldValuesForm {
  draft: Record<string, string>;
  saving = false;
  serverIssues: Readonly<Record<string, string>> = {};
  failure: Message | null = null;
  private readonly initial: string;

  constructor(readonly fields: ReadonlyArray<CustomProperty>, values: Readonly<Record<string, CustomFieldValue>>) {
    this.draft = Object.fromEntries(fields.map((f) => [f.publicId, formText(values[f.publicId])]));
    this.initial = JSON.stringify(this.draft);
    makeObservable(this, {
      draft: observable, saving: observable, serverIssues: observableRef, failure: observableRef,
      dirty: computed, liveIssues: computed, canSave: computed, set: action, failed: action,
    });
  }

  set(publicId: string, text: string): void {
    this.draft[publicId] = text;
    if (this.serverIssues[publicId] !== undefined) this.serverIssues = Object.fromEntries(Object.entries(this.serverIssues).filter(([k]) => k !== publicId));
    this.failure = null;
  }

  get dirty(): boolean {
    return JSON.stringify(this.draft) !== this.initial;
  }

  /** Core's verdict on each typed value, by field publicId (message keys). */
  get liveIssues(): Readonly<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const f of this.fields) {
      const parsed = parseCustomValue(f, this.draft[f.publicId]);
      if (Result.isFailure(parsed)) out[f.publicId] = parsed.failure;
    }
    return out;
  }

  issueOf(publicId: string): string | null {
    return this.serverIssues[publicId] ?? this.liveIssues[publicId] ?? null;
  }

  get canSave(): boolean {
    return !this.saving && this.dirty && Object.keys(this.liveIssues).length === 0;
  }

  /** The body of the save: every field, empty ones as null. */
  get values(): Record<string, string | null> {
    return Object.fromEntries(this.fields.map((f) => [f.publicId, this.draft[f.publicId]?.trim() ? this.draft[f.publicId]! : null]));
  }

  failed(error: Parameters<typeof saveFailure>[0], online: boolean): void {
    this.saving = false;
    const f = saveFailure(error, online);
    this.serverIssues = Object.fromEntries(f.fieldIssues.map((i) => [(i.propertyName ?? "").replace(/^values\./, ""), i.message]));
    const unplaced = f.fieldIssues.find((i) => !this.fields.some((x) => `values.${x.publicId}` === i.propertyName));
    this.failure = f.message ?? (unplaced ? { key: unplaced.message } : null);
  }
}

export class CustomFieldValuesStore {
  values: Readonly<Record<string, CustomFieldValue>> = {};
  state: GateState = "idle";
  form: CustomFieldValuesForm | null = null;

  constructor(private readonly root: RootStore, readonly target: CustomPropertyTarget, readonly publicId: string) {
    makeObservable(this, { values: observableRef, state: observable, form: observableRef, fields: computed, openEdit: action, closeEdit: action });
  }

  /** The fields of this target, in form order. */
  get fields(): ReadonlyArray<CustomProperty> {
    return this.root.get(CustomFieldsStore).fieldsOf(this.target);
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    await this.root.get(CustomFieldsStore).ensureLoaded();
    const result = await this.root.run(this.root.ports.api.customFields.values(this.target, this.publicId));
    runInAction(() => {
      if (result._tag === "Success") {
        this.values = result.success.values;
        this.state = "ready";
      } else this.state = "failed";
    });
  }

  openEdit(): void {
    this.form = new CustomFieldValuesForm(this.fields, this.values);
  }

  closeEdit(): void {
    if (!this.form?.saving) this.form = null;
  }

  async save(): Promise<void> {
    const form = this.form;
    if (!form || !form.canSave) return;
    runInAction(() => (form.saving = true));
    const result = await this.root.run(this.root.ports.api.customFields.saveValues(this.target, this.publicId, form.values));
    runInAction(() => {
      if (result._tag === "Failure") {
        form.failed(result.failure, this.root.connectivity.isOnline);
        return;
      }
      this.values = result.success.values;
      if (this.form === form) this.form = null;
      this.root.snackbars.show({ message: "CUSTOM_FIELDS_SAVED", timeoutMs: 3000, intent: "success", key: "custom-field-values" });
    });
  }
}
