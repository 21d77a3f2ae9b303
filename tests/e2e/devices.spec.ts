/**
 * Issue 9's device edge cases in a real browser: a device nobody can approve says "Unable to
 * request access" (shared server, nothing written), and Try again on a device whose OpenVPN
 * configuration the system stopped retrying (a hard rate limit) clears the limit for good (a
 * server of its own: the reset is a write). Screenshots: tests/artifacts/device-*.png.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axeViolations } from "./support/axe";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { startPortal, type PortalServer } from "./support/portalServer";
import type { Locator } from "@playwright/test";

/**
 * The words of `container`'s visible text that the browser broke across lines ("Servi" / "ce"),
 * measured per word with a Range: a whole word on one line has one client rect (or one per
 * line box only when it was split). Empty when every word sits on one line.
 */
async function brokenWords(container: Locator): Promise<string[]> {
  return container.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        // One word on two lines: its rects do not share a top.
        if (rects.length > 1 && new Set(rects.map((r) => Math.round(r.top))).size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test("a device nobody can approve: 'Unable to request access', and OK closes it", async ({ page, signInAs }) => {
  await signInAs("acme-admin@example.com");
  await page.getByTestId("company-item").filter({ hasText: "Acme Industries" }).click();
  await page.goto("/devices");
  const row = page.getByTestId("device-row").filter({ hasText: "Acme Gateway" });
  await row.getByTestId("request-access").click();
  const dialog = page.getByRole("dialog", { name: "Unable to request access" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("no-approvers")).toHaveText("Nobody can approve access requests for this device yet. Ask your administrator to assign an approver.");
  await screenshot(page, "device-no-approvers-1280");
  await dialog.getByTestId("no-approvers-ok").click();
  await expect(dialog).toHaveCount(0);
  // Focus goes back to the button that opened the dialog (keyboard users continue from there).
  await expect(row.getByTestId("request-access")).toBeFocused();
  // axe on the page itself: with the dialog open it measures the menu's contrast through the backdrop.
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("Try again on a rate-limited device", () => {
  test.describe.configure({ timeout: 60_000 });
  let portal: PortalServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    portal = await startPortal({ dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-devices-")), env: { PORTAL_DATA_MQTT_URL: "" } });
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test("the hard limit offers Try again at 390 px; it clears the limit, and a reload agrees", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_USERS.engineer, { baseURL: portal.baseURL });
    await page.goto(`${portal.baseURL}/devices`);
    await page.getByTestId("device-row").filter({ hasText: "Press Line Router" }).getByTestId("device-link").click();
    const limit = page.getByTestId("rate-limit");
    await expect(limit).toContainText("The connection is rate limited: the system has stopped trying.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // The services table is readable at 390 px (issue 16): no word broken mid-word ("Servi ce"),
    // nothing wider than the page.
    const services = page.getByTestId("device-services");
    await expect(services).toContainText("Press HMI");
    expect(await brokenWords(services)).toEqual([]);
    expect(await services.evaluate((t) => t.scrollWidth - t.clientWidth)).toBeLessThanOrEqual(0);
    expect(await services.evaluate((t) => t.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "device-rate-limit-390");
    // From the keyboard, as a keyboard user would.
    await limit.getByRole("button", { name: "Try again" }).focus();
    await page.keyboard.press("Enter");
    await expect(limit).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Press Line Router" })).toBeVisible();
    await expect(page.getByTestId("rate-limit")).toHaveCount(0);
    // A soft limit keeps retrying by itself: no Try again is offered there.
    await page.goto(`${portal.baseURL}/devices`);
    await page.getByTestId("device-row").filter({ hasText: "Boiler Controller" }).getByTestId("device-link").click();
    await expect(page.getByTestId("rate-limit")).toContainText("the system is retrying in seconds");
    await expect(page.getByTestId("rate-limit").getByRole("button", { name: "Try again" })).toHaveCount(0);
  });
});
