/**
 * Branding (spec.md sections 3, 4 "Branding", 7 "GET company", 9 favicon): which branding is
 * shown, the company's fqdn, the browser title, the favicon URL and the theme.
 *
 * Decisions the spec leaves open, taken once here:
 * - Precedence: the selected company's own branding, else the host's, else the sector's. The
 *   company is the most specific choice a user makes; the host says which portal they opened.
 * - Logout clears what belongs to the user (company and sector branding); the host branding
 *   stays, because it belongs to the address in the browser and the login page still shows it.
 */
import { FAVICON_PRIORITY_DEFAULT } from "../constants";
import type { Branding, Theme } from "../domain/Branding";
import type { Company, Sector } from "../domain/Company";

export type BrandingSource = "company" | "host" | "sector";

/** The branding of each source, as loaded so far (null: none or not loaded). */
export interface BrandingState {
  readonly company: Branding | null;
  readonly host: Branding | null;
  readonly sector: Branding | null;
}

export const NO_BRANDING: BrandingState = { company: null, host: null, sector: null };

export type BrandingEvent =
  | { readonly type: "host-loaded"; readonly branding: Branding | null }
  | { readonly type: "sector-loaded"; readonly sector: Sector }
  | { readonly type: "company-selected"; readonly company: Company }
  | { readonly type: "logged-out" };

/** The state after an event. Guarantees logged-out leaves only the host branding. Never fails. */
export const brandingReducer = (state: BrandingState, event: BrandingEvent): BrandingState => {
  switch (event.type) {
    case "host-loaded": return { ...state, host: event.branding };
    case "sector-loaded": return { ...state, sector: event.sector.branding ?? null };
    case "company-selected": return { ...state, company: event.company.branding ?? null };
    case "logged-out": return { ...NO_BRANDING, host: state.host };
  }
};

/** The branding shown and where it comes from: company, else host, else sector; null when none is loaded. */
export const activeBranding = (state: BrandingState): { readonly source: BrandingSource; readonly branding: Branding } | null => {
  if (state.company) return { source: "company", branding: state.company };
  if (state.host) return { source: "host", branding: state.host };
  if (state.sector) return { source: "sector", branding: state.sector };
  return null;
};

/**
 * The branding shown for a selected company: its own branding when it has one with a name (set
 * on the Identity screen), else the branding served on its nearest fqdn (`served`), else none.
 * The company's own choice is the most specific one. Never fails.
 */
export const selectedCompanyBranding = (company: Company, served: Branding | null): Branding | null =>
  company.branding && nonEmpty(company.branding.name) !== undefined ? company.branding : served;

/** How far up the company tree the fqdn is looked for: the company, its parent, its grandparent. */
export const FQDN_SEARCH_DEPTH = 3;

const nonEmpty = (value: string | null | undefined): string | undefined =>
  value === null || value === undefined || value.trim() === "" ? undefined : value.trim();

/**
 * The company's fqdn: the nearest fqdn found going up the company, its parent and its
 * grandparent (FQDN_SEARCH_DEPTH levels), otherwise the sector's; undefined when none has one.
 * Guarantees a nearer fqdn always wins over a farther one. Never fails.
 */
export const companyFqdn = (company: Company | null | undefined, sector: Sector | null | undefined): string | undefined => {
  let current: Company | null | undefined = company;
  for (let level = 0; level < FQDN_SEARCH_DEPTH && current; level++) {
    const fqdn = nonEmpty(current.branding?.fqdn);
    if (fqdn !== undefined) return fqdn;
    current = current.parent;
  }
  return nonEmpty(sector?.branding?.fqdn);
};

/** The browser title when no branding names one. */
export const DEFAULT_BROWSER_TITLE = "Portal";

/**
 * The browser title: the active branding's custom glbBrowserTitle, else the sector branding's
 * (the sector sets the product name for all its companies), else the active branding's name,
 * else DEFAULT_BROWSER_TITLE. Never empty.
 */
export const browserTitle = (state: BrandingState): string => {
  const active = activeBranding(state)?.branding;
  return nonEmpty(active?.custom?.glbBrowserTitle) ?? nonEmpty(state.sector?.custom?.glbBrowserTitle) ?? nonEmpty(active?.name)
    ?? DEFAULT_BROWSER_TITLE;
};

/** The primary colour of the active branding (`#rrggbb`), undefined when it names none. */
export const primaryColorOf = (state: BrandingState): string | undefined => nonEmpty(activeBranding(state)?.branding.custom?.glbPrimaryColor);

/** The logo URL of the active branding, undefined when it has none. */
export const logoOf = (state: BrandingState): string | undefined => nonEmpty(activeBranding(state)?.branding.logo);

/** The theme: the active branding's, light when it names none. */
export const themeOf = (state: BrandingState): Theme => activeBranding(state)?.branding.theme ?? "light";

/** The other theme: the theme switch goes between light and dark. */
export const toggleTheme = (theme: Theme): Theme => (theme === "light" ? "dark" : "light");

/** The query parameter that busts the browser's favicon cache. */
export const FAVICON_TIMESTAMP_PARAM = "t";

/** A favicon to put in the page head, with its priority: the highest priority wins. */
export interface FaviconLink {
  readonly href: string;
  readonly priority: number;
}

/**
 * The favicon URL with the cache-busting timestamp parameter set to `timestamp` (replacing any
 * earlier one, keeping other parameters and the fragment), at `priority` (default
 * FAVICON_PRIORITY_DEFAULT). Works for absolute and relative URLs. Never fails.
 */
export const faviconLink = (href: string, timestamp: number, priority: number = FAVICON_PRIORITY_DEFAULT): FaviconLink => {
  const hashAt = href.indexOf("#");
  const fragment = hashAt < 0 ? "" : href.slice(hashAt);
  const withoutFragment = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = withoutFragment.indexOf("?");
  const path = queryAt < 0 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const params = new URLSearchParams(queryAt < 0 ? "" : withoutFragment.slice(queryAt + 1));
  params.set(FAVICON_TIMESTAMP_PARAM, String(timestamp));
  return { href: `${path}?${params.toString()}${fragment}`, priority };
};

/** The link that wins: the highest priority, the latest given among equals; undefined for none. */
export const winningFavicon = (links: ReadonlyArray<FaviconLink>): FaviconLink | undefined =>
  links.reduce<FaviconLink | undefined>((best, link) => (best === undefined || link.priority >= best.priority ? link : best), undefined);
