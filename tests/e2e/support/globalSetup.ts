import { ensureWebBuilt, startPortal } from "./portalServer";

/**
 * One real portal for the whole run: builds web/ if web/dist is missing, starts the server on a
 * free port with a fresh PGlite DATA_DIR and the demo data, and hands its URL to the workers
 * through E2E_BASE_URL (workers inherit the environment of this process). Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureWebBuilt();
  const portal = await startPortal();
  process.env.E2E_BASE_URL = portal.baseURL;
  return () => portal.stop();
}
