/**
 * What the boot script paints before any module has loaded (boot.ts): the starting screen of a
 * signed-in start (shell/StartingFrame.tsx) and, on a phone, the app banner above it, decided by
 * the same rules the stores apply once they run. Pure, so the unit tests and the boot agree.
 */
import { readStoredEntry } from "@portal/adapters/storage/storedEntry";
import { documentTitle } from "@portal/core/rules/layout";
import { appBanner, mobileOsOf } from "@portal/core/rules/mobile";
import { IS_PORTAL_APP } from "../app/portalApp";
import { STARTING_TITLES } from "../app/startingTitles";

export interface StartingScreenPlan {
  /** The screen's h1. */
  readonly title: string;
  readonly wide: boolean;
  /** The app banner's height, or null for none. */
  readonly bannerHeightPx: number | null;
  readonly documentTitle: string;
}

export interface StartingScreenInput {
  /** The top bar's name in the template: the branding of a start, before any is loaded (startingScreenMarkup). */
  readonly brand: string;
  /** The raw stored access token entry (localStorage), or null. */
  readonly storedToken: string | null;
  readonly now: number;
  readonly pathname: string;
  readonly search: string;
  readonly userAgent: string;
  readonly maxTouchPoints: number;
  readonly wide: boolean;
  readonly online: boolean;
}

/**
 * The starting screen to paint, or null for none (the app's first render decides, as before).
 * Guarantees: a screen only with a live stored token (as the session store will read it), on a
 * path with a starting title, with no jump-start token in the URL (that page has its own spinner)
 * and while online (offline, the app adds its banner above); the banner exactly when the app
 * banner store would show one at start (no company links yet: the generic one).
 */
export function startingScreenPlan(input: StartingScreenInput): StartingScreenPlan | null {
  if (readStoredEntry(input.storedToken, input.now).kind !== "value") return null;
  if (!input.online || new URLSearchParams(input.search).has("token")) return null;
  const title = STARTING_TITLES[input.pathname.replace(/\/+$/, "")];
  if (title === undefined) return null;
  const banner = appBanner({ isPortalApp: IS_PORTAL_APP, os: mobileOsOf(input.userAgent, input.maxTouchPoints), links: {}, dismissed: false });
  return { title, wide: input.wide, bannerHeightPx: banner?.heightPx ?? null, documentTitle: documentTitle(title, input.brand) };
}
