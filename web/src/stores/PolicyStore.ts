/**
 * The privacy statement and terms pages (spec 2: /privacy-statement, /my-company/privacy-statement,
 * /my-company/terms-of-use): the sector's privacy statement (no sign-in needed; the registration
 * page links to it) and the selected company's own privacy statement or terms, each in the
 * reader's language as the server chooses it (rules/policyLanguage.ts), English otherwise.
 */
import { makeObservable, observable, observableRef, runInAction } from "mobx";
import type { PolicyText } from "@portal/core/domain/Policy";
import type { RootStore } from "./RootStore";

export type PolicyKind = "privacy-statement" | "company-privacy-statement" | "company-terms-of-use";
export type PolicyState = "idle" | "loading" | "ready" | "failed";

export class PolicyStore {
  kind: PolicyKind | null = null;
  state: PolicyState = "idle";
  /** The text shown; null when none has been published. */
  text: PolicyText | null = null;
  loadError: string | null = null;
  private generation = 0;

  constructor(private readonly root: RootStore) {
    makeObservable<PolicyStore, "generation">(this, {
      kind: observable, state: observable, text: observableRef, loadError: observable, generation: false,
    });
  }

  /**
   * Loads one policy. `language` (a code such as "de") is asked for the sector's statement; the
   * company ones follow my profile's language on the server.
   */
  async load(kind: PolicyKind, language?: string): Promise<void> {
    const generation = ++this.generation;
    runInAction(() => {
      this.kind = kind;
      this.state = "loading";
      this.text = null;
      this.loadError = null;
    });
    const api = this.root.ports.api.selfService;
    const result = await this.root.run(kind === "privacy-statement" ? api.privacyStatement(language)
      : api.myCompanyPolicy(kind === "company-terms-of-use" ? "terms-of-use" : "privacy-statement"));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.text = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        this.loadError = this.root.messages.ofError(result.failure);
      }
    });
  }

  /** The sentence when nothing has been published. */
  get noneText(): string {
    return this.root.messages.text(this.kind === "company-terms-of-use" ? "TERMS_NONE_PUBLISHED" : "PRIVACY_NONE_PUBLISHED");
  }
}
