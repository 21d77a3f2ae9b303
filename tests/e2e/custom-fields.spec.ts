/**
 * Custom fields (issue 12) in a real browser against a server of its own (fresh demo data): an
 * administrator defines device fields on /custom-fields (a dialog that asks before discarding,
 * a reorder from the keyboard), sets a value on a device page through the generated form (a
 * value the field cannot hold is refused with core's sentence and the typed values stay), and
 * filters the Devices list on it (the server filters). Screenshots: tests/artifacts/custom-fields-*.png.
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
  portal = await startPortal({ dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-custom-fields-")) });
});
test.afterAll(async () => {
  await portal.stop();
});

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, DEMO_USERS.admin, { baseURL: portal.baseURL });
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).toHaveURL(/\/users$/);
}

const rowNames = (page: Page) => page.getByTestId("custom-field-row").locator(".custom-field-name").allTextContents();

async function addField(page: Page, name: string, type: string, options: string[] = []): Promise<void> {
  await page.getByTestId("custom-field-add").click();
  const form = page.getByTestId("custom-field-form");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Type").selectOption(type);
  if (options.length > 0) await form.getByLabel("Options").fill(options.join("\n"));
  await page.getByTestId("custom-field-save").click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("custom-field-row").filter({ hasText: name })).toBeVisible();
}

test("define fields, set a value on a device, filter the device list by it", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: portal.baseURL });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.getByTestId("left-menu").getByTestId("menu-item-custom-fields").click();
  await expect(page).toHaveURL(/\/custom-fields$/);
  await expect(page.getByRole("heading", { name: "No custom fields yet" })).toBeVisible();

  // The dialog asks before discarding what was typed (Escape), and keeps it on "Keep editing".
  await page.getByTestId("custom-field-add").click();
  const form = page.getByTestId("custom-field-form");
  await form.getByLabel("Name").fill("Zone");
  await form.getByLabel("Type").selectOption("choice");
  await expect(form.getByText("A choice field needs at least one option")).toBeHidden();
  await form.getByLabel("Options").fill("North\n");
  await form.getByLabel("Options").fill("");
  await expect(form.getByText("A choice field needs at least one option, and no option may be blank.")).toBeVisible();
  await expect(page.getByTestId("custom-field-save")).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(page.getByText("Discard your changes?")).toBeVisible();
  await page.getByRole("button", { name: "Keep editing" }).click();
  await expect(form.getByLabel("Name")).toHaveValue("Zone");
  await form.getByLabel("Options").fill("North\nSouth");
  await screenshot(page, "custom-fields-dialog-1280");
  await page.getByTestId("custom-field-save").click();
  await expect(form).toBeHidden();

  await addField(page, "Serial number", "text");
  // A name of the same target is refused with core's sentence, before saving.
  await page.getByTestId("custom-field-add").click();
  await form.getByLabel("Name").fill("zone");
  await expect(form.getByText("Another custom field for the same kind of item is already named like this.")).toBeVisible();
  await page.getByTestId("dialog-cancel").click();
  await page.getByRole("button", { name: "Discard" }).click();

  // Reorder from the keyboard: Tab to "Move Serial number up", Enter.
  expect(await rowNames(page)).toEqual(["Zone", "Serial number"]);
  await page.getByRole("button", { name: "Move Serial number up" }).focus();
  // The list shows the new order at once; the reload must wait for the save itself, or it aborts it.
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && new URL(r.url()).pathname === "/api/company-custom-properties");
  await page.keyboard.press("Enter");
  await expect.poll(() => rowNames(page)).toEqual(["Serial number", "Zone"]);
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect.poll(() => rowNames(page)).toEqual(["Serial number", "Zone"]);
  await screenshot(page, "custom-fields-list-1280");

  // A value on a device, through the form generated from the fields.
  await page.goto("/devices");
  const firstDevice = page.getByTestId("device-link").first();
  const deviceName = (await firstDevice.textContent()) ?? "";
  await firstDevice.click();
  const section = page.getByTestId("custom-field-values-device");
  await section.getByTestId("custom-field-values-edit").click();
  const values = page.getByTestId("custom-field-values-form");
  await values.getByLabel("Serial number").fill("SN-0042");
  await values.getByLabel("Zone").selectOption("North");
  await screenshot(page, "custom-fields-values-dialog-1280");
  await page.getByTestId("custom-field-values-save").click();
  await expect(values).toBeHidden();
  await expect(section.getByText("SN-0042")).toBeVisible();
  await expect(section.getByText("North")).toBeVisible();
  await screenshot(page, "custom-fields-device-1280");

  // The Devices list, filtered on the field by the server.
  await page.goto("/devices");
  await expect(page.getByTestId("device-row").first()).toBeVisible();
  const all = await page.getByTestId("device-row").count();
  expect(all).toBeGreaterThan(1);
  await page.getByTestId("custom-field-filter-field").selectOption({ label: "Zone" });
  await page.getByTestId("custom-field-filter-value").selectOption("North");
  await expect(page.getByTestId("device-row")).toHaveCount(1);
  await expect(page.getByTestId("device-row")).toContainText(deviceName);
  await page.getByTestId("custom-field-filter-value").selectOption("South");
  await expect(page.getByRole("heading", { name: "No device matches the filters" })).toBeVisible();
  await page.getByTestId("custom-field-filter-field").selectOption({ label: "Serial number" });
  await page.getByTestId("custom-field-filter-value").fill("0042");
  await expect(page.getByTestId("device-row")).toHaveCount(1);
  await screenshot(page, "custom-fields-filter-1280");
  await context.close();
});

test("at 390 px the list, the dialog and the device's fields fit", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: portal.baseURL });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto("/custom-fields");
  await expect(page.getByTestId("custom-field-row")).toHaveCount(2);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "custom-fields-list-390");
  await page.getByRole("button", { name: "Edit Zone" }).click();
  await expect(page.getByTestId("custom-field-form")).toBeVisible();
  await screenshot(page, "custom-fields-dialog-390");
  await page.getByTestId("dialog-cancel").click();
  await page.goto("/devices");
  await page.getByTestId("device-link").first().click();
  await expect(page.getByTestId("custom-field-values-device")).toBeVisible();
  await screenshot(page, "custom-fields-device-390");

  // An asset field, set on an asset from its type's page.
  await page.goto("/custom-fields");
  await page.getByTestId("custom-field-add").click();
  const form = page.getByTestId("custom-field-form");
  await form.getByLabel("Name").fill("Checked on");
  await form.getByLabel("Applies to").selectOption("asset");
  await form.getByLabel("Type").selectOption("date");
  await page.getByTestId("custom-field-save").click();
  await expect(form).toBeHidden();
  await page.goto("/assets");
  const href = await page.getByTestId("asset-type-item").first().locator("a").getAttribute("href");
  await page.goto(href ?? "/assets");
  const card = page.getByTestId("asset-card").first();
  await card.getByTestId("custom-field-values-edit").click();
  const values = page.getByTestId("custom-field-values-form");
  await values.getByLabel("Checked on").fill("2026-03-01");
  await page.getByTestId("custom-field-values-save").click();
  await expect(values).toBeHidden();
  await expect(card.getByText("2026-03-01")).toBeVisible();
  const overflow2 = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow2).toBeLessThanOrEqual(0);
  await screenshot(page, "custom-fields-asset-390");
  await context.close();
});
