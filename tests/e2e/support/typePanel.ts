/** Helpers for the type side panels (group types, asset types). */
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Opens the menu (Edit, Delete, …) of one panel item. The menu of an earlier action may still be
 * in its exit transition: clicking its items then hits an element that detaches, and the test
 * hangs, so this waits until no such menu is in the page before opening the item's own. A click
 * that lands while the panel is still settling can miss the popover: it is retried.
 */
export async function openItemMenu(page: Page, item: Locator, menuButtonTestId: string): Promise<void> {
  const menu = page.getByRole("menu").filter({ has: page.getByRole("menuitem", { name: "Delete" }) });
  await expect(menu).toHaveCount(0, { timeout: 5_000 });
  await expect(async () => {
    if ((await menu.count()) === 0) await item.getByTestId(menuButtonTestId).click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Opens an item's menu and clicks one of its entries; when the menu goes away under the click
 * (an element that detaches), it starts over instead of waiting for the test's timeout.
 */
export async function chooseInItemMenu(page: Page, item: Locator, menuButtonTestId: string, label: string): Promise<void> {
  await expect(async () => {
    await openItemMenu(page, item, menuButtonTestId);
    await page.getByRole("menuitem", { name: label }).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Deletes an item through its menu and the confirming alert. When the menu's Delete was clicked
 * but no alert came (once in CI the menu stayed open with Delete focused and the test waited its
 * 30 s for the alert's button), the choice is made again.
 */
export async function deleteFromItemMenu(page: Page, item: Locator, menuButtonTestId: string): Promise<void> {
  const alert = page.getByRole("alertdialog");
  // An earlier alert still leaving would pass for this one.
  await expect(alert).toHaveCount(0, { timeout: 5_000 });
  await expect(async () => {
    if (!(await alert.isVisible())) await chooseInItemMenu(page, item, menuButtonTestId, "Delete");
    await expect(alert).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 25_000 });
  await alert.getByRole("button", { name: "Delete", exact: true }).click();
}
