/**
 * The server project's global setup: builds the database templates once per vitest run (see
 * dbTemplates.ts) and hands their places to the test files; drops them at the end.
 */
import type { TestProject } from "vitest/node";
import { buildDbTemplates } from "./dbTemplates";
import { POSTGRES_ADMIN_URL, postgresAvailable } from "./testDatabase";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The templates hash the demo passwords: at the cost the test files run with (vitest.config.ts env).
  process.env["PORTAL_SCRYPT_N"] ??= project.config.env["PORTAL_SCRYPT_N"];
  const built = await buildDbTemplates((await postgresAvailable()) ? POSTGRES_ADMIN_URL : undefined);
  project.provide("dbTemplates", built.templates);
  return () => built.dispose();
}
