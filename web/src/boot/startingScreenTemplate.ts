/**
 * The starting screen as static markup, for index.html: the build puts it there in a <template>
 * (vite.config.ts, bootScript), and the boot script clones and fills it before any module has
 * loaded (boot.ts). It is the markup React renders for the same screen (shell/StartingFrame.tsx,
 * shell/light.tsx's spinner, AppBanner.tsx's generic banner), so that React's first render
 * replaces it with the same pixels (the e2e test boot-screen.spec compares the two node for node).
 * Markup in the document, not strings in the script, and the start's brand written in by the build:
 * the script stays small (1.2 kB gzip). vite.config.ts reads this module: type imports only.
 */
import type { StartingScreenPlan } from "./startingScreenPlan";

/** The id of the template element in index.html. */
export const STARTING_SCREEN_TEMPLATE_ID = "portal-starting-screen";

const escapeText = (text: string): string => text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));

const SPINNER_PATH = "M 50,50 m 0,-45 a 45,45 0 1 1 0,90 a 45,45 0 1 1 0,-90";
const CROSS_PATH = "m9.41 8 3.29-3.29c.19-.18.3-.43.3-.71a1.003 1.003 0 0 0-1.71-.71L8 6.59l-3.29-3.3a1.003 1.003 0 0 0-1.42 1.42L6.59 8 3.3 11.29c-.19.18-.3.43-.3.71a1.003 1.003 0 0 0 1.71.71L8 9.41l3.29 3.29c.18.19.43.3.71.3a1.003 1.003 0 0 0 .71-1.71z";

/**
 * Every part any plan shows (the banner, the menu's column), with `brand` in the top bar (the
 * branding of a start, before any is loaded: core's browserTitle of no branding) and the title
 * empty: fillStartingScreen takes out what a plan does not show and puts the title in.
 */
export const startingScreenMarkup = (brand: string): string => '<aside class="app-banner app-banner-generic" aria-label="Get the app" data-testid="app-banner">'
  + '<button type="button" aria-label="Close the app banner" class="bp6-button bp6-minimal">'
  + '<span aria-hidden="true" class="bp6-icon bp6-icon-cross"><svg data-icon="cross" height="16" role="img" viewBox="0 0 16 16" width="16">'
  + `<path d="${CROSS_PATH}" fill-rule="evenodd"></path></svg></span></button>`
  + '<div class="app-banner-text"><span>This portal is also available as an app for your phone.</span></div></aside>'
  + '<div class="shell" data-testid="loading">'
  + '<header class="shell-header"><div class="bp6-navbar shell-bar"><div class="bp6-navbar-group bp6-align-left shell-bar-start">'
  + `<div class="bp6-navbar-heading shell-brand"><span class="shell-brand-text">${escapeText(brand)}</span></div></div></div></header>`
  + '<div class="shell-body"><div class="shell-menu"></div>'
  + '<main class="shell-content" id="main"><header class="screen-header"><h1 class="bp6-heading screen-title"></h1></header>'
  + '<div aria-label="loading" aria-valuemax="100" aria-valuemin="0" class="bp6-spinner bp6-icon-muted starting-spinner" role="progressbar">'
  + '<div class="bp6-spinner-animation"><svg width="50" height="50" stroke-width="8.00" viewBox="1.00 1.00 98.00 98.00">'
  + `<path class="bp6-spinner-track" d="${SPINNER_PATH}"></path>`
  + `<path class="bp6-spinner-head" d="${SPINNER_PATH}" pathLength="280" stroke-dasharray="280 280" stroke-dashoffset="210"></path>`
  + "</svg></div></div></main></div></div>";

/**
 * Fills a clone of the template for a plan: the banner (sized through the CSSOM, as the
 * Content-Security-Policy refuses style attributes in markup) or none, the layout's class and the
 * menu's column, and the title. Guarantees: the title goes in as text, never as markup.
 */
export function fillStartingScreen(content: DocumentFragment, plan: StartingScreenPlan): DocumentFragment {
  const banner = content.querySelector<HTMLElement>(".app-banner")!;
  if (plan.bannerHeightPx === null) banner.remove();
  else banner.style.height = `${plan.bannerHeightPx}px`;
  content.querySelector(".shell")!.className = `shell ${plan.wide ? "is-wide" : "is-narrow"}`;
  if (!plan.wide) content.querySelector(".shell-menu")!.remove();
  content.querySelector("h1")!.textContent = plan.title;
  return content;
}
