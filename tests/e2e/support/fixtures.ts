/**
 * Shared Playwright fixtures: `signInAs(email)` signs a demo user in through the real login form
 * (landing wherever their rights say), `shot(name)` keeps a screenshot in tests/artifacts/.
 * Specs of later issues import `test` and `expect` from here.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./portalServer";

export const DEMO_PASSWORD = "portal-demo";
export const DEMO_USERS = {
  admin: "admin@example.com",
  engineer: "engineer@example.com",
  approver: "approver@example.com",
  translator: "translator@example.com",
} as const;

export const artifactsDir = join(repoRoot, "tests", "artifacts");

/**
 * Fills and submits the login form; resolves once the app has left /login. `baseURL` picks a
 * server of the spec's own (default: the shared server of the run).
 */
export async function signIn(page: Page, email: string, options: { password?: string; baseURL?: string } = {}): Promise<void> {
  const password = options.password ?? DEMO_PASSWORD;
  await page.goto(`${options.baseURL ?? ""}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  // Animations finished at once: a dialog caught mid-transition is not what people see.
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true, animations: "disabled" });
}

export const test = base.extend<{
  signInAs: (email: string) => Promise<void>;
  shot: (name: string) => Promise<void>;
}>({
  signInAs: async ({ page }, use) => {
    await use((email) => signIn(page, email));
  },
  shot: async ({ page }, use) => {
    await use((name) => screenshot(page, name));
  },
});

export { expect };
