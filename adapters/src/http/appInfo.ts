/**
 * The web app's update check (spec 7, "Client update"): `GET info.json` of the portal's origin.
 * The server serves the file the web build writes beside index.html (no-cache); its `version` is
 * the build's. A failure of any kind answers null: the spec says failures are ignored.
 */
/** The version in `<origin>/info.json`, or null when it cannot be read (offline, 404, not JSON). */
export async function fetchAppVersion(origin: string, fetchImpl?: typeof fetch): Promise<string | null> {
  try {
    // Called as a plain function: the browser's fetch called as a method of another object
    // throws "Illegal invocation".
    const get = fetchImpl ?? globalThis.fetch;
    const response = await get(`${origin.replace(/\/$/, "")}/info.json`, { cache: "no-store", signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return null;
    const info = (await response.json()) as { version?: unknown } | null;
    if (info === null || typeof info !== "object") return null;
    return typeof info.version === "string" && info.version.trim() !== "" ? info.version : null;
  } catch {
    return null;
  }
}
