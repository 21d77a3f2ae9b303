/**
 * Issue 5: the asset types side panel of the Assets pages, in Chromium against the real server.
 * The engineer holds manage:asset-types; the translator and the viewer do not and are not let in.
 */
import type { Page } from "@playwright/test";
import { chooseInItemMenu, deleteFromItemMenu } from "./support/typePanel";
import { DEMO_USERS, expect, test } from "./support/fixtures";

test.describe.configure({ mode: "serial" });

const NEW_NAME = `Valve ${Date.now().toString(36)}`;
const RENAMED = `${NEW_NAME} DN50`;

const items = (page: Page) => page.getByTestId("asset-type-item");
const names = (page: Page) => items(page).locator(".type-panel-link").allInnerTexts();

const choose = (page: Page, name: string, label: string) => chooseInItemMenu(page, items(page).filter({ hasText: name }), "asset-type-menu", label);

test("the engineer adds, renames and opens an asset type", async ({ page, signInAs, shot }) => {
  await signInAs(DEMO_USERS.engineer);
  await page.getByTestId("menu-item-assets").click();
  await expect(page.getByTestId("asset-type-panel")).toBeVisible();
  await shot("asset-types-panel");
  await page.getByTestId("asset-type-add").click();
  const dialog = page.getByTestId("asset-type-dialog");
  await expect(page.getByTestId("asset-type-save")).toBeDisabled();
  await dialog.getByLabel("Name").fill("x".repeat(256));
  await expect(dialog).toContainText("at most 255");
  await expect(page.getByTestId("asset-type-save")).toBeDisabled();
  await dialog.getByLabel("Name").fill(NEW_NAME);
  await page.getByTestId("asset-type-save").click();
  await expect(items(page).last()).toContainText(NEW_NAME);

  await choose(page, NEW_NAME, "Rename");
  await dialog.getByLabel("Name").fill(RENAMED);
  await page.getByTestId("asset-type-save").click();
  await expect(items(page).last()).toContainText(RENAMED);
  await items(page).last().getByRole("link").click();
  await expect(page.getByTestId("asset-type-title")).toHaveText(RENAMED);
  await shot("asset-type-page");
});

test("the engineer reorders asset types by dragging", async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.engineer);
  await page.goto("/assets");
  await expect(items(page).first()).toBeVisible();
  const before = await names(page);
  const saved = page.waitForResponse((r) => r.url().includes("/api/asset-types") && r.request().method() === "PATCH");
  await items(page).first().dragTo(items(page).last());
  expect((await saved).ok()).toBe(true);
  const expected = [...before.slice(1), before[0]!];
  await expect.poll(() => names(page)).toEqual(expected);
  await page.reload();
  await expect.poll(() => names(page)).toEqual(expected);
});

test("delete is refused for a type in use and allowed for an unused one", async ({ page, signInAs, shot }) => {
  test.setTimeout(60_000);
  await signInAs(DEMO_USERS.engineer);
  await page.goto("/assets");
  await deleteFromItemMenu(page, items(page).filter({ hasText: "Pump" }), "asset-type-menu");
  await expect(page.locator(".bp6-toast")).toContainText("cannot be deleted");
  await shot("asset-type-delete-refused");
  await deleteFromItemMenu(page, items(page).filter({ hasText: RENAMED }), "asset-type-menu");
  await expect(items(page).filter({ hasText: RENAMED })).toHaveCount(0);
  await expect(items(page).filter({ hasText: "Pump" })).toHaveCount(1);
});

test("without manage:asset-types the assets pages are not allowed", async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.translator);
  await expect(page.getByTestId("menu-item-assets")).toHaveCount(0);
  await page.goto("/assets");
  await expect(page).toHaveURL(/\/error\/not-allowed$/);
});

test("the viewer (manage:groups only) gets no assets menu item and no assets pages", async ({ page, signInAs }) => {
  // spec section 2: the assets pages need manage:asset-types (core ROUTE_RIGHTS), whatever else is held.
  await signInAs("viewer@example.com");
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByTestId("menu-item-groups")).toBeVisible();
  await expect(page.getByTestId("menu-item-assets")).toHaveCount(0);
  await page.goto("/assets");
  await expect(page).toHaveURL(/\/error\/not-allowed$/);
  await expect(page.getByTestId("asset-type-panel")).toHaveCount(0);
});
