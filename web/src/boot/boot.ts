/**
 * The boot script: inlined into index.html by the build (vite.config.ts, bootScript) and run by
 * the parser before any module, it paints a signed-in start's starting screen at once, from the
 * template beside it (startingScreenTemplate.ts), with the page's stylesheet and nothing else.
 * Before it, a phone on a slow network saw a blank page until the entry's 150 kB of script had
 * loaded and run. The server allows exactly this script by its hash (server/src/http/webHeaders.ts).
 * Anything unexpected paints nothing, as before: the app's first render decides.
 */
import { WIDE_LAYOUT_QUERY } from "@portal/core/rules/layout";
import { AUTH_KEY } from "../stores/sessionKeys";
import { startingScreenPlan } from "./startingScreenPlan";
import { fillStartingScreen, STARTING_SCREEN_TEMPLATE_ID } from "./startingScreenTemplate";

try {
  const root = document.getElementById("root");
  const template = document.getElementById(STARTING_SCREEN_TEMPLATE_ID);
  const plan = !(template instanceof HTMLTemplateElement) ? null : startingScreenPlan({
    brand: template.content.querySelector(".shell-brand-text")?.textContent ?? "",
    storedToken: window.localStorage.getItem(AUTH_KEY),
    now: Date.now(),
    pathname: window.location.pathname,
    search: window.location.search,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    wide: window.matchMedia(WIDE_LAYOUT_QUERY).matches,
    online: navigator.onLine,
  });
  if (root !== null && template instanceof HTMLTemplateElement && plan !== null) {
    root.replaceChildren(fillStartingScreen(template.content.cloneNode(true) as DocumentFragment, plan));
    document.title = plan.documentTitle;
  }
} catch {
  // Storage that cannot be read (private mode, disabled): nothing painted; the app decides.
}
