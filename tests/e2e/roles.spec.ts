/**
 * Issue 11 in a real browser against a server of its own (fresh demo data): an administrator takes
 * a right from a role in one browser context and the left menu of a signed-in member with that
 * role (a second context) changes without a reload; access categories: add one, make it the
 * default, and a delete of a category in use shows 'access category is still in use'.
 * Screenshots: tests/artifacts/roles-*.png.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { startPortal, type PortalServer } from "./support/portalServer";

// Two signed-in users in the first test; the shared 2-core machine is slow under load.
test.describe.configure({ mode: "serial", timeout: 90_000 });

let portal: PortalServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({ dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-roles-")) });
});
test.afterAll(async () => {
  await portal.stop();
});

const at = (path: string) => `${portal.baseURL}${path}`;

async function userPage(browser: Browser, email: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: portal.baseURL });
  const page = await context.newPage();
  await signIn(page, email, { baseURL: portal.baseURL });
  return page;
}

async function adminPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await userPage(browser, DEMO_USERS.admin, viewport);
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).toHaveURL(/\/users$/);
  return page;
}

/** Selects a role in the list (its button reads "<name> <n> members"). */
const chooseRole = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name} \\d+ members?$`) }).click();

test("an administrator takes a right from a role and the member's menu follows without a reload", async ({ browser }) => {
  const engineer = await userPage(browser, DEMO_USERS.engineer);
  // On a screen the change leaves open (on the audit trail itself the guard would leave for not-allowed).
  await engineer.goto(at("/devices"));
  const menu = engineer.getByTestId("left-menu");
  await expect(menu.getByTestId("menu-item-audit-trail")).toBeVisible();
  const admin = await adminPage(browser);
  await admin.goto(at("/roles"));
  await chooseRole(admin, "Engineer");
  const editor = admin.getByTestId("rights-editor");
  await expect(editor.getByRole("heading", { name: "Rights of Engineer" })).toBeVisible();
  const auditLogs = editor.getByRole("checkbox", { name: "Use: Audit logs" });
  await expect(auditLogs).toBeChecked();
  await auditLogs.uncheck({ force: true });
  await screenshot(admin, "roles-editor-1280");
  await editor.getByTestId("rights-save").click();
  await expect(admin.getByText("The rights of the role were saved.")).toBeVisible();
  // The engineer's page was not reloaded: the event stream told it, and the menu follows.
  await expect(menu.getByTestId("menu-item-audit-trail")).toHaveCount(0, { timeout: 15_000 });
  await expect(menu.getByTestId("menu-item-devices")).toBeVisible();
  // Opening the screen by its address now lands on the not-allowed page.
  await engineer.goto(at("/audit-trail"));
  await expect(engineer).toHaveURL(/\/error\/not-allowed$/);
  await engineer.goto(at("/devices"));
  await expect(menu.getByTestId("menu-item-devices")).toBeVisible();
  // Given back, the item comes back, still without a reload.
  await auditLogs.check({ force: true });
  await editor.getByTestId("rights-save").click();
  await expect(menu.getByTestId("menu-item-audit-trail")).toBeVisible({ timeout: 15_000 });
  await admin.context().close();
  await engineer.context().close();
});

test("the last administrator's role keeps manage:roles, and a role in use cannot be deleted", async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto(at("/roles"));
  await chooseRole(admin, "Administrator");
  const editor = admin.getByTestId("rights-editor");
  await editor.getByRole("checkbox", { name: "Manage: Roles and access categories" }).uncheck({ force: true });
  await editor.getByTestId("rights-save").click();
  await expect(admin.getByText(/A company needs at least one administrator/)).toBeVisible();
  await expect(editor.getByRole("checkbox", { name: "Manage: Roles and access categories" })).not.toBeChecked();
  await editor.getByTestId("rights-discard").click();
  const viewerRow = admin.getByTestId("role-row").filter({ hasText: "Viewer" });
  await viewerRow.getByTestId("role-menu").click();
  await admin.getByTestId("role-delete").click();
  await admin.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText(/This role cannot be deleted while people or groups hold it/)).toBeVisible();
  await admin.context().close();
});

test("access categories: add one, make it the default, and a category in use cannot be deleted", async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto(at("/access-categories"));
  const rows = admin.getByTestId("category-row");
  await expect(rows.filter({ hasText: "Plant floor" }).getByTestId("category-default")).toBeVisible();
  await admin.getByTestId("category-add").click();
  const form = admin.getByRole("dialog", { name: "Add access category" });
  await form.getByTestId("category-form-name").fill("Visitors");
  await form.getByTestId("category-form-save").click();
  await expect(form).toHaveCount(0);
  await expect(rows.filter({ hasText: "Visitors" })).toBeVisible();
  await rows.filter({ hasText: "Visitors" }).getByTestId("category-default-toggle").click();
  await expect(rows.filter({ hasText: "Visitors" }).getByTestId("category-default")).toBeVisible();
  await expect(admin.getByTestId("category-default")).toHaveCount(1);
  await screenshot(admin, "roles-access-categories-1280");
  await rows.filter({ hasText: "Office" }).getByTestId("category-delete").click();
  await admin.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(admin.getByText(/access category is still in use/)).toBeVisible();
  await expect(rows.filter({ hasText: "Office" })).toBeVisible();
  await admin.context().close();
});

test("the roles screens at 390 x 844", async ({ browser }) => {
  const admin = await adminPage(browser, { width: 390, height: 844 });
  await admin.goto(at("/roles"));
  await admin.getByTestId("rights-editor").waitFor();
  await screenshot(admin, "roles-editor-390");
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await admin.goto(at("/access-categories"));
  await admin.getByTestId("categories-table").waitFor();
  await screenshot(admin, "roles-access-categories-390");
  await admin.context().close();
});
