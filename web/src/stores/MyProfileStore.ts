/**
 * My profile (issue 11): name, language and time zone; an e-mail change that waits for the
 * confirmation link; and the password change (old, new, sign out my other sessions) that shows
 * PASSWORD_CHANGED for 3 s (spec 8). A failed save keeps what was typed and shows the rule's
 * sentence under its field. The password strength rule runs as the user types.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { ERROR_CATALOGUE } from "@portal/core/rules/errorCatalogue";
import { passwordProblems } from "@portal/core/rules/passwordStrength";
import { profileIssues } from "@portal/core/rules/profile";
import type { MyUser } from "@portal/core/domain/User";
import { fieldErrorsOf, type FieldErrors } from "./formErrors";
import type { RootStore } from "./RootStore";

export interface ProfileForm {
  readonly name: string;
  readonly language: string;
  readonly timeZone: string;
}

export interface PasswordForm {
  readonly oldPassword: string;
  readonly newPassword: string;
  readonly signOutOthers: boolean;
}

const EMPTY_PASSWORD: PasswordForm = { oldPassword: "", newPassword: "", signOutOthers: true };

const formOf = (u: MyUser | null): ProfileForm => ({ name: u?.name ?? "", language: u?.language ?? "", timeZone: u?.timeZone ?? "" });

export class MyProfileStore {
  user: MyUser | null = null;
  loadError: string | null = null;
  profile: ProfileForm = formOf(null);
  profileErrors: FieldErrors = {};
  savingProfile = false;
  password: PasswordForm = EMPTY_PASSWORD;
  passwordErrors: FieldErrors = {};
  savingPassword = false;
  email = "";
  emailPassword = "";
  emailErrors: FieldErrors = {};
  savingEmail = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      user: observableRef, loadError: observable, profile: observableRef, profileErrors: observableRef, savingProfile: observable,
      password: observableRef, passwordErrors: observableRef, savingPassword: observable,
      email: observable, emailPassword: observable, emailErrors: observableRef, savingEmail: observable,
      isProfileDirty: computed, newPasswordProblems: computed, canChangePassword: computed,
      editProfile: action, editPassword: action, editEmail: action, resetProfile: action,
    });
  }

  /** Whether the profile form differs from what is saved. */
  get isProfileDirty(): boolean {
    const saved = formOf(this.user);
    return saved.name !== this.profile.name || saved.language !== this.profile.language || saved.timeZone !== this.profile.timeZone;
  }

  /** Core's strength rule on the new password as typed (sentences). */
  get newPasswordProblems(): string[] {
    if (this.password.newPassword === "") return [];
    return passwordProblems(this.password.newPassword, { email: this.user?.email, name: this.user?.name }).map((p) => this.root.messages.text(p));
  }

  get canChangePassword(): boolean {
    return this.password.oldPassword !== "" && this.password.newPassword !== "" && this.newPasswordProblems.length === 0 && !this.savingPassword;
  }

  async load(): Promise<void> {
    const result = await this.root.run(this.root.ports.api.me.myUser());
    runInAction(() => {
      if (result._tag === "Success") {
        this.user = result.success;
        this.profile = formOf(result.success);
        this.loadError = null;
      } else {
        this.loadError = this.root.messages.ofError(result.failure);
      }
    });
  }

  editProfile(change: Partial<ProfileForm>): void {
    this.profile = { ...this.profile, ...change };
    const issues = profileIssues({ name: this.profile.name });
    this.profileErrors = Object.fromEntries(issues.map((i) => [i.propertyName, this.root.messages.text(i.message)]));
  }

  resetProfile(): void {
    this.profile = formOf(this.user);
    this.profileErrors = {};
  }

  async saveProfile(): Promise<boolean> {
    const form = this.profile;
    runInAction(() => (this.savingProfile = true));
    const result = await this.root.run(this.root.ports.api.account.updateProfile({
      name: form.name, language: form.language === "" ? null : form.language, timeZone: form.timeZone === "" ? null : form.timeZone,
    }));
    runInAction(() => {
      this.savingProfile = false;
      if (result._tag === "Success") {
        this.user = result.success;
        this.profile = formOf(result.success);
        this.profileErrors = {};
        this.root.session.userChanged(result.success);
      } else {
        this.profileErrors = fieldErrorsOf(result.failure, this.root.messages);
      }
    });
    if (result._tag === "Success") this.root.snackbars.show({ message: "PROFILE_SAVED", timeoutMs: 3000, intent: "success", key: "profile" });
    return result._tag === "Success";
  }

  editPassword(change: Partial<PasswordForm>): void {
    this.password = { ...this.password, ...change };
    this.passwordErrors = {};
  }

  /** POST my password; on success the form empties and PASSWORD_CHANGED shows for 3 s. */
  async changePassword(): Promise<boolean> {
    if (!this.canChangePassword) return false;
    const form = this.password;
    runInAction(() => (this.savingPassword = true));
    const result = await this.root.run(this.root.ports.api.me.changePassword({
      oldPassword: form.oldPassword, newPassword: form.newPassword, deleteAccessTokens: form.signOutOthers,
    }));
    runInAction(() => {
      this.savingPassword = false;
      if (result._tag === "Success") {
        this.password = EMPTY_PASSWORD;
        this.passwordErrors = {};
      } else {
        this.passwordErrors = fieldErrorsOf(result.failure, this.root.messages);
      }
    });
    if (result._tag === "Success") {
      const entry = ERROR_CATALOGUE.passwordChanged;
      this.root.snackbars.show({ message: entry.text, timeoutMs: entry.durationMs, intent: "success", key: "password-changed" });
    }
    return result._tag === "Success";
  }

  editEmail(change: { email?: string; password?: string }): void {
    if (change.email !== undefined) this.email = change.email;
    if (change.password !== undefined) this.emailPassword = change.password;
    this.emailErrors = {};
  }

  /** Mails the confirmation link to the new address; the address shows as pending until then. */
  async requestEmailChange(): Promise<boolean> {
    runInAction(() => (this.savingEmail = true));
    const result = await this.root.run(this.root.ports.api.account.requestEmailChange(this.email, this.emailPassword));
    runInAction(() => {
      this.savingEmail = false;
      if (result._tag === "Success") {
        if (this.user) this.user = { ...this.user, pendingEmail: result.success.pendingEmail };
        this.email = "";
        this.emailPassword = "";
        this.emailErrors = {};
      } else {
        this.emailErrors = fieldErrorsOf(result.failure, this.root.messages);
      }
    });
    if (result._tag === "Success") {
      this.root.snackbars.show({ message: "EMAIL_CONFIRMATION_SENT", params: { name: result.success.pendingEmail }, timeoutMs: 5000, key: "email-change" });
    }
    return result._tag === "Success";
  }
}
