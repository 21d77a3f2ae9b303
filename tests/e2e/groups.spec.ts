/**
 * Issue 11: groups under a group type, in Chromium against the real server. Create a group and a
 * subgroup, add a member with a role and a device, see delete refused while the group is in use
 * (with the sentence), empty it and delete it. Keyboard and both screen sizes are looked at too.
 */
import type { Page } from "@playwright/test";
import { DEMO_USERS, expect, signIn, test } from "./support/fixtures";

const SUFFIX = Date.now().toString(36);
const PARENT = `Hall ${SUFFIX}`;
const CHILD = `Cell ${SUFFIX}`;

async function adminOnLocation(page: Page): Promise<void> {
  await signIn(page, DEMO_USERS.admin);
  await expect(page).toHaveURL(/\/my-companies$/);
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).not.toHaveURL(/\/my-companies$/);
  await page.getByTestId("menu-item-groups").click();
  await page.getByTestId("group-type-item").filter({ hasText: "Location" }).getByRole("link").click();
  await expect(page.getByTestId("group-type-title")).toHaveText("Location");
}

const tree = (page: Page) => page.getByTestId("groups-table");
const details = (page: Page) => page.getByTestId("group-details");

async function deleteSelected(page: Page): Promise<void> {
  await details(page).getByRole("button", { name: "Delete group" }).click();
  await page.getByRole("alertdialog").or(page.getByRole("dialog")).getByRole("button", { name: "Delete", exact: true }).click();
}

test("create a group and a subgroup, add a member and a device; delete is refused while in use, then succeeds", async ({ page, shot }) => {
  await adminOnLocation(page);
  await expect(tree(page)).toContainText("Hall A");

  // Create the group; the dialog asks before discarding typed changes.
  await page.getByRole("button", { name: "Add group", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add group" });
  await dialog.getByLabel("Name").fill("hall a");
  await page.keyboard.press("Escape");
  await expect(page.getByText("Discard your changes?")).toBeVisible();
  await page.getByRole("button", { name: "Keep editing" }).click();
  await dialog.getByRole("button", { name: /Save/ }).click();
  await expect(dialog).toContainText("already named");
  await dialog.getByLabel("Name").fill(PARENT);
  await dialog.getByRole("button", { name: /Save/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(details(page).getByRole("heading", { name: PARENT, exact: true })).toBeVisible();

  // A subgroup under it, by keyboard: the Add subgroup button, then type and Enter.
  await details(page).getByRole("button", { name: "Add subgroup" }).click();
  const sub = page.getByRole("dialog", { name: "Add group" });
  await expect(sub.getByLabel("Parent group")).toHaveValue(/.+/);
  await sub.getByLabel("Name").fill(CHILD);
  await sub.getByRole("button", { name: /Save/ }).click();
  await expect(sub).toHaveCount(0);
  await expect(tree(page).getByTestId(`group-${PARENT}`).locator("xpath=..").getByTestId(`group-${CHILD}`)).toBeVisible();

  // Members and devices of the parent.
  await tree(page).getByTestId(`group-${PARENT}`).focus();
  await page.keyboard.press("Enter");
  await expect(details(page).getByRole("heading", { name: PARENT, exact: true })).toBeVisible();
  await details(page).getByLabel("Find a person").fill("Sam");
  await expect(details(page).getByLabel("Person", { exact: true }).locator("option")).toHaveText(["Sam Shift (shift-lead@example.com)"]);
  await details(page).getByLabel("Person", { exact: true }).selectOption({ label: "Sam Shift (shift-lead@example.com)" });
  await details(page).getByLabel("Role", { exact: true }).selectOption({ label: "Group approver" });
  await details(page).getByRole("button", { name: "Add member" }).click();
  await expect(page.getByTestId("group-members")).toContainText("Sam Shift");
  await expect(page.getByTestId("group-members").getByLabel("Role of Sam Shift")).toHaveValue(/.+/);
  await details(page).getByLabel("Find a device").fill("Line 2");
  await expect(details(page).getByLabel("Device", { exact: true }).locator("option")).toHaveText(["Line 2 Router"]);
  await details(page).getByLabel("Device", { exact: true }).selectOption({ label: "Line 2 Router" });
  await details(page).getByRole("button", { name: "Add device" }).click();
  await expect(page.getByTestId("group-devices")).toContainText("Line 2 Router");
  await shot("groups-tree-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(details(page).getByRole("button", { name: "Delete group" })).toBeVisible();
  await shot("groups-tree-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Refused while it has a subgroup, then while it has members; each with its sentence.
  await deleteSelected(page);
  await expect(page.getByText("This group cannot be deleted while it has subgroups. Move or delete them first.")).toBeVisible();
  await tree(page).getByTestId(`group-${CHILD}`).click();
  await deleteSelected(page);
  await expect(tree(page).getByTestId(`group-${CHILD}`)).toHaveCount(0);
  await tree(page).getByTestId(`group-${PARENT}`).click();
  await deleteSelected(page);
  await expect(page.getByText("This group cannot be deleted while it has members. Remove them first.")).toBeVisible();

  // Empty it, then it goes.
  await page.getByRole("button", { name: "Remove Sam Shift" }).click();
  await expect(page.getByTestId("group-members")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove Line 2 Router from the group" }).click();
  await expect(page.getByTestId("group-devices")).toHaveCount(0);
  await deleteSelected(page);
  await expect(tree(page).getByTestId(`group-${PARENT}`)).toHaveCount(0);
  await expect(tree(page)).toContainText("Hall A");
});
