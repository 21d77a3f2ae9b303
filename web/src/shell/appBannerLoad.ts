import { settled } from "../app/router/elementRoutes";

let load: Promise<typeof import("./AppBanner")> | null = null;

/**
 * The app banner's chunk (phones only), loaded once and marked settled so that `use` renders it
 * at once when it is in. main.tsx starts it before the first render on a phone: the banner then
 * comes with the page instead of about 0.6 s after it on a throttled phone, where it pushed the
 * page down and was the largest paint. A failed load is tried again by the next render that asks.
 */
export function loadAppBanner(): Promise<typeof import("./AppBanner")> {
  return (load ??= settled(import("./AppBanner").catch((error: unknown) => {
    load = null;
    throw error;
  })));
}
