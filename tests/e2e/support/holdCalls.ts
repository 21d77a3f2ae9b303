import type { Page, Route } from "@playwright/test";

/** Holds every call to `pattern` until the returned release is called (then lets them through, and all later ones). */
export async function holdCalls(page: Page, pattern: string): Promise<() => void> {
  const waiting: Array<() => void> = [];
  let released = false;
  await page.route(pattern, async (route: Route) => {
    if (!released) await new Promise<void>((resolve) => waiting.push(resolve));
    await route.continue();
  });
  return () => {
    released = true;
    for (const resolve of waiting.splice(0)) resolve();
  };
}
