/**
 * The invite dialog (issue 11): several addresses typed at once (core's splitEmailList), one role
 * of the company, optional groups; one call, one transaction. A refusal keeps everything typed
 * and names the failing addresses with the server's sentence.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Group } from "@portal/core/domain/Group";
import { splitEmailList } from "@portal/core/rules/users";
import type { RootStore } from "./RootStore";
import { ShellDataStore } from "./ShellDataStore";
import { UsersStore } from "./UsersStore";

export class InviteDialogStore {
  isOpen = false;
  text = "";
  rolePublicId = "";
  groupIds: ReadonlyArray<string> = [];
  sending = false;
  /** Sentences of the last refusal, one per failing address (or one for the call). */
  problems: ReadonlyArray<string> = [];
  /** Roles to choose from: those held by members (the roles screen belongs to another part of issue 11). */
  roles: ReadonlyArray<{ publicId: string; name: string }> = [];
  groups: ReadonlyArray<Group> = [];

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      isOpen: observable, text: observable, rolePublicId: observable, groupIds: observableRef, sending: observable, problems: observableRef,
      roles: observableRef, groups: observableRef, open: action, close: action, setText: action, setRole: action, toggleGroup: action,
      parsed: computed, isDirty: computed, canSend: computed,
    });
  }

  get parsed(): { emails: string[]; invalid: string[] } {
    return splitEmailList(this.text);
  }

  get isDirty(): boolean {
    return this.text.trim() !== "" || this.groupIds.length > 0;
  }

  get canSend(): boolean {
    return !this.sending && this.parsed.emails.length > 0 && this.parsed.invalid.length === 0 && this.rolePublicId !== "";
  }

  open(): void {
    this.isOpen = true;
    this.problems = [];
    this.roles = this.root.get(UsersStore).roleChoices;
    if (this.rolePublicId === "" || !this.roles.some((r) => r.publicId === this.rolePublicId)) this.rolePublicId = this.roles[0]?.publicId ?? "";
    void this.loadGroups();
  }

  private async loadGroups(): Promise<void> {
    const types = this.root.get(ShellDataStore).groupTypes;
    const lists = await Promise.all(types.map((t) => this.root.run(this.root.ports.api.groups.listByGroupType(t.publicId, { pageSize: 4000 }))));
    runInAction(() => {
      this.groups = lists.flatMap((r) => (r._tag === "Success" ? r.success.data : []));
    });
  }

  /** Closes and forgets what was typed (the view asks first when isDirty). */
  close(): void {
    this.isOpen = false;
    this.text = "";
    this.groupIds = [];
    this.problems = [];
  }

  setText(text: string): void {
    this.text = text;
  }

  setRole(publicId: string): void {
    this.rolePublicId = publicId;
  }

  toggleGroup(publicId: string): void {
    this.groupIds = this.groupIds.includes(publicId) ? this.groupIds.filter((g) => g !== publicId) : [...this.groupIds, publicId];
  }

  /** Sends the invites; closes on success, keeps everything on a refusal. */
  async send(): Promise<boolean> {
    if (!this.canSend) return false;
    const emails = this.parsed.emails;
    runInAction(() => { this.sending = true; this.problems = []; });
    const batch = emails.map((email) => ({ email, role: { publicId: this.rolePublicId }, groups: this.groupIds.map((publicId) => ({ publicId })) }));
    const result = await this.root.run(this.root.ports.api.users.invite(batch));
    runInAction(() => {
      this.sending = false;
      if (result._tag === "Success") {
        this.root.snackbars.show({ message: emails.length === 1 ? `An invite was sent to ${emails[0]}.` : `${emails.length} invites were sent.`, timeoutMs: 4000, intent: "success", key: "users" });
        this.close();
        void this.root.get(UsersStore).loadInvites();
        return;
      }
      const failure = result.failure;
      const issues = "issues" in failure && Array.isArray(failure.issues) ? failure.issues as ReadonlyArray<{ message: string; listIndex?: number }> : [];
      this.problems = issues.length > 0
        ? issues.map((i) => `${i.listIndex !== undefined ? `${emails[i.listIndex]}: ` : ""}${this.root.messages.text(i.message)}`)
        : [this.root.messages.ofError(failure)];
    });
    return result._tag === "Success";
  }
}
