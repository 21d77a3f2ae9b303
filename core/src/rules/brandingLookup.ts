/**
 * Branding lookup (spec.md section 5): the host branding is fetched by host name at bootstrap,
 * except for a fixed set of known host fingerprints, where asking is pointless because no host
 * branding can exist for them: the page is not served under one of our customers' host names.
 *
 * A fingerprint is a normalised host name (lower case, no port, no IPv6 brackets, no trailing
 * dot). A host matches a fingerprint when it equals it or is a subdomain of it.
 *
 * "localhost" is deliberately NOT in the set: a local machine sends "localhost" as its branding
 * host (spec.md section 7) and the demo data has a branding for it.
 */

/**
 * Hosts that never carry a host branding, so the lookup is skipped:
 * - ""                          a page without a host (file://, about:blank, a test document)
 * - "0.0.0.0"                   the unspecified address, only seen when a dev server binds it
 * - "translate.goog"            Google Translate's proxy (portal-example-com.translate.goog)
 * - "googleusercontent.com"     Google's web cache and other proxied copies
 * - "web.archive.org"           the Internet Archive's copies of a page
 * - "bingj.com"                 Bing's cache (cc.bingj.com)
 * On these the default branding is shown; a lookup would only cost a call at every page load.
 */
export const NO_BRANDING_HOST_FINGERPRINTS: ReadonlySet<string> = new Set([
  "",
  "0.0.0.0",
  "translate.goog",
  "googleusercontent.com",
  "web.archive.org",
  "bingj.com",
]);

/** The fingerprint of a host: lower case, without port, IPv6 brackets or trailing dot. */
export const hostFingerprint = (host: string): string => {
  const h = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(h);
  if (bracketed) return bracketed[1]!;
  // More than one colon without brackets is a bare IPv6 address: it has no port to strip.
  const withoutPort = (h.match(/:/g) ?? []).length === 1 ? h.replace(/:\d*$/, "") : h;
  return withoutPort.replace(/\.+$/, "");
};

/**
 * Whether the host branding should be looked up for `host` (a host name, optionally with a
 * port). False exactly when its fingerprint equals, or is a subdomain of, one of
 * NO_BRANDING_HOST_FINGERPRINTS; true for every other host. Never fails.
 */
export const shouldLookUpBranding = (host: string): boolean => {
  const fingerprint = hostFingerprint(host);
  if (NO_BRANDING_HOST_FINGERPRINTS.has(fingerprint)) return false;
  for (const known of NO_BRANDING_HOST_FINGERPRINTS) {
    if (known !== "" && fingerprint.endsWith(`.${known}`)) return false;
  }
  return true;
};
