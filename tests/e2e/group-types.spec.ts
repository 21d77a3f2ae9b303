/**
 * Issue 5: the group types side panel of the Groups pages, in Chromium against the real server.
 * Add, rename, colour, reorder by dragging, delete refused (in use) and allowed, and the panel
 * of users whose rights show fewer controls. Runs in order: later tests use the type added first.
 */
import type { Page } from "@playwright/test";
import { chooseInItemMenu, deleteFromItemMenu } from "./support/typePanel";
import { DEMO_USERS, expect, signIn, test } from "./support/fixtures";

/** Demo user whose only right is manage:groups (fixtures/src/demo/demoData.ts). */
const VIEWER = "viewer@example.com";

test.describe.configure({ mode: "serial" });

const NEW_NAME = `Team ${Date.now().toString(36)}`;
const RENAMED = `${NEW_NAME} renamed`;

async function adminOnGroups(page: Page): Promise<void> {
  await signIn(page, DEMO_USERS.admin);
  await expect(page).toHaveURL(/\/my-companies$/);
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  // Home lands on the first built screen the rights open (which one depends on what is built).
  await expect(page).not.toHaveURL(/\/my-companies$/);
  await page.getByTestId("menu-item-groups").click();
  await expect(page.getByTestId("group-type-panel")).toBeVisible();
}

const items = (page: Page) => page.getByTestId("group-type-item");
const names = (page: Page) => items(page).locator(".type-panel-link").allInnerTexts();

const choose = (page: Page, name: string, label: string) => chooseInItemMenu(page, items(page).filter({ hasText: name }), "group-type-menu", label);

test("admin adds a group type with a colour; the dialog checks the name first", async ({ page, shot }) => {
  await adminOnGroups(page);
  // Types without a colour (Shift in the demo data) got a spread colour: every swatch has one.
  const swatches = page.getByTestId("group-type-color");
  await expect(swatches).toHaveCount(await items(page).count());
  for (const swatch of await swatches.all()) await expect(swatch).not.toHaveAttribute("title", "No colour");
  await shot("group-types-panel");

  await page.getByTestId("group-type-add").click();
  const dialog = page.getByTestId("group-type-dialog");
  const save = page.getByTestId("group-type-save");
  await expect(save).toBeDisabled();
  await dialog.getByLabel("Name").fill("department");
  await dialog.getByLabel("Name").blur();
  await expect(dialog).toContainText("is already named");
  await dialog.getByLabel("Name").fill("");
  await expect(dialog).toContainText("This field is required.");
  await dialog.getByLabel("Name").fill(NEW_NAME);
  await expect(save).toBeDisabled();
  await dialog.locator("#group-type-color").fill("#AA3300");
  await shot("group-type-dialog");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog).toHaveCount(0);
  await expect(items(page).last()).toContainText(NEW_NAME);
  await expect(items(page).last().getByTestId("group-type-color")).toHaveAttribute("title", "#aa3300");

  // The link opens the groups of that type.
  await items(page).filter({ hasText: "Department" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/groups\/[A-Za-z0-9]{12}$/);
  await expect(page.getByTestId("groups-table")).toContainText("Maintenance");
  await shot("groups-of-type");
});

test("admin renames and recolours it", async ({ page }) => {
  await adminOnGroups(page);
  await choose(page, NEW_NAME, "Edit");
  const dialog = page.getByTestId("group-type-dialog");
  await expect(dialog.getByLabel("Name")).toHaveValue(NEW_NAME);
  await expect(page.getByTestId("group-type-save")).toBeDisabled();
  await dialog.getByLabel("Name").fill(RENAMED);
  await dialog.locator("#group-type-color").fill("#0055ff");
  await page.getByTestId("group-type-save").click();
  await expect(dialog).toHaveCount(0);
  const item = items(page).filter({ hasText: RENAMED });
  await expect(item.getByTestId("group-type-color")).toHaveAttribute("title", "#0055ff");
  await page.reload();
  await expect(items(page).filter({ hasText: RENAMED })).toHaveCount(1);
});

test("admin reorders by dragging; the order is saved", async ({ page }) => {
  await adminOnGroups(page);
  const before = await names(page);
  const lastName = before.at(-1)!;
  const saved = page.waitForResponse((r) => r.url().includes("/api/group-types") && r.request().method() === "PATCH");
  await items(page).last().dragTo(items(page).first());
  expect((await saved).ok()).toBe(true);
  await expect.poll(() => names(page)).toEqual([lastName, ...before.slice(0, -1)]);
  await page.reload();
  await expect.poll(() => names(page)).toEqual([lastName, ...before.slice(0, -1)]);
  // The keyboard way: Move down in the item's menu puts it back one place.
  await choose(page, lastName, "Move down");
  await expect.poll(() => names(page)).toEqual([before[0], lastName, ...before.slice(1, -1)]);
});

test("delete is refused for a type in use and allowed for an unused one", async ({ page, shot }) => {
  test.setTimeout(60_000);
  await adminOnGroups(page);
  await deleteFromItemMenu(page, items(page).filter({ hasText: "Department" }), "group-type-menu");
  await expect(page.locator(".bp6-toast")).toContainText("cannot be deleted");
  await shot("group-type-delete-refused");
  await expect(items(page).filter({ hasText: "Department" })).toHaveCount(1);

  await deleteFromItemMenu(page, items(page).filter({ hasText: RENAMED }), "group-type-menu");
  await expect(items(page).filter({ hasText: RENAMED })).toHaveCount(0);
  await page.reload();
  await expect(items(page).filter({ hasText: "Department" })).toHaveCount(1);
  await expect(items(page).filter({ hasText: RENAMED })).toHaveCount(0);
});

test("the translator manages group types but sees no colour control", async ({ page, signInAs, shot }) => {
  await signInAs(DEMO_USERS.translator);
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByTestId("group-type-add")).toBeVisible();
  await expect(page.locator(".type-panel-handle")).toHaveCount(await items(page).count());
  await expect(page.getByTestId("group-type-color")).toHaveCount(0);
  await page.getByTestId("group-type-add").click();
  await expect(page.getByTestId("group-type-dialog").getByText("Colour")).toHaveCount(0);
  await shot("group-types-translator");
});

test("a user without manage:group-types sees the list without controls", async ({ page, signInAs, shot }) => {
  // The viewer demo user holds manage:groups only: the groups screen opens, the panel is read-only.
  await signInAs(VIEWER);
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByTestId("menu-item-groups")).toBeVisible();
  await expect(page.getByTestId("menu-item-assets")).toHaveCount(0);
  await expect(items(page).filter({ hasText: "Department" })).toHaveCount(1);
  await expect(items(page).filter({ hasText: "Location" })).toHaveCount(1);
  await expect(page.getByTestId("group-type-add")).toHaveCount(0);
  await expect(page.getByTestId("group-type-menu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Actions for / })).toHaveCount(0);
  await expect(page.locator(".type-panel-handle")).toHaveCount(0);
  await expect(page.getByTestId("group-type-color")).toHaveCount(0);
  for (const item of await items(page).all()) await expect(item).not.toHaveAttribute("draggable", "true");
  await shot("group-types-read-only");
  // The links still open the groups of a type.
  await items(page).filter({ hasText: "Department" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/groups\/[A-Za-z0-9]{12}$/);
  await expect(page.getByTestId("groups-table")).toContainText("Maintenance");
});
