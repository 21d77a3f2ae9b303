/**
 * The signed-in session: the access token (kept through the Storage port with its expiry, the
 * "auth storage" of spec section 3), the user, their companies, the selected company (kept in
 * storage, sent as Api-Company) and its rights. Sign-in failures are shown as the server's message.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { Effect } from "effect";
import { JUMP_START_TOKEN_SECONDS } from "@portal/core/constants";
import type { AccessToken } from "@portal/core/domain/AccessToken";
import { safeReturnPath } from "@portal/core/rules/returnPath";
import type { MyCompany } from "@portal/core/domain/Company";
import type { Right } from "@portal/core/domain/Right";
import type { MyUser } from "@portal/core/domain/User";
import type { RootStore } from "./RootStore";
import { writeJson } from "./storageJson";
import { RECENT_COMPANY_MS } from "./BrandingStore";

import { AUTH_KEY, BROWSER_ID_KEY, COMPANY_KEY } from "./sessionKeys";

export { AUTH_KEY, BROWSER_ID_KEY, COMPANY_KEY };
/** Lifetime asked for at sign-in: one week (the spec leaves it open; the server allows up to 60 days). */
export const SIGN_IN_TOKEN_SECONDS = 7 * 24 * 60 * 60;

interface PendingTwoFactor {
  readonly email: string;
  readonly password: string;
}

export class SessionStore {
  token: AccessToken | null = null;
  user: MyUser | null = null;
  companies: MyCompany[] = [];
  companiesLoaded = false;
  companiesError: string | null = null;
  selectedCompanyId: string | null = null;
  rights: ReadonlyArray<Right> = [];
  rightsLoaded = false;
  signingIn = false;
  signInError: string | null = null;
  pendingTwoFactor: PendingTwoFactor | null = null;
  needsCompanyChoice = false;
  /** Set by a report jump-start link: the terms-of-use prompt stays away for this session. */
  termsPromptSuppressed = false;
  /** The page opened while signed out: shown again after sign-in and the company choice. */
  returnTo: string | null = null;
  /** This browser's id (trusted devices); read or made at restore. */
  browserId: string | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable<SessionStore, "pendingTwoFactor" | "companyRun" | "companiesRead">(this, {
      companyRun: false, companiesRead: false,
      token: observableRef, user: observableRef, companies: observableRef, companiesLoaded: observable,
      companiesError: observable, selectedCompanyId: observable, rights: observableRef, rightsLoaded: observable,
      signingIn: observable, signInError: observable, pendingTwoFactor: observableRef, needsCompanyChoice: observable,
      termsPromptSuppressed: observable, returnTo: observable, rememberReturn: action, returned: action,
      isSignedIn: computed, twoFactorPending: computed, selectedCompanyName: computed, userName: computed,
      cancelTwoFactor: action, userChanged: action,
    });
  }

  get isSignedIn(): boolean {
    return this.token !== null;
  }
  get twoFactorPending(): boolean {
    return this.pendingTwoFactor !== null;
  }
  get selectedCompanyName(): string | null {
    return this.companies.find((c) => c.publicId === this.selectedCompanyId)?.name ?? null;
  }
  get userName(): string {
    return this.user?.name ?? "";
  }
  /** The time zone dates are shown in: my profile's, else undefined (the browser's). */
  get timeZone(): string | undefined {
    return this.user?.timeZone ?? undefined;
  }
  /** The secret the HTTP adapter sends as Bearer. */
  get secret(): string | null {
    return this.token?.secretId ?? null;
  }

  navigate(path: string): void {
    this.root.navigate(path);
  }

  /** Remembers a deep link to come back to after sign-in (core's safeReturnPath; others are ignored). */
  rememberReturn(path: string | null): void {
    const safe = safeReturnPath(path);
    if (safe !== null) this.returnTo = safe;
  }

  /** The remembered page has been shown: forget it. */
  returned(): void {
    this.returnTo = null;
  }

  /** Where to go once signed in (or once a company is chosen): the remembered page, else home. */
  get destination(): string {
    return this.returnTo ?? "/";
  }

  /** Reads a still-valid token and the selected company from storage (expired entries read as absent). */
  async restore(): Promise<void> {
    const { storage } = this.root.ports;
    // Nothing stored (a signed-out visitor): no schemas to load before the sign-in page shows.
    const stored = await Effect.runPromise(storage.get(AUTH_KEY));
    const { token, company } = stored === undefined ? { token: null, company: null } : await import("./storedSession").then(
      (m) => m.readStoredSession(storage, AUTH_KEY, COMPANY_KEY),
      // The module cannot load (its server is gone): signed out for now; the stored session stays for the next start.
      () => ({ token: null, company: null }),
    );
    runInAction(() => {
      this.token = token;
      this.selectedCompanyId = token === null ? null : company;
    });
    await this.ensureBrowserId();
  }

  /** Reads the browser id, or makes one and keeps it without expiry (a refusal leaves none). */
  private async ensureBrowserId(): Promise<void> {
    const { storage } = this.root.ports;
    let id = await Effect.runPromise(storage.get(BROWSER_ID_KEY));
    if (id === undefined) {
      const made = globalThis.crypto?.randomUUID?.() ?? `b-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
      const kept = await Effect.runPromise(Effect.result(storage.set(BROWSER_ID_KEY, made)));
      id = kept._tag === "Success" ? made : undefined;
    }
    this.browserId = id ?? null;
  }

  /** My profile was saved: the shell's name and the dates' time zone follow. */
  userChanged(user: MyUser): void {
    this.user = user;
  }

  /** Email and password; a two-factor account continues on /two-factor-auth. */
  async signIn(email: string, password: string): Promise<void> {
    await this.createToken(email, "", password);
  }

  /** The second step: the same credentials with the one-time code. */
  async submitOtp(otp: string): Promise<void> {
    const pending = this.pendingTwoFactor;
    if (pending === null) return;
    await this.createToken(pending.email, otp.trim(), pending.password);
  }

  cancelTwoFactor(): void {
    this.pendingTwoFactor = null;
    this.signInError = null;
    this.root.navigate("/login");
  }

  private async createToken(email: string, otp: string, password: string): Promise<void> {
    runInAction(() => {
      this.signingIn = true;
      this.signInError = null;
    });
    const result = await this.root.run(this.root.ports.api.auth.createAccessToken({ kind: "password", email, otp, password }, SIGN_IN_TOKEN_SECONDS));
    if (result._tag === "Success") {
      await this.adoptToken(result.success);
      runInAction(() => {
        this.pendingTwoFactor = null;
        this.signingIn = false;
      });
      // No navigation here: the sign-in and two-factor pages send a signed-in person to the
      // destination as soon as the token is set. A second navigation here, after the sector's
      // branding came back, could land after the company check had already sent a person of
      // several companies on to my-companies, and took them back to a blank deep link.
      return;
    }
    const error = result.failure;
    // The sentence is kept as text: wait for the whole catalogue (loading since the start).
    await this.root.messages.ready;
    const { messages } = this.root;
    runInAction(() => {
      this.signingIn = false;
      if (error._tag === "Unauthenticated" && error.reason === "TWO_FACTOR_REQUIRED") {
        this.pendingTwoFactor = { email, password };
        this.root.navigate("/two-factor-auth");
      } else if (error._tag === "RateLimited" && error.retryAfterSeconds !== undefined) {
        // The lockout (ten failures): say at what time the user may try again, besides the minutes.
        const at = Effect.runSync(this.root.ports.clock.now) + error.retryAfterSeconds * 1000;
        const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date(at));
        this.signInError = `${messages.englishOfError(error)} ${messages.text("TRY_AGAIN_AT", { name: time })}`;
      } else {
        this.signInError = messages.englishOfError(error);
      }
    });
  }

  /** Signs in with a jump-start link's token; true on success. */
  async jumpStart(link: { publicId?: string; secretId: string; companyId?: string }, options: { suppressTermsPrompt: boolean }): Promise<boolean> {
    const result = await this.root.run(
      this.root.ports.api.auth.createAccessToken({ kind: "bearer", secretId: link.secretId }, JUMP_START_TOKEN_SECONDS),
    );
    if (result._tag !== "Success") return false;
    await this.adoptToken(result.success);
    // The link's own token has done its job; it is removed by its public id.
    if (link.publicId !== undefined) await this.root.run(this.root.ports.api.auth.deleteAccessToken(link.publicId));
    runInAction(() => {
      this.termsPromptSuppressed = options.suppressTermsPrompt;
    });
    if (link.companyId !== undefined) await this.storeCompany(link.companyId);
    return true;
  }

  private async adoptToken(token: AccessToken): Promise<void> {
    await Effect.runPromise(writeJson(this.root.ports.storage, AUTH_KEY, token, Date.parse(token.expiresOn)));
    runInAction(() => {
      this.token = token;
      this.user = null;
      this.companiesLoaded = false;
      this.rightsLoaded = false;
      this.needsCompanyChoice = false;
    });
    void this.loadUser();
    await this.root.branding.loadSector();
  }

  private readonly sessionEndListeners = new Set<() => void>();
  private readonly companyChangeListeners = new Set<() => void>();
  private readonly companyAppliedListeners = new Set<(publicId: string) => void>();

  /**
   * Calls `listener` when the session ends (sign-out): stores built on first use subscribe in
   * their constructors and drop what belonged to the person. Returns the unsubscribe.
   */
  onSessionEnd(listener: () => void): () => void {
    this.sessionEndListeners.add(listener);
    return () => void this.sessionEndListeners.delete(listener);
  }

  /**
   * Calls `listener` each time a company is applied (stored as selected), before its rights are
   * in: what needs only the company (the shell's lists) can load beside the rights.
   */
  onCompanyApplied(listener: (publicId: string) => void): () => void {
    this.companyAppliedListeners.add(listener);
    return () => void this.companyAppliedListeners.delete(listener);
  }

  /** Calls `listener` after the person chose another company on my-companies (and when the session ends). */
  onCompanyChange(listener: () => void): () => void {
    this.companyChangeListeners.add(listener);
    return () => void this.companyChangeListeners.delete(listener);
  }

  /** Reads my user; a call while one is on its way joins it (the sign-in and the company check both ask). */
  loadUser(): Promise<void> {
    this.userRead ??= this.root.run(this.root.ports.api.me.myUser()).then((result) => {
      if (result._tag === "Success") runInAction(() => (this.user = result.success));
    }).finally(() => (this.userRead = null));
    return this.userRead;
  }
  private userRead: Promise<void> | null = null;

  /** Ends the session on the server, then clears storage, state and branding, and goes to sign-in. */
  async signOut(): Promise<void> {
    const token = this.token;
    if (token !== null) await this.root.run(this.root.ports.api.auth.deleteAccessToken(token.publicId));
    await this.forgetSession();
  }

  /** Clears the stored session, state and branding and goes to sign-in (the server already ended it). */
  async forgetSession(goToLogin = true): Promise<void> {
    const { storage } = this.root.ports;
    await Effect.runPromise(Effect.all([storage.remove(AUTH_KEY), storage.remove(COMPANY_KEY)]));
    this.companiesRead = null;
    runInAction(() => {
      this.token = null;
      this.user = null;
      this.companies = [];
      this.companiesLoaded = false;
      this.selectedCompanyId = null;
      this.rights = [];
      this.rightsLoaded = false;
      this.pendingTwoFactor = null;
      this.needsCompanyChoice = false;
      this.termsPromptSuppressed = false;
      this.signInError = null;
      this.returnTo = null;
    });
    await this.root.branding.clear();
    for (const listener of [...this.sessionEndListeners]) listener();
    if (goToLogin) this.root.navigate("/login");
  }

  /**
   * My companies for the my-companies page: read again unless a read began within
   * RECENT_COMPANY_MS (the company check right after sign-in has just read them).
   */
  async loadCompaniesUnlessRecent(): Promise<void> {
    if (this.companiesLoaded && (await this.recentCompanies()) !== null) return;
    await this.loadCompanies();
  }

  async loadCompanies(): Promise<void> {
    const call = this.root.run(this.root.ports.api.me.myCompanies());
    this.companiesRead = {
      at: Effect.runSync(this.root.ports.clock.now),
      list: call.then((r) => (r._tag === "Success" ? r.success : null)),
    };
    const result = await call;
    if (result._tag !== "Success") await this.root.messages.ready;
    runInAction(() => {
      if (result._tag === "Success") {
        this.companies = [...result.success];
        this.companiesLoaded = true;
        this.companiesError = null;
      } else {
        this.companiesError = this.root.messages.englishOfError(result.failure);
      }
    });
  }

  /**
   * My companies as the last loadCompanies read them (or is reading them), when that read started
   * within RECENT_COMPANY_MS; null otherwise, or when it failed. The reminders need the same list
   * right after the session picked a company: one call at a signed-in start instead of two.
   */
  recentCompanies(): Promise<ReadonlyArray<MyCompany> | null> {
    const read = this.companiesRead;
    if (read === null || Effect.runSync(this.root.ports.clock.now) - read.at > RECENT_COMPANY_MS) return Promise.resolve(null);
    return read.list;
  }
  private companiesRead: { readonly at: number; readonly list: Promise<ReadonlyArray<MyCompany> | null> } | null = null;

  /**
   * Makes sure a company is selected: the stored one if the user still belongs to it, the only
   * one when there is one, otherwise the user chooses on my-companies.
   */
  ensureCompany(): Promise<void> {
    this.companyRun ??= this.pickCompany().finally(() => (this.companyRun = null));
    return this.companyRun;
  }
  private companyRun: Promise<void> | null = null;

  private async pickCompany(): Promise<void> {
    if (this.user === null) void this.loadUser();
    if (!this.companiesLoaded) await this.loadCompanies();
    if (!this.companiesLoaded) return;
    const stored = this.selectedCompanyId;
    const only = this.companies.length === 1 ? this.companies[0] : undefined;
    if (stored !== null && this.companies.some((c) => c.publicId === stored)) {
      await this.applyCompany(stored);
    } else if (only !== undefined) {
      await this.applyCompany(only.publicId);
    } else {
      runInAction(() => {
        this.selectedCompanyId = null;
        this.needsCompanyChoice = true;
      });
    }
  }

  /** The my-companies choice: selects, remembers, and opens home for that company. */
  async selectCompany(publicId: string): Promise<void> {
    await this.applyCompany(publicId);
    for (const listener of [...this.companyChangeListeners]) listener();
    this.root.navigate(this.destination);
  }

  private async applyCompany(publicId: string): Promise<void> {
    await this.storeCompany(publicId);
    runInAction(() => {
      this.needsCompanyChoice = false;
      this.rightsLoaded = false;
    });
    for (const listener of [...this.companyAppliedListeners]) listener(publicId);
    await Promise.all([this.loadRights(), this.root.branding.loadCompany(publicId)]);
  }

  private async storeCompany(publicId: string): Promise<void> {
    const expiresOn = this.token?.expiresOn;
    await Effect.runPromise(writeJson(this.root.ports.storage, COMPANY_KEY, publicId, expiresOn === undefined ? undefined : Date.parse(expiresOn)));
    runInAction(() => (this.selectedCompanyId = publicId));
  }

  /**
   * Reloads my rights in the selected company after they changed (a role edit: the
   * "rights-changed" event, or my own save), so the menu follows without a reload. Unlike
   * loadRights, a failed call keeps the rights held so far rather than emptying the menu.
   */
  async refreshRights(): Promise<void> {
    const companyId = this.selectedCompanyId;
    if (companyId === null) return;
    const result = await this.root.run(this.root.ports.api.me.myRights(companyId));
    if (result._tag === "Success" && this.selectedCompanyId === companyId) runInAction(() => (this.rights = result.success));
  }

  async loadRights(): Promise<void> {
    const companyId = this.selectedCompanyId;
    if (companyId === null) return;
    const result = await this.root.run(this.root.ports.api.me.myRights(companyId));
    runInAction(() => {
      this.rights = result._tag === "Success" ? result.success : [];
      this.rightsLoaded = result._tag === "Success";
    });
  }
}
