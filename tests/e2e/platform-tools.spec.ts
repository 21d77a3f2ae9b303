/**
 * Issue 12, the administrator-only tools, in a real browser against the shared server: the demo
 * administrator (a platform administrator) finds Platform tools in the menu, issues a coupon, sets
 * and ends a company's trial, gives a company a licence bundle (a missing field is named and the
 * typed values stay), and the screen passes axe at 1280 and 390 px. An administrator of another
 * company is no platform administrator: no menu item, and the server refuses the tools.
 */
import { axeViolations } from "./support/axe";
import { DEMO_USERS, expect, screenshot, test } from "./support/fixtures";

test("the platform administrator issues a coupon, sets a trial and adds a licence bundle", async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.admin);
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await page.getByTestId("menu-item-platform-tools").click();
  await expect(page.getByRole("heading", { name: "Platform tools", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Platform tools/);

  const coupons = page.getByTestId("pt-coupon-form");
  await coupons.getByLabel("Feature").selectOption("logging");
  await coupons.getByLabel("Days", { exact: true }).fill("21");
  await coupons.getByLabel(/^Code/).fill("e2e-spring");
  await coupons.getByRole("button", { name: "Issue coupon" }).click();
  await expect(page.getByTestId("pt-coupon-row").filter({ hasText: "E2E-SPRING" })).toContainText("21");

  const acme = page.getByTestId("pt-company-row").filter({ hasText: "Acme" });
  await acme.getByRole("textbox", { name: "Trial end of Acme Industries" }).fill("2027-03-31");
  await acme.getByRole("button", { name: /^Save: Trial end/ }).click();
  await expect(acme).toContainText("Until 2027-03-31");
  await acme.getByRole("button", { name: /^End trial/ }).click();
  await expect(acme).toContainText("Not a trial company");

  const bundle = page.getByTestId("pt-bundle-form");
  await bundle.getByLabel("Seats").fill("7");
  await bundle.getByRole("button", { name: "Add bundle" }).click();
  await expect(bundle).toContainText("Choose a company.");
  await expect(bundle.getByLabel("Seats")).toHaveValue("7");
  await bundle.getByLabel("Company").selectOption({ label: "Acme Industries" });
  await bundle.getByLabel("Licence type").selectOption({ index: 1 });
  await bundle.getByLabel(/^Expires after/).fill("2027-12-31");
  await bundle.getByRole("button", { name: "Add bundle" }).click();
  await expect(page.getByTestId("pt-bundle-row").filter({ hasText: "Acme" }).filter({ hasText: "of 7" })).toContainText("2027-12-31");

  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "platform-tools-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "platform-tools-390");
});

test("a company administrator is no platform administrator", async ({ page, signInAs }) => {
  await signInAs("acme-admin@example.com");
  await page.getByTestId("company-item").filter({ hasText: "Acme Industries" }).click();
  await expect(page.getByTestId("left-menu")).toBeVisible();
  await expect(page.getByTestId("menu-item-platform-tools")).toHaveCount(0);
  await page.goto("/platform-tools");
  await expect(page.getByText("These tools are not available")).toBeVisible();
});
