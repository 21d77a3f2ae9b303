/**
 * Issue 11: the "terms of use updated" alert. On a portal of its own, on the embedded database
 * whatever the rest of the run uses (an empty data directory, as a first `npm start` finds it):
 * the demo users have accepted the demo terms, so no alert; then a new version is published with
 * the operator command (server/src/publishTerms.ts, on the stopped server's data directory), and
 * the signed-in user sees the alert, cannot dismiss it with Escape, and OK accepts it for good.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { repoRoot, startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial" });

let portal: PortalServer;
const dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-terms-"));
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({ dataDir, embedded: true });
});
test.afterAll(async () => {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Stops the portal, publishes a new sector terms version on its data, and starts it again on the same port. */
async function publishTerms(body: string): Promise<void> {
  const port = portal.port;
  await portal.stop({ keepData: true });
  const r = spawnSync(process.execPath, [join(repoRoot, "node_modules", "tsx", "dist", "cli.mjs"), "src/publishTerms.ts", "--body", body], {
    cwd: join(repoRoot, "server"), env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`publishTerms failed: ${r.stdout}${r.stderr}`);
  portal = await startPortal({ dataDir, port, embedded: true });
}

test("a new terms version shows a not-closable alert; OK accepts it and it stays gone after reload", async ({ page }) => {
  test.setTimeout(180_000);
  const alert = page.getByRole("dialog", { name: "Terms of use updated" });
  await signIn(page, DEMO_USERS.engineer, { baseURL: portal.baseURL });
  await expect(page.getByTestId("shell")).toBeVisible();
  await expect(alert).toHaveCount(0);

  // Off the page while the server restarts: the shell would otherwise show api-unavailable.
  await page.goto("about:blank");
  await publishTerms("<h1>Terms of use</h1><p>Version 3 of the demo terms.</p>");
  await page.goto(`${portal.baseURL}/`);
  await expect(alert).toBeVisible();
  const link = alert.getByRole("link", { name: "terms of use" });
  await expect(link).toHaveAttribute("href", "/terms-of-use");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(alert.getByRole("button", { name: "Close" })).toHaveCount(0);
  await screenshot(page, "terms-alert-1280");
  await page.keyboard.press("Escape");
  await expect(alert).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(alert).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "terms-alert-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The link opens the terms page in a new tab, outside the shell: no alert covers the text.
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect(tab.getByTestId("terms-page")).toContainText("Version 3 of the demo terms.");
  await expect(tab.getByRole("dialog", { name: "Terms of use updated" })).toHaveCount(0);
  await tab.setViewportSize({ width: 390, height: 844 });
  await screenshot(tab, "terms-page-390");
  await tab.close();
  await expect(alert).toBeVisible();

  await alert.getByRole("button", { name: "OK" }).click();
  await expect(alert).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("shell")).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(alert).toHaveCount(0);
});
