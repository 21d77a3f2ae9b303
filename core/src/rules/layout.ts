/**
 * Layout and document rules of the shell (spec 9: the wide layout starts at 960 px; issue
 * "navigation": every screen has a document title). Pure, so web and tests agree.
 */
import { WIDE_LAYOUT_MIN_PX } from "../constants";

/**
 * Whether a viewport of this width gets the wide layout (left menu beside the content, side
 * panels beside their pages, dialogs as windows). Narrower viewports get the top bar with a menu
 * button and a drawer, side panels as pages, and full-screen dialogs.
 */
export const isWideLayout = (viewportWidthPx: number): boolean => viewportWidthPx >= WIDE_LAYOUT_MIN_PX;

/** The media query of the wide layout, for CSS-in-JS and matchMedia. */
export const WIDE_LAYOUT_QUERY = `(min-width: ${WIDE_LAYOUT_MIN_PX}px)`;

/**
 * The browser title of a screen: "<screen> · <brand title>", or the brand title alone when the
 * screen has no title. Guarantees: never empty when the brand title is not, and the screen's
 * title comes first so that tabs and history entries tell screens apart.
 */
export const documentTitle = (screenTitle: string | null, brandTitle: string): string => {
  const screen = screenTitle?.trim() ?? "";
  const brand = brandTitle.trim();
  if (screen === "") return brand;
  if (brand === "" || screen === brand) return screen;
  return `${screen} · ${brand}`;
};
