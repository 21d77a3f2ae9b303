/**
 * The mobile behaviours of spec 2 and 9 as pure rules: which mobile OS a user agent is, the
 * app-store banner (Portal app only; 80 px with store details, 50 px generic), the new-version
 * notice of the update check (info.json every UPDATE_CHECK_INTERVAL_MS, failures ignored), the
 * iOS VPN consent dialog (until 'Got it' is stored, without expiry), the mobile VPN unsupported
 * dialog, and the 5-minute steps of the touch time picker.
 */
import { APP_BANNER_GENERIC_HEIGHT_PX, APP_BANNER_STORE_HEIGHT_PX, SUPPORTED_VPN_PLATFORMS, TIME_PICKER_STEP_MINUTES } from "../constants";
import type { VpnPlatform } from "../domain/VpnClient";
import { detectPlatform } from "./vpnSession";

export type MobileOs = "ios" | "android";

/** Storage key of the iOS VPN consent flag (spec 3: kept without expiry). */
export const VPN_CONSENT_KEY = "portal.vpnConsent";

/**
 * The mobile OS of a user agent, or null for desktops. iPadOS presents itself as a Mac: a
 * "Macintosh" agent with touch points (`maxTouchPoints` > 1) is an iPad.
 */
export const mobileOsOf = (userAgent: string, maxTouchPoints = 0): MobileOs | null => {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return "ios";
  if (/Android/i.test(userAgent)) return "android";
  return null;
};

/** What the company offers for the banner: its store links (spec 3, Company). */
export interface StoreLinks {
  readonly appleAppStoreLink?: string | null;
  readonly googlePlayStoreLink?: string | null;
}

export type AppBanner =
  | { readonly kind: "store"; readonly heightPx: typeof APP_BANNER_STORE_HEIGHT_PX; readonly storeUrl: string }
  | { readonly kind: "generic"; readonly heightPx: typeof APP_BANNER_GENERIC_HEIGHT_PX };

/**
 * The app banner to show, or null. Guarantees: only in the Portal app, only on mobile web, never
 * once dismissed; the store banner (80 px, with the store's name and artwork looked up from the
 * link) when the company has a link for this OS's store, else the generic one (50 px).
 */
export const appBanner = (input: {
  readonly isPortalApp: boolean;
  readonly os: MobileOs | null;
  readonly links: StoreLinks;
  readonly dismissed: boolean;
}): AppBanner | null => {
  if (!input.isPortalApp || input.os === null || input.dismissed) return null;
  const link = input.os === "ios" ? input.links.appleAppStoreLink : input.links.googlePlayStoreLink;
  if (link !== undefined && link !== null && link.trim() !== "") return { kind: "store", heightPx: APP_BANNER_STORE_HEIGHT_PX, storeUrl: link.trim() };
  return { kind: "generic", heightPx: APP_BANNER_GENERIC_HEIGHT_PX };
};

/**
 * Whether the new-version notice shows after an update check. `fetched` is the version read
 * from info.json, null when the check failed (failures are ignored: no notice, no error).
 * Guarantees: no notice outside the Portal app, none for a failed or empty answer, none when
 * the running version is the fetched one.
 */
export const newVersionAvailable = (isPortalApp: boolean, running: string, fetched: string | null): boolean =>
  isPortalApp && fetched !== null && fetched.trim() !== "" && fetched.trim() !== running.trim();

/** The value stored under VPN_CONSENT_KEY once 'Got it' was pressed (without expiry). */
export const VPN_CONSENT_GIVEN = "given";

/** Whether the stored consent flag says 'Got it' was pressed; anything else (absent, garbage) is not consent. */
export const readVpnConsent = (stored: string | undefined): boolean => stored === VPN_CONSENT_GIVEN;

/** Whether connecting asks for VPN consent first: on iOS, until 'Got it' has been stored. */
export const needsVpnConsent = (os: MobileOs | null, consentGiven: boolean): boolean => os === "ios" && !consentGiven;

/** A platform a VPN client can be offered for: the desktop ones of the release feed, or a mobile OS. */
export type ClientPlatform = VpnPlatform | MobileOs;

/**
 * The platform of a user agent (spec 9: "detected from the user agent"): a phone or tablet is its
 * mobile OS (iPadOS as a Mac with touch points included), anything else detectPlatform's desktop
 * platform; null when unrecognised. Guarantees: never a desktop platform for a mobile agent.
 */
export const clientPlatformOf = (userAgent: string, maxTouchPoints = 0): ClientPlatform | null =>
  mobileOsOf(userAgent, maxTouchPoints) ?? detectPlatform(userAgent);

/**
 * The platforms the VPN client is supported on: the sector's glbSupportedPlatforms (trimmed,
 * lower-cased) when it names any, else SUPPORTED_VPN_PLATFORMS (spec 9: windows, mac, linux).
 */
export const supportedVpnPlatforms = (sectorSetting: ReadonlyArray<string> | null | undefined): ReadonlyArray<string> => {
  const named = (sectorSetting ?? []).map((p) => p.trim().toLowerCase()).filter((p) => p !== "");
  return named.length > 0 ? named : SUPPORTED_VPN_PLATFORMS;
};

/** What a connect attempt does before anything else on this device. */
export type MobileConnectStep =
  /** A phone or tablet whose OS is not a supported platform: the mobile VPN unsupported dialog, nothing else. */
  | "unsupported"
  /** iOS, supported, no consent stored yet: the consent dialog; 'Got it' stores the flag and goes on. */
  | "consent"
  /** Go on with the connect decision (desktops always: their installer dialog covers a missing client). */
  | "connect";

/**
 * The first step of a connect attempt (spec 1, 2, 3, 9): the unsupported dialog on a mobile OS
 * that the sector does not support (asking consent or approval for a client that cannot run there
 * is pointless), then the iOS consent dialog until 'Got it' is stored, then the connect itself.
 * Guarantees: "connect" for every desktop agent; never "consent" outside iOS or once consent is
 * given; never "unsupported" for a supported platform.
 */
export const mobileConnectStep = (input: {
  readonly userAgent: string;
  readonly maxTouchPoints?: number;
  readonly sectorPlatforms: ReadonlyArray<string> | null | undefined;
  readonly consentGiven: boolean;
}): MobileConnectStep => {
  const os = mobileOsOf(input.userAgent, input.maxTouchPoints ?? 0);
  if (os === null) return "connect";
  if (!supportedVpnPlatforms(input.sectorPlatforms).includes(os)) return "unsupported";
  return needsVpnConsent(os, input.consentGiven) ? "consent" : "connect";
};

/**
 * The times of day the touch time picker offers, as minutes after midnight, in steps of
 * TIME_PICKER_STEP_MINUTES (spec 9): 0, 5, ..., 1435.
 */
export const timePickerMinutes = (step: number = TIME_PICKER_STEP_MINUTES): number[] =>
  Array.from({ length: Math.ceil((24 * 60) / step) }, (_, i) => i * step);

/**
 * A time rounded up to the picker's step (a start must not be earlier than now). Guarantees:
 * a multiple of the step, not below `minutes`, less than a step above it.
 */
export const roundUpToStep = (minutes: number, step: number = TIME_PICKER_STEP_MINUTES): number => Math.ceil(minutes / step) * step;
