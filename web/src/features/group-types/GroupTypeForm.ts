/**
 * The state of the group type add/edit dialog (spec section 5). Every verdict is core's:
 * validateGroupTypeInput (REQUIRED, max 255, NAME_ALREADY_IN_USE, colour required when shown)
 * and isGroupTypeFormSubmittable (never while pristine or invalid). Errors show once a field has
 * been changed or left; issues the server sent back show until that field changes again.
 */
import { Result } from "effect";
import { action, computed, makeObservable, observable, observableRef } from "mobx";
import type { GroupType } from "@portal/core/domain/GroupType";
import type { ValidationIssue } from "@portal/core/errors";
import { NameAlreadyInUse } from "@portal/core/errors";
import { findNameClash, isGroupTypeFormSubmittable, validateGroupTypeInput } from "@portal/core/rules/groupTypes";

export interface GroupTypeFormOptions {
  /** The type being edited; absent when adding. */
  readonly editing?: GroupType;
  /** The company's group types, for the name clash check. */
  readonly others: ReadonlyArray<GroupType>;
  /** Whether the colour control is shown (manage:subgroups). */
  readonly colorShown: boolean;
  /** The translated text when the edited type's name is bound to a translation key. */
  readonly boundText?: string | null;
}

type Field = "name" | "color";

export class GroupTypeForm {
  name: string;
  color: string;
  touched: Record<Field, boolean> = { name: false, color: false };
  serverIssues: ReadonlyArray<ValidationIssue> = [];
  submitting = false;
  private readonly initial: { name: string; color: string };

  constructor(private readonly options: GroupTypeFormOptions) {
    this.initial = { name: options.editing?.name ?? "", color: options.editing?.color ?? "" };
    this.name = this.initial.name;
    this.color = this.initial.color;
    makeObservable<GroupTypeForm, "issues">(this, {
      name: observable, color: observable, touched: observable, serverIssues: observableRef, submitting: observable,
      pristine: computed, issues: computed, valid: computed, canSubmit: computed, nameError: computed, colorError: computed,
      setName: action, setColor: action, touch: action, setServerIssues: action, setSubmitting: action,
    });
  }

  get isEdit(): boolean {
    return this.options.editing !== undefined;
  }
  get colorShown(): boolean {
    return this.options.colorShown;
  }
  /** The name is a translation key: the field shows the translated text and is disabled. */
  get nameBound(): boolean {
    return this.options.boundText !== undefined && this.options.boundText !== null;
  }
  get nameShown(): string {
    return this.nameBound ? (this.options.boundText ?? this.name) : this.name;
  }

  get pristine(): boolean {
    return this.name === this.initial.name && (!this.colorShown || this.color === this.initial.color);
  }

  private get issues(): ReadonlyArray<ValidationIssue> {
    const result = validateGroupTypeInput(
      { name: this.name, ...(this.colorShown ? { color: this.color } : {}) },
      { others: this.options.others, colorShown: this.colorShown, ...(this.options.editing ? { selfPublicId: this.options.editing.publicId } : {}) },
    );
    if (Result.isSuccess(result)) return [];
    const error = result.failure;
    if (error._tag === "NameAlreadyInUse") return [{ message: error.message, propertyName: "name" }];
    // Core reports a clash only once every field is valid; the name field shows it at once, with
    // core's own clash check, so a missing colour does not hide it.
    const nameOk = !error.issues.some((i) => i.propertyName === "name");
    const clash = nameOk && findNameClash(this.name, { others: this.options.others, ...(this.options.editing ? { selfPublicId: this.options.editing.publicId } : {}) });
    return clash ? [...error.issues, { message: new NameAlreadyInUse({ name: this.name }).message, propertyName: "name" }] : error.issues;
  }

  get valid(): boolean {
    return this.issues.length === 0 && this.serverIssues.length === 0;
  }

  get canSubmit(): boolean {
    return !this.submitting && isGroupTypeFormSubmittable({ pristine: this.pristine, valid: this.valid });
  }

  private errorOf(field: Field): string | null {
    const server = this.serverIssues.find((i) => i.propertyName === field);
    if (server) return server.message;
    if (!this.touched[field]) return null;
    return this.issues.find((i) => i.propertyName === field)?.message ?? null;
  }
  get nameError(): string | null {
    return this.nameBound ? null : this.errorOf("name");
  }
  get colorError(): string | null {
    return this.colorShown ? this.errorOf("color") : null;
  }

  setName(value: string): void {
    this.name = value;
    this.touched.name = true;
    this.serverIssues = this.serverIssues.filter((i) => i.propertyName !== "name");
  }
  setColor(value: string): void {
    this.color = value;
    this.touched.color = true;
    this.serverIssues = this.serverIssues.filter((i) => i.propertyName !== "color");
  }
  touch(field: Field): void {
    this.touched[field] = true;
  }
  setServerIssues(issues: ReadonlyArray<ValidationIssue>): void {
    this.serverIssues = issues;
  }
  setSubmitting(value: boolean): void {
    this.submitting = value;
  }
}
