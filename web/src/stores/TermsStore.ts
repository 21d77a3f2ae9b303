/**
 * The terms-of-use prompt (spec section 2): the selected company's latest applicable terms (the
 * server resolves company or sector terms), shown in a not-closable alert while I have not
 * accepted them (core's termsToAccept). OK accepts them on the server, then the alert goes.
 * A report jump-start link suppresses the prompt for its session (SessionStore).
 */
import { computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Company } from "@portal/core/domain/Company";
import { termsToAccept } from "@portal/core/rules/termsOfUse";
import type { TermsOfUse } from "@portal/core/domain/Company";
import type { RootStore } from "./RootStore";

export class TermsStore {
  company: Company | null = null;
  accepting = false;
  acceptError: string | null = null;
  /** Why the terms could not be loaded (the terms page shows it; the alert stays away). */
  loadError: string | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable(this, { company: observableRef, accepting: observable, acceptError: observable, loadError: observable, pending: computed });
    root.session.onSessionEnd(() => this.clear());
  }

  /** The terms to prompt for, or null. */
  get pending(): TermsOfUse | null {
    if (this.company === null || this.company.publicId !== this.root.session.selectedCompanyId) return null;
    return termsToAccept(this.company, this.root.session.termsPromptSuppressed);
  }

  /**
   * Loads the selected company's terms; a failed load shows no prompt (it is asked again on the
   * next company change). `reuseRecent`: the record the branding has just read for that company
   * will do (the alert at a company choice); a fresh read otherwise, or when there is none.
   */
  async load(companyPublicId: string, options: { readonly reuseRecent?: boolean } = {}): Promise<void> {
    const recent = options.reuseRecent === true ? await this.root.branding.recentCompany(companyPublicId) : null;
    if (recent !== null) {
      runInAction(() => {
        this.company = recent;
        this.loadError = null;
        this.acceptError = null;
      });
      return;
    }
    const result = await this.root.run(this.root.ports.api.me.company(companyPublicId));
    runInAction(() => {
      this.company = result._tag === "Success" ? result.success : null;
      this.loadError = result._tag === "Success" ? null : this.root.messages.ofError(result.failure);
      this.acceptError = null;
    });
  }

  /** OK in the alert: records my acceptance; a failure keeps the alert open with its sentence. */
  async accept(): Promise<void> {
    const terms = this.pending;
    if (terms === null || this.accepting) return;
    runInAction(() => {
      this.accepting = true;
      this.acceptError = null;
    });
    const result = await this.root.run(this.root.ports.api.me.acceptTermsOfUse(terms.publicId));
    runInAction(() => {
      this.accepting = false;
      if (result._tag === "Success") {
        if (this.company !== null) this.company = { ...this.company, latestTermsOfUse: { ...terms, accepted: true } };
      } else {
        this.acceptError = this.root.messages.ofError(result.failure);
      }
    });
  }

  clear(): void {
    runInAction(() => (this.company = null));
  }
}
