/**
 * The CLI project's global setup: starts the real server once on an empty data directory (demo
 * data loaded, migrations run), stops it, and hands that directory to the test files as a
 * template. Each test's server then starts on a copy (support/portal.ts), which skips the slow
 * part of a first start (PGlite's initdb, every migration, the demo data): tens of seconds on a
 * busy machine, five times per run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startPortalServer } from "./support/portal";

declare module "vitest" {
  export interface ProvidedContext {
    cliTemplateDir: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // The template's demo passwords are hashed at the cost the test files run with (vitest.config.ts env).
  process.env["PORTAL_SCRYPT_N"] ??= project.config.env["PORTAL_SCRYPT_N"];
  // For comparing (and for doubting the template): PORTAL_TEST_NO_TEMPLATES=1 starts every server empty.
  if (process.env["PORTAL_TEST_NO_TEMPLATES"] === "1") {
    project.provide("cliTemplateDir", null);
    return () => {};
  }
  const dataDir = mkdtempSync(join(tmpdir(), "portal-cli-template-"));
  const server = await startPortalServer({ dataDir });
  await server.stop({ keepData: true });
  project.provide("cliTemplateDir", dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
