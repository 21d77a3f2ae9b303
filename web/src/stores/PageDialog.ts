/**
 * The create / edit dialog of a page (issue 13): title, kind (create only), icon and period.
 * A failed save keeps what was typed; the title's issue and the dialog's message come from
 * core's saveFailure.
 */
import { action, makeObservable, observable } from "mobx";
import { DEFAULT_PAGE_PERIOD } from "@portal/core/constants";
import type { Page, PageKind } from "@portal/core/domain/Page";
import type { ErrorLike, Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";

export interface PageForm {
  title: string;
  kind: PageKind;
  icon: string;
  periodSpec: string;
}

/** The Material icon names offered for a page (custom.glbMatIcon). */
export const PAGE_ICONS = ["dashboard", "description", "factory", "speed", "thermostat", "bolt", "water_drop", "insights"] as const;

export class PageDialog {
  form: PageForm;
  readonly initial: PageForm;
  saving = false;
  fieldIssue: string | null = null;
  failure: Message | null = null;

  /** `page` null: a new page. */
  constructor(readonly page: Page | null) {
    const v = page?.draft ?? page?.published ?? null;
    this.initial = { title: v?.title ?? "", kind: page?.kind ?? "dashboard", icon: v?.custom.glbMatIcon ?? "", periodSpec: v?.periodSpec ?? DEFAULT_PAGE_PERIOD };
    this.form = { ...this.initial };
    makeObservable(this, { form: observable, saving: observable, fieldIssue: observable, failure: observable, set: action, failed: action });
  }

  set<K extends keyof PageForm>(key: K, value: PageForm[K]): void {
    this.form = { ...this.form, [key]: value };
    if (key === "title") this.fieldIssue = null;
  }

  get dirty(): boolean {
    return (Object.keys(this.form) as Array<keyof PageForm>).some((k) => this.form[k] !== this.initial[k]);
  }

  get canSave(): boolean {
    return this.form.title.trim() !== "" && this.form.periodSpec.trim() !== "" && (this.page === null || this.dirty);
  }

  /** Shows why the save failed, keeping what was typed. */
  failed(error: ErrorLike, online: boolean): void {
    this.saving = false;
    const f = saveFailure(error, online);
    this.fieldIssue = f.fieldIssues.find((i) => i.propertyName === "title")?.message ?? null;
    this.failure = f.message ?? (this.fieldIssue === null && f.fieldIssues[0] ? { key: f.fieldIssues[0].message } : null);
  }
}
