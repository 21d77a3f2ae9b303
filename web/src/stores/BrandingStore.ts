/**
 * Branding (spec section 4) driven by core's branding rules: the state per source (company, host,
 * sector) changes only through core's brandingReducer; title, theme, fqdn and favicon URL (with
 * its cache-busting timestamp) are core's functions of that state. Cleared on logout (core keeps
 * the host's branding: it belongs to the page, not to the user).
 */
import { Effect } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Branding } from "@portal/core/domain/Branding";
import type { Company, Sector } from "@portal/core/domain/Company";
import { shouldLookUpBranding } from "@portal/core/rules/brandingLookup";
import {
  activeBranding, brandingReducer, browserTitle, companyFqdn, faviconLink, logoOf, NO_BRANDING, primaryColorOf, selectedCompanyBranding, themeOf,
  type BrandingEvent, type BrandingState,
} from "@portal/core/rules/branding";
import type { RootStore } from "./RootStore";
import type { StoreLinks } from "@portal/core/rules/mobile";

/** The app's own icon, used when the company names none. */
export const DEFAULT_FAVICON = "/favicon.svg";

/** How long the company record read by loadCompany may be reused by another store (ms). */
export const RECENT_COMPANY_MS = 10_000;

export class BrandingStore {
  state: BrandingState = NO_BRANDING;
  sectorData: Sector | null = null;
  favicon: string = DEFAULT_FAVICON;
  /** When the branding last changed (Clock): the favicon's cache-busting timestamp. */
  stamp = 0;
  /** The selected company's app-store links (spec 3, Company): the mobile app banner offers them. */
  storeLinks: StoreLinks = {};
  private hostLoad: Promise<void> | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable<BrandingStore, "hostLoad" | "dispatch">(this, {
      state: observableRef, sectorData: observableRef, storeLinks: observableRef, favicon: observable, stamp: observable, hostLoad: false,
      active: computed, browserTitle: computed, theme: computed, faviconHref: computed, displayName: computed,
      company: computed, sector: computed, dispatch: action, logo: computed, primaryColor: computed,
    });
  }

  get active(): Branding | undefined {
    return activeBranding(this.state)?.branding;
  }
  get company(): Branding | undefined {
    return this.state.company ?? undefined;
  }
  get sector(): Branding | undefined {
    return this.state.sector ?? undefined;
  }
  get browserTitle(): string {
    return browserTitle(this.state);
  }
  get theme(): "light" | "dark" {
    return themeOf(this.state);
  }
  get faviconHref(): string {
    return faviconLink(this.favicon, this.stamp).href;
  }
  /** The active branding's logo URL (top bar, sign-in page); undefined: none. */
  get logo(): string | undefined {
    return logoOf(this.state);
  }
  /** The active branding's primary colour (#rrggbb); undefined: the theme's own. */
  get primaryColor(): string | undefined {
    return primaryColorOf(this.state);
  }
  get displayName(): string {
    return this.active?.name ?? browserTitle(this.state);
  }

  /** The host's branding (no session needed), once per app; skipped for the known host fingerprints. */
  loadHost(): Promise<void> {
    this.hostLoad ??= (async () => {
      if (!shouldLookUpBranding(this.root.env.hostname)) return;
      const result = await this.root.run(this.root.ports.api.me.brandingByHost(this.root.brandingHost));
      if (result._tag === "Success") await this.dispatch({ type: "host-loaded", branding: result.success ?? null });
      else this.hostLoad = null;
    })();
    return this.hostLoad;
  }

  /**
   * My sector (bootstrap, with field branding.fqdn), once per session: sign-in and the bootstrap
   * gate both ask for it, and concurrent or repeated asks share one call.
   */
  loadSector(): Promise<void> {
    const session = this.root.session.token?.publicId ?? null;
    if (this.sectorLoad !== null && this.sectorFor === session) return this.sectorLoad;
    this.sectorFor = session;
    const load: Promise<void> = this.root.run(this.root.ports.api.me.mySector()).then(async (result) => {
      if (result._tag === "Success") await this.dispatch({ type: "sector-loaded", sector: result.success }, { sector: result.success });
      else if (this.sectorLoad === load) this.sectorLoad = null;
    });
    this.sectorLoad = load;
    return load;
  }
  private sectorLoad: Promise<void> | null = null;
  private sectorFor: string | null = null;

  /**
   * The selected company's branding: its own (Identity screen), else the one served on its
   * nearest fqdn (company, parent, grandparent, else sector): core's selectedCompanyBranding.
   * Called again when the company's identity changed ("branding-changed").
   */
  async loadCompany(publicId: string): Promise<void> {
    const { api } = this.root.ports;
    const reading = this.root.run(api.me.company(publicId));
    this.companyRead = {
      publicId, at: Effect.runSync(this.root.ports.clock.now), record: reading.then((r) => (r._tag === "Success" ? r.success : null)),
    };
    const company = await reading;
    if (company._tag !== "Success") return;
    const { appleAppStoreLink = null, googlePlayStoreLink = null } = company.success;
    runInAction(() => (this.storeLinks = { appleAppStoreLink, googlePlayStoreLink }));
    const fqdn = companyFqdn(company.success, this.sectorData);
    const served = fqdn === undefined ? undefined : await this.root.run(api.me.brandingByHost(fqdn));
    const branding = selectedCompanyBranding(company.success, served?._tag === "Success" ? (served.success ?? null) : null);
    await this.dispatch({ type: "company-selected", company: { ...company.success, branding } }, {
      favicon: company.success.favicon ?? DEFAULT_FAVICON,
    });
  }

  /**
   * The record of `publicId` that the last loadCompany read (or is reading), when it started
   * within RECENT_COMPANY_MS; null otherwise, or when that read failed. The terms alert needs the
   * same record (same fields) right after a company is chosen: one call instead of two.
   */
  async recentCompany(publicId: string): Promise<Company | null> {
    const read = this.companyRead;
    if (read === null || read.publicId !== publicId || Effect.runSync(this.root.ports.clock.now) - read.at > RECENT_COMPANY_MS) return null;
    return read.record;
  }
  private companyRead: { readonly publicId: string; readonly at: number; readonly record: Promise<Company | null> } | null = null;

  /** Logout: the user's company and sector branding go; title and theme fall back to the host's. */
  clear(): Promise<void> {
    this.companyRead = null;
    runInAction(() => (this.storeLinks = {}));
    this.sectorLoad = null;
    return this.dispatch({ type: "logged-out" }, { sector: null, favicon: DEFAULT_FAVICON });
  }

  private async dispatch(event: BrandingEvent, extra: { sector?: Sector | null; favicon?: string } = {}): Promise<void> {
    const now = await Effect.runPromise(this.root.ports.clock.now);
    this.apply(event, extra, now);
  }

  private apply = action((event: BrandingEvent, extra: { sector?: Sector | null; favicon?: string }, now: number) => {
    this.state = brandingReducer(this.state, event);
    if (extra.sector !== undefined) this.sectorData = extra.sector;
    if (extra.favicon !== undefined) this.favicon = extra.favicon;
    this.stamp = now;
  });
}
