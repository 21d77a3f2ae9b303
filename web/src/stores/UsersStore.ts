/**
 * The Users screen (issue 11, invite:user): the company's members, paged from the server (search
 * and sort are the server's), the pending invites, and every change of a member: role,
 * temporary access, removal. Failures show the server's sentence (LAST_ADMINISTRATOR among
 * them) and keep what the user chose. The list is preloaded PRELOAD_DELAY_MS after the shell
 * opens (spec 2: "users (preloaded after a delay)"), so the screen opens at once.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { CompanyUser, PendingInvite } from "@portal/core/domain/CompanyUser";
import type { UserListRequest, UserPatch } from "@portal/core/ports/PortalApi";
import type { Effect } from "effect";
import type { GateState } from "./BootstrapStore";
import type { ErrorLike } from "@portal/core/messages/messages";
import type { RootStore } from "./RootStore";

/** How long after the shell opens the users list starts loading. */
export const PRELOAD_DELAY_MS = 2000;
/** Members fetched per call: a screenful many times over, one round trip per few seconds of scrolling. */
export const USERS_PAGE_SIZE = 500;
/** How long the search waits for the typing to stop before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

const SNACKBAR_KEY = "users";

export class UsersStore {
  users: ReadonlyArray<CompanyUser> = [];
  moreAfter: string | null = null;
  state: GateState = "idle";
  loadingMore = false;
  search = "";
  sort: "name" | "email" = "name";
  invites: ReadonlyArray<PendingInvite> = [];
  /** The member whose row is being saved (a role, a date, a removal). */
  saving: string | null = null;
  /** The last failure of a member's change, as a sentence, by member publicId. */
  errors: ReadonlyMap<string, string> = new Map();
  seenRoles: ReadonlyMap<string, string> = new Map();
  private generation = 0;
  private preloadTimer: unknown = null;
  private searchTimer: unknown = null;
  private loadedCompany: string | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable<UsersStore, "generation" | "preloadTimer" | "searchTimer" | "loadedCompany">(this, {
      generation: false, preloadTimer: false, searchTimer: false, loadedCompany: false,
      users: observableRef, moreAfter: observable, state: observable, loadingMore: observable, search: observable, sort: observable,
      invites: observableRef, saving: observable, roleChoices: computed, seenRoles: observableRef, errors: observableRef, setSearch: action, setSort: action, reset: action,
    });
  }

  /** Starts loading PRELOAD_DELAY_MS from now, unless the list is loaded or loading. */
  schedulePreload(): void {
    if (this.preloadTimer !== null || this.state !== "idle") return;
    this.preloadTimer = this.root.timers.setTimeout(() => {
      this.preloadTimer = null;
      if (this.state === "idle" && this.root.session.rights.includes("invite:user")) void this.load();
    }, PRELOAD_DELAY_MS);
  }

  /**
   * The roles to choose from: the company's roles (RoleList, readable with invite:user), plus any
   * role seen on a member since the list was first loaded (a search narrows the list, not the choice).
   */
  get roleChoices(): ReadonlyArray<{ publicId: string; name: string }> {
    return [...this.seenRoles].map(([publicId, name]) => ({ publicId, name })).sort((a, b) => a.name.localeCompare(b.name));
  }

  private remember(users: ReadonlyArray<CompanyUser>): void {
    const next = new Map(this.seenRoles);
    for (const u of users) if (u.role) next.set(u.role.publicId, u.role.name ?? u.role.publicId);
    if (next.size !== this.seenRoles.size) this.seenRoles = next;
  }

  /** The screen opened: load now unless the preload already did it for this company. */
  open(): void {
    const company = this.root.session.selectedCompanyId ?? null;
    if (this.state === "idle" || this.loadedCompany !== company) void this.load();
    void this.loadInvites();
    void this.loadRoles();
  }

  /** Every role of the company, for the role pickers (first page: a company has few roles). */
  async loadRoles(): Promise<void> {
    const result = await this.root.run(this.root.ports.api.roles.list({ pageSize: MAX_PAGE_SIZE }));
    runInAction(() => {
      if (result._tag !== "Success") return;
      const next = new Map(this.seenRoles);
      for (const r of result.success.data) next.set(r.publicId, r.name);
      this.seenRoles = next;
    });
  }

  /** Company switch or logout. */
  reset(): void {
    this.generation++;
    if (this.preloadTimer !== null) this.root.timers.clearTimeout(this.preloadTimer);
    this.preloadTimer = null;
    this.users = [];
    this.seenRoles = new Map();
    this.invites = [];
    this.moreAfter = null;
    this.state = "idle";
    this.search = "";
    this.loadedCompany = null;
  }

  private request(pageAfter?: string): UserListRequest {
    return { pageSize: USERS_PAGE_SIZE, sort: this.sort, ...(this.search.trim() ? { search: this.search.trim() } : {}), ...(pageAfter ? { pageAfter } : {}) };
  }

  /** The first page for the current search and sort. */
  async load(): Promise<void> {
    const generation = ++this.generation;
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(this.root.ports.api.users.list(this.request()));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.users = result.success.data;
        this.remember(this.users);
        this.moreAfter = result.success.moreAfter;
        this.state = "ready";
        this.loadedCompany = this.root.session.selectedCompanyId ?? null;
      } else {
        this.state = "failed";
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  /** The next page, when the list scrolled near its end; one at a time. */
  async loadMore(): Promise<void> {
    if (this.moreAfter === null || this.loadingMore || this.state !== "ready") return;
    const generation = this.generation;
    runInAction(() => (this.loadingMore = true));
    const result = await this.root.run(this.root.ports.api.users.list(this.request(this.moreAfter)));
    runInAction(() => {
      this.loadingMore = false;
      if (generation !== this.generation) return;
      if (result._tag === "Success") {
        this.users = [...this.users, ...result.success.data];
        this.remember(result.success.data);
        this.moreAfter = result.success.moreAfter;
      } else {
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  /** The search text; the server is asked once the typing pauses. */
  setSearch(text: string): void {
    this.search = text;
    if (this.searchTimer !== null) this.root.timers.clearTimeout(this.searchTimer);
    this.searchTimer = this.root.timers.setTimeout(() => {
      this.searchTimer = null;
      void this.load();
    }, SEARCH_DEBOUNCE_MS);
  }

  setSort(sort: "name" | "email"): void {
    if (this.sort === sort) return;
    this.sort = sort;
    void this.load();
  }

  async loadInvites(): Promise<void> {
    const result = await this.root.run(this.root.ports.api.users.invites());
    runInAction(() => {
      if (result._tag === "Success") this.invites = result.success;
    });
  }

  /** Changes a member; true when saved. A refusal (LAST_ADMINISTRATOR, a past date) stays beside the row. */
  async update(member: CompanyUser, patch: UserPatch): Promise<boolean> {
    return this.change(member.publicId, this.root.ports.api.users.update(member.publicId, patch), (updated) => {
      this.users = this.users.map((u) => (u.publicId === updated.publicId ? updated : u));
      this.remember([updated]);
    });
  }

  /** Removes a member from the company; true when removed. */
  async remove(member: CompanyUser): Promise<boolean> {
    return this.change(member.publicId, this.root.ports.api.users.remove(member.publicId), () => {
      this.users = this.users.filter((u) => u.publicId !== member.publicId);
    });
  }

  private async change<A>(publicId: string, call: Effect.Effect<A, ErrorLike>, apply: (a: A) => void): Promise<boolean> {
    runInAction(() => {
      this.saving = publicId;
      const errors = new Map(this.errors);
      errors.delete(publicId);
      this.errors = errors;
    });
    const result = await this.root.run(call);
    runInAction(() => {
      this.saving = null;
      if (result._tag === "Success") apply(result.success);
      else {
        const text = this.root.messages.ofError(result.failure);
        this.errors = new Map(this.errors).set(publicId, text);
        this.root.snackbars.show({ message: text, timeoutMs: 6000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
    return result._tag === "Success";
  }

  /** Mails an invite again with a new link. */
  async resend(invite: PendingInvite): Promise<boolean> {
    const result = await this.root.run(this.root.ports.api.users.resendInvite(invite.publicId));
    runInAction(() => {
      if (result._tag === "Success") {
        this.invites = this.invites.map((i) => (i.publicId === invite.publicId ? result.success : i));
        this.root.snackbars.show({ message: `A new invite was sent to ${invite.email}.`, timeoutMs: 4000, intent: "success", key: SNACKBAR_KEY });
      } else this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 6000, intent: "danger", key: SNACKBAR_KEY });
    });
    return result._tag === "Success";
  }

  /** Withdraws an invite: its link stops working. */
  async withdraw(invite: PendingInvite): Promise<boolean> {
    const result = await this.root.run(this.root.ports.api.users.withdrawInvite(invite.publicId));
    runInAction(() => {
      if (result._tag === "Success") this.invites = this.invites.filter((i) => i.publicId !== invite.publicId);
      else this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 6000, intent: "danger", key: SNACKBAR_KEY });
    });
    return result._tag === "Success";
  }
}
