/**
 * Licences and apps (issue 12) in a real browser against a server of its own (fresh demo data):
 * an administrator redeems the demo coupon on a device and sees alarming active "by coupon" with
 * its expiry, sees the same code refused on another device with the code kept, reads the company's
 * Licences screen, installs an app and saves its configuration through the form generated from
 * the app's JSON Schema (a bad value is refused by the browser's eval-free check of that schema
 * as it is typed, under the strict CSP without a violation: the error shows under its field before
 * any request, Save waits, and the typed values stay). Screenshots at 1280x800 and 390x844: tests/artifacts/licences-apps-*.png.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let portal: PortalServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({ dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-licences-")) });
});
test.afterAll(async () => {
  await portal.stop();
});

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, DEMO_USERS.admin, { baseURL: portal.baseURL });
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).toHaveURL(/\/users$/);
}

async function openDevice(page: Page, name: string): Promise<void> {
  await page.goto(`${portal.baseURL}/devices`);
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId("licence-alarming")).toBeVisible();
}

test("redeem a coupon on a device and see its state; the code works once", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page);
  await openDevice(page, "Packaging Gateway");
  await expect(page.getByTestId("licence-alarming")).toContainText("not active");
  await page.getByLabel("Coupon code").fill("demo-alarm-30");
  await page.getByLabel("Feature of the coupon").selectOption("alarming");
  await page.getByTestId("coupon-redeem").click();
  await expect(page.getByTestId("licence-alarming")).toContainText("Coupon");
  await expect(page.getByTestId("licence-alarming")).toContainText("in 30 days");
  await expect(page.getByTestId("coupon-code")).toHaveValue("");
  await screenshot(page, "licences-apps-device-1280");

  await openDevice(page, "Warehouse Router");
  await page.getByLabel("Coupon code").fill("DEMO-ALARM-30");
  await page.getByTestId("coupon-redeem").click();
  await expect(page.getByTestId("licence-failure")).toHaveText("This coupon code is unknown or has already been used. Check the code.");
  await expect(page.getByTestId("coupon-code")).toHaveValue("DEMO-ALARM-30");
  await expect(page.getByTestId("licence-alarming")).toContainText("not active");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("device-licences").scrollIntoViewIfNeeded();
  await screenshot(page, "licences-apps-device-390");

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${portal.baseURL}/licenses`);
  await expect(page.getByTestId("licence-bundle-row")).toHaveCount(2);
  const rows = page.getByTestId("licence-device-row");
  await expect(rows.filter({ hasText: "Packaging Gateway" })).toContainText("Coupon");
  await expect(rows.filter({ hasText: "Boiler Controller" })).toContainText("Trial");
  await screenshot(page, "licences-apps-licences-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "licences-apps-licences-390");
});

test("install an app and save its configuration through the generated form", async ({ page }) => {
  // Under the portal's strict CSP (no 'unsafe-eval'): any violation is logged and fails the test.
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to|unsafe-eval/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Refused to load: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const configRequests: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/apps\/[^/]+\/config/.test(r.url()) && r.method() !== "GET") configRequests.push(`${r.method()} ${r.url()}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page);
  await page.getByTestId("menu-item-apps").click();
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByTestId("app-card")).toHaveCount(3);
  await page.getByRole("button", { name: "Install Modbus poller" }).click();
  await page.getByRole("button", { name: "Configure Modbus poller" }).click();
  const dialog = page.getByRole("dialog", { name: "Configure Modbus poller" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Host").fill("plc.local");
  await dialog.getByLabel("Port").fill("70000");
  // The browser checks the app's JSON Schema as it is typed (no eval: @cfworker/json-schema): the
  // error shows under the field, Save waits, and nothing went to the server.
  await expect(dialog.getByText("must be <= 65535")).toBeVisible();
  await expect(page.getByTestId("app-config-save")).toBeDisabled();
  await expect(dialog.getByLabel("Port")).toHaveValue("70000");
  await dialog.getByLabel("Host").fill("plc local!");
  await expect(dialog.getByText('must match pattern "^[A-Za-z0-9.-]+$"')).toBeVisible();
  expect(configRequests).toEqual([]);
  await screenshot(page, "licences-apps-config-error-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "licences-apps-config-error-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByLabel("Host").fill("plc.local");
  await dialog.getByLabel("Port").fill("502");
  await expect(dialog.getByText("must be <= 65535")).toHaveCount(0);
  await expect(dialog.getByText(/must match pattern/)).toHaveCount(0);
  await page.getByTestId("app-config-save").click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("The configuration of Modbus poller is saved.")).toBeVisible();
  expect(configRequests).toHaveLength(1);
  // Reopened, the form shows what the server stored.
  await page.getByRole("button", { name: "Configure Modbus poller" }).click();
  await expect(page.getByRole("dialog", { name: "Configure Modbus poller" }).getByLabel("Port")).toHaveValue("502");
  await screenshot(page, "licences-apps-apps-1280");
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "licences-apps-apps-390");
  expect(violations).toEqual([]);
});
