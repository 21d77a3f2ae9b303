/**
 * Issue 13, platform servers in the platform administrators' tools, in a real browser against the
 * real server: the demo administrator adds a server to the Demo Company (a VPN range that is not
 * a network is named by core's rule before anything is sent; a save while offline says so and
 * keeps what was typed; the retry works), sees it on the company's Platform servers screen, edits
 * it (Escape with changes asks first; Discard leaves it as it was), changes its type, and takes it
 * back. axe finds nothing at 1280 and 390 px, with the dialog open and on the screen.
 */
import { axeViolations } from "./support/axe";
import { DEMO_USERS, expect, screenshot, test } from "./support/fixtures";

/** axe on the page once the dialog's opening transition has ended (a fading dialog has no contrast yet). */
const settledAxe = async (page: import("@playwright/test").Page) => {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  return axeViolations(page);
};

test("the platform administrator adds, edits and removes a platform server", async ({ page, context, signInAs }) => {
  test.setTimeout(120_000);
  const name = `E2E RSC ${Date.now().toString(36)}`;
  await signInAs(DEMO_USERS.admin);
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await page.getByTestId("menu-item-platform-tools").click();
  const section = page.getByRole("region", { name: "Platform servers" });
  await expect(section.getByTestId("pt-server-row").first()).toBeVisible();

  // Add: the rule names the bad range on its field; what was typed stays.
  await section.getByRole("button", { name: "Add platform server" }).click();
  const form = page.getByTestId("ps-form");
  await form.getByLabel("Company").selectOption({ label: "Demo Company" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Location").fill("Rotterdam");
  await form.getByLabel("VPN range").fill("10.91.1.0/16");
  await page.getByTestId("ps-form-save").click();
  await expect(form).toContainText("The VPN range must start at its network address, for example 10.8.0.0/16 rather than 10.8.1.0/16.");
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await form.getByLabel("VPN range").fill("10.91.0.0/16");
  expect(await settledAxe(page)).toEqual([]);
  await screenshot(page, "platform-servers-admin-dialog-1280");

  // Offline: the save fails with the reason, the dialog keeps every value; the retry saves.
  await context.setOffline(true);
  await page.getByTestId("ps-form-save").click();
  await expect(page.getByTestId("dialog-failure")).toContainText("No connection");
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await expect(form.getByLabel("Location")).toHaveValue("Rotterdam");
  await expect(form.getByLabel("VPN range")).toHaveValue("10.91.0.0/16");
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  await page.getByTestId("ps-form-save").click();
  await expect(form).toHaveCount(0);
  const row = section.getByTestId("pt-server-row").filter({ hasText: name });
  await expect(row).toContainText("Demo Company");
  await expect(row).toContainText("RSC (VPN)");
  await expect(row).toContainText("10.91.0.0/16");

  // Edit, then Escape: the discard question; keeping edits stays, discarding leaves the server as it was.
  await row.getByRole("button", { name: `Edit ${name} of Demo Company` }).click();
  await form.getByLabel("Location").fill("Eindhoven");
  await page.keyboard.press("Escape");
  const discard = page.getByRole("alertdialog");
  await expect(discard).toContainText("Discard your changes?");
  await discard.getByRole("button", { name: "Keep editing" }).click();
  await expect(form.getByLabel("Location")).toHaveValue("Eindhoven");
  await page.getByTestId("dialog-cancel").click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText("Rotterdam");

  // Edit for real: the type.
  await row.getByRole("button", { name: `Edit ${name} of Demo Company` }).click();
  await form.getByLabel("Type").selectOption("mdr");
  await page.getByTestId("ps-form-save").click();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText("MDR (runs templates)");

  // The company sees it on its own screen.
  await page.goto("/platform-servers");
  await expect(page.getByTestId("platform-server-row").filter({ hasText: name })).toContainText("Rotterdam");
  await page.goBack();
  await expect(row).toBeVisible();
  expect(await settledAxe(page)).toEqual([]);
  await screenshot(page, "platform-servers-admin-1280");

  await page.setViewportSize({ width: 390, height: 844 });
  // Measured once the page has re-rendered for the new width (the top bar's menu button): measured
  // at once, it could still be the wide layout (seen once in CI: 58 px too wide).
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await row.getByRole("button", { name: `Edit ${name} of Demo Company` }).click();
  await expect(form.getByLabel("Name")).toHaveValue(name);
  expect(await settledAxe(page)).toEqual([]);
  await screenshot(page, "platform-servers-admin-dialog-390");
  await page.getByTestId("dialog-cancel").click();
  expect(await settledAxe(page)).toEqual([]);
  await screenshot(page, "platform-servers-admin-390");

  // Take it back, after the confirmation.
  await row.getByRole("button", { name: `Remove ${name} of Demo Company` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(row).toHaveCount(0);
  await page.goto("/platform-servers");
  await expect(page.getByTestId("platform-server-row").first()).toBeVisible();
  await expect(page.getByTestId("platform-server-row").filter({ hasText: name })).toHaveCount(0);
});
