import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebBuilt, startPortal, TEMPLATE_ENV } from "./portalServer";

/**
 * One real portal for the whole run: builds web/ if web/dist is missing, loads the demo data once
 * into a template data directory (a portal started and stopped on it, exactly as `npm start`
 * loads it), starts the shared server on a copy of it, and hands its URL to the workers through
 * E2E_BASE_URL. Every other portal a spec starts begins from a copy of the same template
 * (TEMPLATE_ENV): a fresh PGlite database with the demo data costs seconds of CPU per start,
 * a copy of its files does not. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureWebBuilt();
  const template = mkdtempSync(join(tmpdir(), "portal-e2e-template-"));
  const seeding = await startPortal({ dataDir: template });
  await seeding.stop();
  process.env[TEMPLATE_ENV] = template;
  const portal = await startPortal();
  process.env.E2E_BASE_URL = portal.baseURL;
  return async () => {
    await portal.stop();
    rmSync(template, { recursive: true, force: true });
  };
}
