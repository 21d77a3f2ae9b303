/**
 * The state of the translation add/edit dialog: a key and its languages as rows of code and text,
 * en always first and never removable (spec section 3: en is required). Core's
 * validateTranslationBatch, on a batch of one, decides every field error; core's translationForm
 * rules refuse a language given twice and a new key that is already stored (offered as an edit),
 * so nothing stored is overwritten without a word.
 */
import { Result } from "effect";
import { action, computed, makeObservable, observable, observableRef } from "mobx";
import type { Languages, Translation } from "@portal/core/domain/Translation";
import type { ValidationIssue } from "@portal/core/errors";
import { existingTranslationWithKey, LANGUAGE_EXISTS, repeatedLanguageRows } from "@portal/core/rules/translationForm";
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

  /**
   * @param editing the translation to edit; absent to add one
   * @param stored translations known to be stored, to spot a new key that already exists (more come through noteStored)
   * @param languages start values other than `editing`'s (an add turned into an edit)
   */
  constructor(readonly editing?: Translation, private stored: ReadonlyArray<Translation> = [], languages: Languages = editing?.languages ?? {}) {
    this.key = editing?.key ?? "";
    this.rows = orderedEntries(languages).map(([code, text]) => ({ id: this.nextId++, code, text }));
    // Dirty is measured against what is stored, so an add turned into an edit counts as changed.
    this.initial = editing ? JSON.stringify([editing.key, orderedEntries(editing.languages)]) : this.snapshot();
    makeObservable<TranslationForm, "issues" | "nextId" | "stored">(this, {
      stored: observableRef, noteStored: action, key: observable, rows: observable, touched: observable, serverIssues: observableRef, submitting: observable, nextId: false,
      languages: computed, issues: computed, pristine: computed, canSubmit: computed, repeated: computed, existingWithKey: computed,
      setKey: action, setCode: action, setText: action, addLanguage: action, removeLanguage: action, touch: action,
      setServerIssues: action, setSubmitting: action,
    });
  }

  /** A stored translation the server reported for a key typed here (the screen loads only pages of the list). */
  noteStored(found: Translation): void {
    if (!this.stored.some((t) => t.publicId === found.publicId)) this.stored = [...this.stored, found];
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

  /** Rows that repeat a language of an earlier row (core's repeatedLanguageRows). */
  get repeated(): ReadonlySet<number> {
    return repeatedLanguageRows(this.rows.map((r) => r.code));
  }

  /** When adding: the stored translation that already has this key (offered as an edit). */
  get existingWithKey(): Translation | undefined {
    return this.editing ? undefined : existingTranslationWithKey(this.key, this.stored, null);
  }

  get canSubmit(): boolean {
    return !this.submitting && !this.pristine && this.issues.length === 0 && this.serverIssues.length === 0
      && this.repeated.size === 0 && this.existingWithKey === undefined;
  }

  /** The error of a field: "key", "languages" (the en row) or "languages.<code>". */
  errorOf(propertyName: string): string | null {
    const server = this.serverIssues.find((i) => i.propertyName === propertyName);
    if (server) return server.message;
    if (!this.touched) return null;
    return this.issues.find((i) => i.propertyName === propertyName)?.message ?? null;
  }

  /** The error shown on a language row (a message key; LANGUAGE_EXISTS takes the code as name). */
  rowError(row: LanguageRow): string | null {
    const index = this.rows.indexOf(row);
    if (this.repeated.has(index)) return LANGUAGE_EXISTS;
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

/** The languages as rows are shown: en first (empty when missing), then the others by code. */
function orderedEntries(languages: Languages): Array<[string, string]> {
  const others = Object.keys(languages).filter((c) => c !== REQUIRED_LANGUAGE).sort();
  return [REQUIRED_LANGUAGE, ...others].map((code) => [code, languages[code] ?? ""]);
}
