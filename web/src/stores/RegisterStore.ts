/**
 * Self sign-up (issue 11, /register): whether the host's sector takes registrations (the sign-in
 * page links here only then), the form with core's registration rule as the person types, the
 * "check your mail" answer (the same whether the address has an account), and the mailed link
 * (/register?code=) that confirms the address before the first sign-in. A failed registration
 * keeps what was typed.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { registrationIssues, type RegistrationForm } from "@portal/core/rules/registration";
import { fieldErrorsOf, type FieldErrors } from "./formErrors";
import type { RootStore } from "./RootStore";
import { SelfSignUpStore } from "./SelfSignUpStore";

export type RegisterPhase = "form" | "sent" | "confirming" | "confirmed" | "failed";
type Field = "name" | "email" | "password";

const EMPTY = { name: "", email: "", password: "" };

export class RegisterStore {
  phase: RegisterPhase = "form";
  form: { name: string; email: string; password: string } = { ...EMPTY };
  /** Fields the person has left after typing in them, or submitted: their rule issues show from then on. */
  touched: ReadonlySet<Field> = new Set();
  /** The server's answer to a failed registration or confirmation, by field ("" for the form). */
  serverErrors: FieldErrors = {};
  working = false;
  /** The confirmed address (after the link), or the address the link was sent to. */
  email = "";

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      phase: observable, form: observableRef, touched: observableRef, serverErrors: observableRef,
      working: observable, email: observable, issues: computed, errors: computed, canSubmit: computed,
      edit: action, touch: action, start: action,
    });
  }

  /** Core's rule on the form as typed, one sentence per field (several joined). */
  get issues(): FieldErrors {
    const form: RegistrationForm = { ...this.form, language: null };
    const out: Record<string, string> = {};
    for (const issue of registrationIssues(form)) {
      const field = issue.propertyName ?? "";
      const text = this.root.messages.text(issue.message);
      out[field] = out[field] === undefined ? text : `${out[field]} ${text}`;
    }
    return out;
  }

  /** What each field shows: the server's word, else the rule's once the field was touched (the password as it is typed). */
  get errors(): FieldErrors {
    const out: Record<string, string> = {};
    for (const field of ["name", "email", "password"] as const) {
      const shown = this.touched.has(field) || (field === "password" && this.form.password !== "");
      const text = this.serverErrors[field] ?? (shown ? this.issues[field] : undefined);
      if (text !== undefined) out[field] = text;
    }
    if (this.serverErrors[""] !== undefined) out[""] = this.serverErrors[""];
    return out;
  }

  get canSubmit(): boolean {
    return !this.working && Object.keys(this.issues).length === 0;
  }

  /** Whether the sector takes registrations; null until asked (or when asking failed). */
  get allowed(): boolean | null {
    return this.root.get(SelfSignUpStore).allowed;
  }

  /** Asks whether the host's sector takes registrations (SelfSignUpStore, shared with the sign-in page). */
  loadAllowed(): Promise<void> {
    return this.root.get(SelfSignUpStore).load();
  }

  /** Opens the page: with a link's code it is spent at once; without, the form (as it was left). */
  start(code: string | null): void {
    if (code === null) {
      if (this.phase !== "sent") this.phase = "form";
      return;
    }
    this.phase = "confirming";
    void this.confirm(code);
  }

  edit(patch: Partial<Record<Field, string>>): void {
    this.form = { ...this.form, ...patch };
    const changed = Object.keys(patch);
    this.serverErrors = Object.fromEntries(Object.entries(this.serverErrors).filter(([k]) => !changed.includes(k) && k !== ""));
  }

  touch(field: Field): void {
    if (!this.touched.has(field)) this.touched = new Set([...this.touched, field]);
  }

  /** Sends the registration; on success the page says to check the mail and the password is forgotten. */
  async register(): Promise<boolean> {
    runInAction(() => (this.touched = new Set(["name", "email", "password"])));
    if (!this.canSubmit) return false;
    runInAction(() => {
      this.working = true;
      this.serverErrors = {};
    });
    const email = this.form.email.trim();
    const result = await this.root.run(this.root.ports.api.selfService.register({ ...this.form, language: null }));
    runInAction(() => {
      this.working = false;
      if (result._tag === "Success") {
        this.phase = "sent";
        this.email = email;
        this.form = { ...EMPTY };
        this.touched = new Set();
      } else if (result.failure._tag === "Forbidden") {
        // The sector stopped taking registrations since the page was opened.
        this.root.get(SelfSignUpStore).refused();
        this.serverErrors = { "": this.root.messages.text("SELF_SIGN_UP_DISABLED") };
      } else {
        this.serverErrors = fieldErrorsOf(result.failure, this.root.messages);
      }
    });
    return result._tag === "Success";
  }

  /** Spends the mailed link: the address is confirmed and the person can sign in. */
  async confirm(code: string): Promise<void> {
    const result = await this.root.run(this.root.ports.api.selfService.confirmRegistration(code));
    runInAction(() => {
      if (result._tag === "Success") {
        this.phase = "confirmed";
        this.email = result.success.email;
        this.serverErrors = {};
      } else {
        this.phase = "failed";
        const errors = fieldErrorsOf(result.failure, this.root.messages);
        this.serverErrors = { "": errors["token"] ?? errors[""] ?? this.root.messages.ofError(result.failure) };
      }
    });
  }

  /** The sentence of the current phase ("check your mail", "confirmed"). */
  get phaseText(): string {
    if (this.phase === "sent") return this.root.messages.text("REGISTRATION_SENT", { name: this.email });
    if (this.phase === "confirmed") return this.root.messages.text("REGISTRATION_CONFIRMED", { name: this.email });
    return this.serverErrors[""] ?? "";
  }
}
