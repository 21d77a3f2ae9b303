/**
 * Issue 10 in a real browser against the real server, with NO VPN client running: connecting to a
 * device that needs no approval opens the installer dialog ('no installation found'); a device
 * that needs approval opens the request dialog, not dismissible, with VPN preselected; the Active
 * sessions screen shows no live session; the connector's probes leave the page console quiet.
 * Screenshots at 1280 x 800 and 390 x 844 go to tests/artifacts/vpn-*.png.
 */
import type { Page } from "@playwright/test";
import { DEMO_USERS, expect, screenshot, test } from "./support/fixtures";

async function openDevice(page: Page, name: string): Promise<void> {
  await page.goto("/devices");
  await page.getByTestId("device-row").filter({ hasText: name }).getByTestId("device-link").click();
  await expect(page.getByTestId("device-page")).toBeVisible();
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("Connect to a device without approval shows the installer dialog: no installation found", async ({ page, signInAs }) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      await signInAs(DEMO_USERS.engineer);
      await openDevice(page, "Line 2 Router");
      await page.getByTestId("vpn-connect").click();
      const dialog = page.getByRole("dialog", { name: "VPN client" });
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId("vpn-installer-state")).toHaveText("No VPN client installation found");
      await expect(page.getByTestId("vpn-installer-connect")).toBeDisabled();
      await page.getByTestId("vpn-download").click();
      await expect(page.getByTestId("vpn-download-menu")).toBeVisible();
      await screenshot(page, `vpn-installer-${viewport.width}`);
      await page.keyboard.press("Escape");
      await page.getByTestId("vpn-installer-cancel").click();
      await expect(dialog).toHaveCount(0);
      // Probes every 2,500 ms: none of them may reach the page console.
      await page.waitForTimeout(6000);
      expect(errors.filter((e) => /9250|ERR_CONNECTION_REFUSED/.test(e))).toEqual([]);
    });

    test("Connect to a device needing approval opens the request dialog, not dismissible, VPN preselected", async ({ page, signInAs }) => {
      await signInAs(DEMO_USERS.engineer);
      await openDevice(page, "Line 1 Router");
      await page.getByTestId("vpn-connect").click();
      const form = page.getByTestId("access-request-form");
      await expect(form).toBeVisible();
      await expect(form.getByRole("checkbox", { name: "VPN", exact: true })).toBeChecked();
      await expect(page.getByTestId("dialog-cancel")).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(form).toBeVisible();
      await screenshot(page, `vpn-request-${viewport.width}`);
    });
  });
}

test("the Active sessions screen shows no live session, and the demo's ended ones under All", async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.admin);
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await page.goto("/devices");
  await page.getByTestId("menu-item-tunnel-sessions").click();
  await expect(page).toHaveURL(/\/tunnel-sessions$/);
  await expect(page.getByRole("heading", { name: "No active sessions" })).toBeVisible();
  await page.getByRole("checkbox", { name: "All (ended ones too)" }).check({ force: true });
  // The demo data holds 45 days of ended sessions (server/src/seed/demoUsage.ts, for the usage screen).
  await expect(page.getByTestId("session-row").first()).toBeVisible();
  await screenshot(page, "vpn-sessions-1280");
});
