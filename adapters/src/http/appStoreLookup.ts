/**
 * The app-store lookup of spec 7 for the web app's store banner: GET the App Store's lookup by id
 * with core's cache-buster, read by core's storeDetailsOf. A failure of any kind answers null
 * (the banner then shows the portal's own name): the lookup is a nicety, never an error.
 */
import { appStoreLookupUrl, storeDetailsOf, type StoreDetails } from "@portal/core/rules/appStoreLookup";

export async function lookUpAppStore(id: string, nowMs: number, fetchImpl?: typeof fetch): Promise<StoreDetails | null> {
  try {
    // Called as a plain function (see appInfo.ts): the page's own fetch unless one is given.
    const get = fetchImpl ?? globalThis.fetch;
    const response = await get(appStoreLookupUrl(id, nowMs), { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return null;
    const answer: unknown = await response.json();
    return storeDetailsOf(answer);
  } catch {
    return null;
  }
}
