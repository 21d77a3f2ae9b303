/**
 * Account recovery (issue 11) and spending mailed links: /recover asks for a reset link (the
 * answer never says whether the address has an account), /recover?code= sets a new password
 * (core's strength rule as the user types; every session ends, then sign in), and
 * /confirm-email?code= confirms a new e-mail address.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { passwordProblems } from "@portal/core/rules/passwordStrength";
import { fieldErrorsOf, type FieldErrors } from "./formErrors";
import type { RootStore } from "./RootStore";

export type RecoverPhase = "ask" | "sent" | "choose" | "done";
export type ConfirmPhase = "working" | "confirmed" | "failed";

export class RecoverStore {
  phase: RecoverPhase = "ask";
  email = "";
  newPassword = "";
  errors: FieldErrors = {};
  working = false;
  confirmPhase: ConfirmPhase = "working";
  confirmMessage = "";

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      phase: observable, email: observable, newPassword: observable, errors: observableRef, working: observable,
      confirmPhase: observable, confirmMessage: observable, problems: computed, setEmail: action, setNewPassword: action, start: action,
    });
  }

  /** The strength rule's sentences for the password as typed. */
  get problems(): string[] {
    return this.newPassword === "" ? [] : passwordProblems(this.newPassword).map((p) => this.root.messages.text(p));
  }

  /** Opens the page: with a link's token the new-password form, else the request form. */
  start(hasToken: boolean): void {
    this.phase = hasToken ? "choose" : "ask";
    this.errors = {};
    this.newPassword = "";
  }

  setEmail(email: string): void {
    this.email = email;
    this.errors = {};
  }

  setNewPassword(password: string): void {
    this.newPassword = password;
    this.errors = {};
  }

  async requestLink(): Promise<void> {
    runInAction(() => (this.working = true));
    const result = await this.root.run(this.root.ports.api.account.requestPasswordReset(this.email));
    runInAction(() => {
      this.working = false;
      if (result._tag === "Success") this.phase = "sent";
      else this.errors = fieldErrorsOf(result.failure, this.root.messages);
    });
  }

  async reset(token: string): Promise<void> {
    runInAction(() => (this.working = true));
    const result = await this.root.run(this.root.ports.api.account.resetPassword(token, this.newPassword));
    runInAction(() => {
      this.working = false;
      if (result._tag === "Success") {
        this.phase = "done";
        this.newPassword = "";
      } else {
        this.errors = fieldErrorsOf(result.failure, this.root.messages);
      }
    });
    // Every session of the user ended, this browser's included: forget the stored token.
    if (result._tag === "Success" && this.root.session.isSignedIn) await this.root.session.forgetSession(false);
  }

  async confirmEmail(token: string): Promise<void> {
    runInAction(() => (this.confirmPhase = "working"));
    const result = await this.root.run(this.root.ports.api.account.confirmEmail(token));
    runInAction(() => {
      if (result._tag === "Success") {
        this.confirmPhase = "confirmed";
        this.confirmMessage = this.root.messages.text("EMAIL_CONFIRMED", { name: result.success.email });
      } else {
        this.confirmPhase = "failed";
        this.confirmMessage = this.root.messages.ofError(result.failure);
      }
    });
    if (result._tag === "Success" && this.root.session.isSignedIn) void this.root.session.loadUser();
  }
}
