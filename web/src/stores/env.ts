/** What the app knows about where it runs; the composition root fills it from the browser. */
export interface AppEnv {
  /** The page's host name (window.location.hostname). */
  readonly hostname: string;
  /** Built for production (vite's PROD). */
  readonly isProduction: boolean;
  /** The portal's public web root, when configured (VITE_WEB_ROOT_URL); null when unknown. */
  readonly webRootUrl: string | null;
  /** "web" in a browser tab; the mobile apps open links elsewhere in a new tab. */
  readonly platform: "web" | "mobile";
  /** The browser's user agent (VPN client platform: windows, mac, linux); none: unknown. */
  readonly userAgent?: string;
  /** navigator.maxTouchPoints (an iPad presents itself as a Mac with touch points); none: 0. */
  readonly maxTouchPoints?: number;
  /** Opens a URL in a new tab (web access to a service); none: nothing opens. */
  readonly openUrl?: (url: string) => void;
}

/** Timers, injectable so store tests step time instead of waiting. */
export interface Timers {
  readonly setTimeout: (fn: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}

export const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The browser's online/offline signal, injectable for tests. */
export interface OnlineSignal {
  readonly isOnline: () => boolean;
  /** Calls back on every change; returns the unsubscribe function. */
  readonly subscribe: (onChange: (online: boolean) => void) => () => void;
}

/** One Server-Sent Event as the event stream hands it over (adapters' StreamEvent). */
export interface StreamEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
}

/**
 * Opens the portal's event stream after `lastEventId` (adapters' eventStreamHttp, fixtures'
 * MemoryEventStream); the returned function closes it without calling onClose.
 */
export type OpenEventStream = (
  lastEventId: string | null,
  handlers: { readonly onOpen: () => void; readonly onEvent: (event: StreamEvent) => void; readonly onClose: (status: number) => void },
) => () => void;
