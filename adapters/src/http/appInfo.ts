/**
 * The web app's update check (spec 7, "Client update"): `GET info.json` of the portal's origin.
 * The server serves the file the web build writes beside index.html (no-cache); its `version` is
 * the build's. A failure of any kind answers null: the spec says failures are ignored.
 */
import ky from "ky";

/** The version in `<origin>/info.json`, or null when it cannot be read (offline, 404, not JSON). */
export async function fetchAppVersion(origin: string, fetchImpl?: typeof fetch): Promise<string | null> {
  try {
    // The page's own fetch unless one is given: ky calls its `fetch` option as a method, and the
    // browser's fetch called on another object throws "Illegal invocation".
    const info = await ky.get(`${origin.replace(/\/$/, "")}/info.json`, {
      cache: "no-store", retry: 0, timeout: 10_000, ...(fetchImpl ? { fetch: fetchImpl } : {}),
    }).json<{ version?: unknown }>();
    return typeof info.version === "string" && info.version.trim() !== "" ? info.version : null;
  } catch {
    return null;
  }
}
