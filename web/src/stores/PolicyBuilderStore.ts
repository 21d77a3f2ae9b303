/**
 * A builder of the selected company's own terms of use or privacy statement (issue 12; spec 2
 * custom-terms-of-use-builder and custom-privacy-statement-builder; manage:custom-terms-of-use or
 * manage:custom-privacy-statement). It opens on the latest version (or an empty text), edits one
 * language at a time (English is the body every reader falls back to), adds a language without
 * ever overwriting one (core's addPolicyLanguage), previews, and publishes the whole draft as a
 * new version. A failed publish keeps the draft. Publishing terms makes every user accept them
 * again: the terms alert is reloaded so that the publisher sees it too.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { PolicyBuilderView, PolicyKind } from "@portal/core/domain/PolicyVersion";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { POLICY_FALLBACK_LANGUAGE } from "@portal/core/rules/policyLanguage";
import { addPolicyLanguage, draftText, publishIssues, withDraftText, type PolicyDraft } from "@portal/core/rules/policyBuilder";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";
import { TermsStore } from "./TermsStore";

const EMPTY: PolicyDraft = { body: "", languages: {} };
const same = (a: PolicyDraft, b: PolicyDraft) => JSON.stringify([a.body, Object.entries(a.languages).sort()]) === JSON.stringify([b.body, Object.entries(b.languages).sort()]);

export class PolicyBuilderStore {
  state: GateState = "idle";
  view: PolicyBuilderView | null = null;
  /** What is being written, every language. */
  draft: PolicyDraft = EMPTY;
  /** The latest published version's texts: the draft differs from it when there are changes. */
  published: PolicyDraft = EMPTY;
  /** The language being edited. */
  language: string = POLICY_FALLBACK_LANGUAGE;
  previewing = false;
  /** The code typed in the add-language field, and why it was refused. */
  newLanguage = "";
  languageIssue: string | null = null;
  confirmingPublish = false;
  publishing = false;
  /** Why the last publish failed (a sentence); the draft is kept. */
  publishIssue: string | null = null;
  switchingSource = false;

  constructor(private readonly root: RootStore, readonly kind: PolicyKind) {
    makeObservable(this, {
      state: observable, view: observableRef, draft: observableRef, published: observableRef, language: observable, previewing: observable,
      newLanguage: observable, languageIssue: observable, confirmingPublish: observable, publishing: observable, publishIssue: observable, switchingSource: observable,
      languages: computed, text: computed, isDirty: computed, canPublish: computed,
      setText: action, chooseLanguage: action, setNewLanguage: action, addLanguage: action, togglePreview: action, askPublish: action, cancelPublish: action,
    });
  }

  /** English first, then the other languages of the draft in code order. */
  get languages(): ReadonlyArray<string> {
    return [POLICY_FALLBACK_LANGUAGE, ...Object.keys(this.draft.languages).sort()];
  }

  /** The text of the language being edited. */
  get text(): string {
    return draftText(this.draft, this.language);
  }

  get isDirty(): boolean {
    return !same(this.draft, this.published);
  }

  /** Publishing needs an English text and something new (core's publishIssues says the rest). */
  get canPublish(): boolean {
    return !this.publishing && this.isDirty && publishIssues(this.draft).length === 0;
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(this.root.ports.api.policyBuilders.view(this.kind));
    runInAction(() => {
      if (result._tag === "Failure") {
        this.state = "failed";
        notifyFailure(this.root.snackbars, result.failure, "other", `builder-${this.kind}`);
        return;
      }
      this.view = result.success;
      const latest = result.success.versions[0];
      this.published = latest ? { body: latest.body, languages: { ...latest.languages } } : EMPTY;
      this.draft = this.published;
      this.language = POLICY_FALLBACK_LANGUAGE;
      this.newLanguage = "";
      this.languageIssue = null;
      this.state = "ready";
    });
  }

  setText(html: string): void {
    // The editor answers "<p></p>" for an empty text: keep an untouched empty language empty.
    const text = html === "<p></p>" && this.text === "" ? "" : html;
    if (text !== this.text) this.draft = withDraftText(this.draft, this.language, text);
  }

  chooseLanguage(code: string): void {
    if (code === POLICY_FALLBACK_LANGUAGE || code in this.draft.languages) this.language = code;
  }

  setNewLanguage(code: string): void {
    this.newLanguage = code;
    this.languageIssue = null;
  }

  /** Adds the typed language and switches to it; an existing one is refused with a sentence, never overwritten. */
  addLanguage(): boolean {
    const result = addPolicyLanguage(this.draft, this.newLanguage);
    if (!result.ok) {
      this.languageIssue = this.root.messages.text(result.issue.message, { name: this.newLanguage.trim().toLowerCase() });
      return false;
    }
    this.draft = result.draft;
    this.language = result.code;
    this.newLanguage = "";
    this.languageIssue = null;
    return true;
  }

  togglePreview(): void {
    this.previewing = !this.previewing;
  }

  askPublish(): void {
    if (this.canPublish) this.confirmingPublish = true;
  }

  cancelPublish(): void {
    if (!this.publishing) this.confirmingPublish = false;
  }

  /** Publishes the draft as a new version; on failure the draft stays as typed and the sentence says why. */
  async publish(): Promise<void> {
    if (this.publishing) return;
    const draft = this.draft;
    runInAction(() => {
      this.publishing = true;
      this.publishIssue = null;
    });
    const result = await this.root.run(this.root.ports.api.policyBuilders.publish(this.kind, draft));
    runInAction(() => {
      this.publishing = false;
      this.confirmingPublish = false;
      if (result._tag === "Failure") {
        const failure = saveFailure(result.failure, this.root.connectivity.isOnline);
        const issue = failure.fieldIssues[0];
        this.publishIssue = issue ? this.root.messages.text(issue.message, { name: issue.propertyName?.replace(/^languages\./, "") }) : this.root.messages.text(failure.message?.key ?? "generic", failure.message?.params);
        return;
      }
      this.root.snackbars.show({ message: this.kind === "terms-of-use" ? "POLICY_PUBLISHED" : "PRIVACY_PUBLISHED", timeoutMs: 4000, intent: "success", key: `builder-${this.kind}` });
    });
    if (result._tag === "Success") await this.afterChange();
  }

  /** Chooses whose terms apply (terms only). */
  async setSource(source: "company" | "sector"): Promise<void> {
    if (this.kind !== "terms-of-use" || this.switchingSource) return;
    runInAction(() => (this.switchingSource = true));
    const result = await this.root.run(this.root.ports.api.policyBuilders.setTermsSource(source));
    runInAction(() => {
      this.switchingSource = false;
      if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", `builder-${this.kind}`);
      else {
        this.view = result.success;
        this.root.snackbars.show({ message: source === "company" ? "POLICY_SOURCE_COMPANY" : "POLICY_SOURCE_SECTOR", timeoutMs: 4000, intent: "success", key: `builder-${this.kind}` });
      }
    });
    if (result._tag === "Success") await this.reloadTerms();
  }

  private async afterChange(): Promise<void> {
    const language = this.language;
    await this.load();
    runInAction(() => this.chooseLanguage(language));
    await this.reloadTerms();
  }

  /** New terms apply: the terms alert asks this user too. */
  private async reloadTerms(): Promise<void> {
    const company = this.root.session.selectedCompanyId;
    if (this.kind === "terms-of-use" && company !== null) await this.root.get(TermsStore).load(company);
  }
}

/** The builder of the company's own terms of use (`root.get(TermsBuilderStore)`). */
export class TermsBuilderStore extends PolicyBuilderStore {
  constructor(root: RootStore) {
    super(root, "terms-of-use");
  }
}

/** The builder of the company's own privacy statement (`root.get(PrivacyBuilderStore)`). */
export class PrivacyBuilderStore extends PolicyBuilderStore {
  constructor(root: RootStore) {
    super(root, "privacy-statement");
  }
}
