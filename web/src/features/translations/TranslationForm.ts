/**
 * The state of the translation add/edit dialog: a key and its languages as rows of code and text,
 * en always first and never removable (spec section 3: en is required). Core's
 * validateTranslationBatch, on a batch of one, decides every field error.
 */
import { Result } from "effect";
import { action, computed, makeObservable, observable, observableRef } from "mobx";
import type { Languages, Translation } from "@portal/core/domain/Translation";
import type { ValidationIssue } from "@portal/core/errors";
import { REQUIRED_LANGUAGE, validateTranslationBatch } from "@portal/core/rules/translations";

export interface LanguageRow {
  readonly id: number;
  code: string;
  text: string;
}

export class TranslationForm {
  key: string;
  rows: LanguageRow[];
  touched = false;
  serverIssues: ReadonlyArray<ValidationIssue> = [];
  submitting = false;
  private nextId = 0;
  private readonly initial: string;

  constructor(readonly editing?: Translation) {
    this.key = editing?.key ?? "";
    const languages = editing?.languages ?? {};
    const others = Object.keys(languages).filter((c) => c !== REQUIRED_LANGUAGE).sort();
    this.rows = [REQUIRED_LANGUAGE, ...others].map((code) => ({ id: this.nextId++, code, text: languages[code] ?? "" }));
    this.initial = this.snapshot();
    makeObservable<TranslationForm, "issues" | "nextId">(this, {
      key: observable, rows: observable, touched: observable, serverIssues: observableRef, submitting: observable, nextId: false,
      languages: computed, issues: computed, pristine: computed, canSubmit: computed,
      setKey: action, setCode: action, setText: action, addLanguage: action, removeLanguage: action, touch: action,
      setServerIssues: action, setSubmitting: action,
    });
  }

  private snapshot(): string {
    return JSON.stringify([this.key, this.rows.map((r) => [r.code, r.text])]);
  }

  /** The languages map as it will be sent (rows with an empty code are left out). */
  get languages(): Languages {
    const map: Record<string, string> = {};
    for (const r of this.rows) if (r.code.trim() !== "") map[r.code.trim()] = r.text;
    return map;
  }

  private get issues(): ReadonlyArray<ValidationIssue> {
    const result = validateTranslationBatch([{ key: this.key, languages: this.languages }]);
    return Result.isSuccess(result) ? [] : result.failure.issues;
  }

  get pristine(): boolean {
    return this.snapshot() === this.initial;
  }

  get canSubmit(): boolean {
    return !this.submitting && !this.pristine && this.issues.length === 0 && this.serverIssues.length === 0;
  }

  /** The error of a field: "key", "languages" (the en row) or "languages.<code>". */
  errorOf(propertyName: string): string | null {
    const server = this.serverIssues.find((i) => i.propertyName === propertyName);
    if (server) return server.message;
    if (!this.touched) return null;
    return this.issues.find((i) => i.propertyName === propertyName)?.message ?? null;
  }

  /** The error shown on a language row. */
  rowError(row: LanguageRow): string | null {
    return (row.code === REQUIRED_LANGUAGE ? this.errorOf("languages") : null) ?? this.errorOf(`languages.${row.code.trim()}`);
  }

  setKey(value: string): void {
    this.key = value;
    this.touched = true;
    this.serverIssues = [];
  }
  setCode(id: number, code: string): void {
    const row = this.rows.find((r) => r.id === id);
    if (row && row.code !== REQUIRED_LANGUAGE) row.code = code;
    this.touched = true;
    this.serverIssues = [];
  }
  setText(id: number, text: string): void {
    const row = this.rows.find((r) => r.id === id);
    if (row) row.text = text;
    this.touched = true;
    this.serverIssues = [];
  }
  addLanguage(): void {
    this.rows.push({ id: this.nextId++, code: "", text: "" });
  }
  removeLanguage(id: number): void {
    this.rows = this.rows.filter((r) => r.id !== id || r.code === REQUIRED_LANGUAGE);
    this.touched = true;
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
