/**
 * Snackbars (Blueprint toasts) as a history, for tests that check a short-lived sentence. Polling
 * the live page for a 4-second toast races it on a loaded machine: the access-requests spec saw
 * "Your access was ended." and a revoke notice missed although the action had taken effect. The
 * page records every toast's text with the time it appeared and left (a MutationObserver installed
 * before the app's own scripts), and `expectSnackbar` asks that history. It stays a real check:
 * the sentence must have been on screen, and for at least `MIN_SHOWN_MS` unless it still is (a
 * toast replaced at once is a fault people would see).
 */
import { expect, type BrowserContext, type Page } from "@playwright/test";

export interface ShownSnackbar {
  readonly text: string;
  readonly shownAt: number;
  readonly goneAt: number | null;
}

/** Shorter than this on screen, a sentence cannot be read. */
export const MIN_SHOWN_MS = 1000;

/** Records the toasts of every page of `context` from its next navigation on. */
export async function recordSnackbars(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Entry = { text: string; shownAt: number; goneAt: number | null };
    const history: Entry[] = [];
    const live = new Map<Element, Entry>();
    (window as unknown as { __snackbars: Entry[] }).__snackbars = history;
    const scan = () => {
      const now = Date.now();
      const present = new Set(document.querySelectorAll(".bp6-toast"));
      for (const [el, entry] of live) if (!present.has(el)) { entry.goneAt = now; live.delete(el); }
      for (const el of present) {
        const text = el.querySelector(".bp6-toast-message")?.textContent ?? "";
        const entry = live.get(el);
        if (entry && entry.text === text) continue;
        if (entry) { entry.goneAt = now; }
        const next = { text, shownAt: now, goneAt: null };
        history.push(next);
        live.set(el, next);
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

async function historyOf(page: Page): Promise<ShownSnackbar[]> {
  return page.evaluate(() => (window as unknown as { __snackbars?: ShownSnackbar[] }).__snackbars ?? []);
}

/**
 * Resolves once `text` has been shown as a snackbar since `since` (Date.now() of the page, default
 * any time), on screen for MIN_SHOWN_MS or still there. The failure message lists every snackbar seen.
 */
export async function expectSnackbar(page: Page, text: string, options: { since?: number; timeout?: number } = {}): Promise<void> {
  const since = options.since ?? 0;
  // The poll answers "shown", or the history seen so far, which a failure then prints.
  await expect.poll(async () => {
    const seen = await historyOf(page);
    const shown = seen.some((s) => s.text === text && s.shownAt >= since && (s.goneAt === null || s.goneAt - s.shownAt >= MIN_SHOWN_MS));
    return shown ? "shown" : `not shown; snackbars seen: ${JSON.stringify(seen)}`;
  }, { message: `snackbar "${text}"`, ...(options.timeout === undefined ? {} : { timeout: options.timeout }) }).toBe("shown");
}

/** The page's clock now, to pass as `since` before an action whose snackbar is checked. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => Date.now());
