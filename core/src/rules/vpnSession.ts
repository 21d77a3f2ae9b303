/**
 * The VPN session as the portal shows it (spec.md sections 2 and 4 "VPN session"): the status
 * bar, the favicon, the logout-confirm dialog, the client's release check, the platform read from
 * the user agent, and the force-protocol preference.
 */
import { DEFAULT_FORCE_PROTOCOL, FORCE_PROTOCOLS, RELEASE_FEED_CACHE_BUST_MS, RELEASE_VERSION_PLACEHOLDER, VPN_STATUS_BAR_HIDE_DELAY_MS } from "../constants";
// Types only: the rules (the platform read by the app frame on the first load) need no schemas.
import type { ForceProtocol, VpnClientRelease, VpnClientReleaseFeed, VpnPlatform, VpnSessionStatus } from "../domain/VpnClient";
import { isUpdateAvailable } from "./releaseVersion";

/** The status text of the VPN status snackbar (label 'VPN'). */
export const VPN_STATUS_TEXT: Readonly<Record<VpnSessionStatus, string>> = {
  idle: "Disconnected",
  connecting: "Connecting",
  connected: "Connected",
};

/**
 * Whether the status bar shows at `now`: always while not idle; after the session became idle at
 * `idleSince` (epoch ms), for VPN_STATUS_BAR_HIDE_DELAY_MS more, so that "Disconnected" is seen
 * before it goes. `idleSince` is null when the session has not been anything but idle.
 */
export const isStatusBarVisible = (status: VpnSessionStatus, idleSince: number | null, now: number): boolean =>
  status !== "idle" || (idleSince !== null && now < idleSince + VPN_STATUS_BAR_HIDE_DELAY_MS);

/** When a status bar that went idle at `idleSince` hides (for the caller's timer). */
export const statusBarHidesAt = (idleSince: number): number => idleSince + VPN_STATUS_BAR_HIDE_DELAY_MS;

/** The favicon to show: the connected variant exactly while connected. */
export const faviconVariant = (status: VpnSessionStatus): "connected" | "default" =>
  status === "connected" ? "connected" : "default";

/**
 * Whether an open logout-confirm dialog closes by itself: when the status is idle there is no
 * session left that logging out would end, so there is nothing to confirm.
 */
export const closesLogoutConfirm = (status: VpnSessionStatus): boolean => status === "idle";

/** `release.downloadUrl` with its RELEASE_VERSION_PLACEHOLDER(s) replaced by the latest version. */
export const releaseDownloadUrl = (release: VpnClientRelease): string =>
  release.downloadUrl.split(RELEASE_VERSION_PLACEHOLDER).join(release.latestVersion);

export type ReleaseCheck =
  /** The installed version is the latest (or newer). */
  | { readonly kind: "latest"; readonly installed: string }
  /** A newer version exists for this platform. */
  | { readonly kind: "update-available"; readonly installed: string; readonly latestVersion: string; readonly downloadUrl: string }
  /** Nothing to compare: no client installed, no feed (its fetch failure is silently ignored) or no release for the platform. */
  | { readonly kind: "unknown" };

/**
 * The client section's version check: the installed version against the feed's latest version
 * for `platform`, compared with compareReleaseVersions (rules/releaseVersion.ts). Never fails.
 */
export const clientReleaseCheck = (
  installed: string | null,
  feed: VpnClientReleaseFeed | null,
  platform: VpnPlatform | null,
): ReleaseCheck => {
  const release = feed && platform ? feed.releases[platform] : undefined;
  if (installed === null || installed.trim() === "" || release === undefined) return { kind: "unknown" };
  return isUpdateAvailable(installed, release.latestVersion)
    ? { kind: "update-available", installed, latestVersion: release.latestVersion, downloadUrl: releaseDownloadUrl(release) }
    : { kind: "latest", installed };
};

/** The release feed's cache-buster: whole hours since the epoch, so the feed is fetched at most hourly. */
export const releaseFeedCacheBuster = (now: number): number => Math.floor(now / RELEASE_FEED_CACHE_BUST_MS);

/**
 * The desktop platform of a user agent: windows, mac or linux; null for phones and tablets
 * (Android and iOS user agents also say "Linux" or "Mac OS X", but the desktop client does not
 * run there), Chrome OS, and anything unrecognised.
 */
export const detectPlatform = (userAgent: string): VpnPlatform | null => {
  if (/Android|iPhone|iPad|iPod|CrOS/i.test(userAgent)) return null;
  if (/Windows/i.test(userAgent)) return "windows";
  if (/Macintosh|Mac OS X/i.test(userAgent)) return "mac";
  if (/Linux|X11/i.test(userAgent)) return "linux";
  return null;
};

/** Storage key of the force-protocol preference (spec 3: tcp4 or tcp6; nothing stored means tcp). */
export const FORCE_PROTOCOL_KEY = "portal.forceProtocol";

/**
 * What to keep in storage for a chosen protocol (spec 3 stores only tcp4 or tcp6): the value, or
 * null for the default tcp (the entry is removed). Guarantees: readForceProtocol of the stored
 * value (absent for null) is the chosen protocol again.
 */
export const forceProtocolToStore = (protocol: ForceProtocol): string | null => (protocol === DEFAULT_FORCE_PROTOCOL ? null : protocol);

/** The stored force-protocol preference, read leniently: anything but tcp4 or tcp6 is the default tcp. */
export const readForceProtocol = (stored: unknown): ForceProtocol =>
  (FORCE_PROTOCOLS as ReadonlyArray<unknown>).includes(stored) ? (stored as ForceProtocol) : DEFAULT_FORCE_PROTOCOL;
