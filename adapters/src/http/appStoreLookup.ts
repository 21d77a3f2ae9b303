/**
 * The app-store lookup of spec 7 for the web app's store banner: GET the App Store's lookup by id
 * with core's cache-buster, read by core's storeDetailsOf. A failure of any kind answers null
 * (the banner then shows the portal's own name): the lookup is a nicety, never an error.
 */
import ky from "ky";
import { appStoreLookupUrl, storeDetailsOf, type StoreDetails } from "@portal/core/rules/appStoreLookup";

export async function lookUpAppStore(id: string, nowMs: number, fetchImpl?: typeof fetch): Promise<StoreDetails | null> {
  try {
    // The page's own fetch unless one is given (ky calls `fetch` as a method: see appInfo.ts).
    const answer = await ky.get(appStoreLookupUrl(id, nowMs), { retry: 0, timeout: 10_000, ...(fetchImpl ? { fetch: fetchImpl } : {}) }).json();
    return storeDetailsOf(answer);
  } catch {
    return null;
  }
}
