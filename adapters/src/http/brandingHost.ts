/**
 * The host sent in the Api-Branding header. A page served from this machine (localhost, a
 * loopback address) is sent as "localhost", so the server can recognise a local installation.
 */
export function brandingHost(hostname: string): string {
  const h = hostname.trim().toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "" || h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127\./.test(h)) return "localhost";
  return h;
}
