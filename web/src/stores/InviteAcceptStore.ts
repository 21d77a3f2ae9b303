/**
 * Accepting an invite (issue 11): the /finish-invite page reads its link (token), then either
 * makes a new account (name, password: core's passwordIssue) and signs in with it, or - for an
 * address that has an account - asks to sign in and accepts as the signed-in user. When the
 * company has terms of use, they must be accepted (their publicId is sent). Also "my invites"
 * on the my-companies page: accept or decline.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { InviteLinkInfo, MyInvite } from "@portal/core/domain/CompanyUser";
import { nameIssue, passwordIssue } from "@portal/core/rules/users";
import type { GateState } from "./BootstrapStore";
import type { RootStore } from "./RootStore";

export class InviteAcceptStore {
  token = "";
  link: InviteLinkInfo | null = null;
  state: GateState = "idle";
  /** Why the link cannot be used, as a sentence. */
  linkProblem: string | null = null;
  name = "";
  password = "";
  termsAccepted = false;
  submitting = false;
  /** The sentence of the last refusal, by field ("" for the whole form). */
  problems: ReadonlyMap<string, string> = new Map();
  myInvites: ReadonlyArray<MyInvite> = [];

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      token: observable, link: observableRef, state: observable, linkProblem: observable, name: observable, password: observable,
      termsAccepted: observable, submitting: observable, problems: observableRef, myInvites: observableRef,
      setName: action, setPassword: action, setTermsAccepted: action, nameProblem: computed, passwordProblem: computed, canCreate: computed,
    });
  }

  async open(token: string): Promise<void> {
    runInAction(() => { this.token = token; this.state = "pending"; this.linkProblem = null; this.link = null; });
    const result = await this.root.run(this.root.ports.api.users.inviteLink(token));
    runInAction(() => {
      if (result._tag === "Success") {
        this.link = result.success;
        if (this.name === "") this.name = result.success.name ?? "";
        this.state = "ready";
      } else {
        this.linkProblem = this.root.messages.ofError(result.failure);
        this.state = "failed";
      }
    });
  }

  setName(name: string): void { this.name = name; }
  setPassword(password: string): void { this.password = password; }
  setTermsAccepted(accepted: boolean): void { this.termsAccepted = accepted; }

  get nameProblem(): string | undefined {
    const key = nameIssue(this.name);
    return key && this.name !== "" ? this.root.messages.text(key) : undefined;
  }

  get passwordProblem(): string | undefined {
    const key = this.password === "" || !this.link ? undefined : passwordIssue(this.password, this.link.email);
    return key ? this.root.messages.text(key) : undefined;
  }

  get canCreate(): boolean {
    return !this.submitting && this.link !== null && nameIssue(this.name) === undefined && passwordIssue(this.password, this.link.email) === undefined
      && (this.link.termsOfUse === null || this.termsAccepted);
  }

  private terms(): string | undefined {
    return this.link?.termsOfUse && this.termsAccepted ? this.link.termsOfUse.publicId : undefined;
  }

  private refused(failure: Parameters<RootStore["messages"]["ofError"]>[0]): void {
    const issues = "issues" in failure && Array.isArray(failure.issues) ? failure.issues as ReadonlyArray<{ message: string; propertyName?: string }> : [];
    this.problems = new Map(issues.length > 0 ? issues.map((i) => [i.propertyName === "name" || i.propertyName === "password" ? i.propertyName : "", this.root.messages.text(i.message)]) : [["", this.root.messages.ofError(failure)]]);
  }

  /** Makes the account, then signs in with it; a refusal keeps what was typed. */
  async createAccount(): Promise<void> {
    if (!this.canCreate || !this.link) return;
    const email = this.link.email;
    runInAction(() => { this.submitting = true; this.problems = new Map(); });
    const terms = this.terms();
    const result = await this.root.run(this.root.ports.api.users.finishInvite({ token: this.token, name: this.name.trim(), password: this.password, ...(terms ? { termsOfUsePolicy: terms } : {}) }));
    if (result._tag === "Success") {
      this.root.session.rememberReturn("/");
      await this.root.session.signIn(email, this.password);
      runInAction(() => { this.submitting = false; this.password = ""; });
      // This page does not leave by itself once signed in (a signed-in person accepts links here).
      if (this.root.session.isSignedIn) this.root.navigate(this.root.session.destination);
      return;
    }
    runInAction(() => { this.submitting = false; this.refused(result.failure); });
  }

  /** Sends an existing account to sign in, and back here afterwards. */
  signInFirst(): void {
    this.root.session.rememberReturn(`/finish-invite?token=${encodeURIComponent(this.token)}`);
    this.root.navigate("/login");
  }

  /** Accepts the link as the signed-in user, then opens the company. */
  async acceptSignedIn(): Promise<void> {
    if (!this.link || (this.link.termsOfUse !== null && !this.termsAccepted)) return;
    runInAction(() => { this.submitting = true; this.problems = new Map(); });
    const result = await this.root.run(this.root.ports.api.users.finishInviteSignedIn(this.token, this.terms()));
    if (result._tag === "Success") {
      await this.root.session.loadCompanies();
      await this.root.session.selectCompany(result.success.company.publicId);
      runInAction(() => (this.submitting = false));
      return;
    }
    runInAction(() => { this.submitting = false; this.refused(result.failure); });
  }

  async loadMyInvites(): Promise<void> {
    const result = await this.root.run(this.root.ports.api.users.myInvites());
    runInAction(() => { if (result._tag === "Success") this.myInvites = result.success; });
  }

  /** Accepts one of my invites (with its terms, which the page showed); the company joins my list. */
  async acceptMine(invite: MyInvite): Promise<boolean> {
    const result = await this.root.run(this.root.ports.api.users.acceptMyInvite(invite.publicId, invite.termsOfUse?.publicId));
    if (result._tag === "Success") {
      runInAction(() => (this.myInvites = this.myInvites.filter((i) => i.publicId !== invite.publicId)));
      await this.root.session.loadCompanies();
      return true;
    }
    this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 6000, intent: "danger", key: "my-invites" });
    return false;
  }

  async declineMine(invite: MyInvite): Promise<boolean> {
    const result = await this.root.run(this.root.ports.api.users.declineMyInvite(invite.publicId));
    if (result._tag === "Success") {
      runInAction(() => (this.myInvites = this.myInvites.filter((i) => i.publicId !== invite.publicId)));
      return true;
    }
    this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 6000, intent: "danger", key: "my-invites" });
    return false;
  }
}
