/**
 * Issue 12: the terms of use and privacy statement builders, in Chromium against a portal of its
 * own (a database of its own, demo data: publishing terms here must not prompt the users of other specs).
 * The administrator writes terms with bold and a link, adds a language (adding it twice is
 * refused), previews and publishes; the engineer then sees the updated-terms alert and accepts.
 * The privacy statement builder likewise; the engineer reads the company's statement.
 */
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial" });

let portal: PortalServer;
const dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-builders-"));
const SHOTS = process.env["SHOTS_DIR"] ?? null;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({ dataDir });
});
test.afterAll(async () => {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A screenshot at 1280 x 800 and at 390 x 844 (also under SHOTS_DIR when set). */
async function shots(page: Page, name: string): Promise<void> {
  for (const [w, h] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await screenshot(page, `${name}-${w}`);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `${name}-${w}.png`), fullPage: true, animations: "disabled" });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signInToDemo(page: Page, email: string): Promise<void> {
  await signIn(page, email, { baseURL: portal.baseURL });
  const pick = page.getByTestId("company-item").filter({ hasText: "Demo Company" });
  await expect(page.getByTestId("shell").or(pick)).toBeVisible();
  if (await pick.isVisible()) await pick.click();
  await expect(page.getByTestId("shell")).toBeVisible();
}

/** Types into the editor: "<before> **<bold>** <linkText>" with the last words made a link. */
async function writeWithBoldAndLink(page: Page, before: string, bold: string, linkText: string, href: string): Promise<void> {
  const editor = page.getByTestId("policy-editor");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type(before);
  await page.getByRole("button", { name: "Bold" }).click();
  // The toolbar gives the focus back to the editor after its click: keys typed before that were
  // lost (seen under load: " inding" instead of "binding").
  await expect(page.getByRole("textbox", { name: /^Text in / })).toBeFocused();
  await page.keyboard.type(bold);
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(` ${linkText}`);
  for (let i = 0; i < linkText.length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.getByRole("button", { name: "Link", exact: true }).click();
  await page.getByLabel("Link address").fill(href);
  await page.getByRole("button", { name: "Apply link" }).click();
  await expect(editor.locator("strong")).toHaveText(bold);
  await expect(editor.getByRole("link", { name: linkText })).toHaveAttribute("href", href);
}

test("terms: write with bold and a link, add a language, preview, publish; another user accepts the new terms", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInToDemo(page, DEMO_USERS.admin);
  await page.goto(`${portal.baseURL}/custom-terms-of-use-builder`);
  await expect(page.locator("h1")).toHaveText("Terms of use builder");
  await expect(page.getByTestId("policy-status")).toContainText("Nothing published yet.");
  await writeWithBoldAndLink(page, "These terms are ", "binding", "read the details", "https://example.com/terms");

  // A language is added once; adding it again is refused and its text is kept.
  await page.getByLabel("Add a language").fill("de");
  await page.getByTestId("policy-add-language").click();
  await expect(page.getByTestId("policy-language")).toHaveValue("de");
  await page.getByTestId("policy-editor").click();
  await page.keyboard.type("Diese Bedingungen gelten.");
  await page.getByLabel("Add a language").fill("DE");
  await page.getByTestId("policy-add-language").click();
  await expect(page.getByTestId("policy-language-issue")).toContainText("already has the language “de”");
  await expect(page.getByTestId("policy-editor")).toHaveText("Diese Bedingungen gelten.");
  await page.getByTestId("policy-language").selectOption("en");
  await expect(page.getByTestId("policy-editor").locator("strong")).toHaveText("binding");
  await shots(page, "terms-builder-editor");

  await page.getByTestId("policy-preview-toggle").click();
  const preview = page.getByTestId("policy-preview");
  await expect(preview.locator("strong")).toHaveText("binding");
  await expect(preview.getByRole("link", { name: "read the details" })).toHaveAttribute("href", "https://example.com/terms");
  await shots(page, "terms-builder-preview");

  await page.getByTestId("policy-publish").click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("every user of the company is asked to accept them");
  await confirm.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("policy-status")).toContainText("1 version published");
  // The publisher is a user of the company too: the alert asks them as well.
  const adminAlert = page.getByRole("dialog", { name: "Terms of use updated" });
  await expect(adminAlert).toBeVisible();
  await shots(page, "terms-builder-published");
  await adminAlert.getByRole("button", { name: "OK" }).click();
  await expect(adminAlert).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "The company's own terms" })).toBeChecked();

  // Another user of the company sees the updated-terms alert, reads the new terms, and accepts them.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await context.newPage();
  await signInToDemo(other, DEMO_USERS.engineer);
  const alert = other.getByRole("dialog", { name: "Terms of use updated" });
  await expect(alert).toBeVisible();
  const [tab] = await Promise.all([context.waitForEvent("page"), alert.getByRole("link", { name: "terms of use" }).click()]);
  await expect(tab.getByTestId("terms-page").locator("strong")).toHaveText("binding");
  await expect(tab.getByTestId("terms-page").getByRole("link", { name: "read the details" })).toHaveAttribute("href", "https://example.com/terms");
  await tab.close();
  await shots(other, "terms-builder-other-user-alert");
  await alert.getByRole("button", { name: "OK" }).click();
  await expect(alert).toHaveCount(0);
  await other.reload();
  await expect(other.getByTestId("shell")).toBeVisible();
  await other.waitForTimeout(800);
  await expect(alert).toHaveCount(0);
  await context.close();
});

test("privacy statement: write, preview and publish; the company's users read it", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInToDemo(page, DEMO_USERS.admin);
  await page.goto(`${portal.baseURL}/custom-privacy-statement-builder`);
  await expect(page.locator("h1")).toHaveText("Privacy statement builder");
  await writeWithBoldAndLink(page, "We keep ", "little", "contact us", "mailto:privacy@example.com");
  // Leaving with unpublished changes asks first; "Keep editing" stays with the text.
  await page.getByTestId("menu-item-users").click();
  const discard = page.getByRole("alertdialog").filter({ hasText: "Discard your changes?" });
  await expect(discard).toBeVisible();
  await discard.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/custom-privacy-statement-builder$/);
  await expect(page.getByTestId("policy-editor").locator("strong")).toHaveText("little");
  // A reload (or closing the tab) asks the browser's own question first; staying keeps the text.
  const unload = page.waitForEvent("dialog");
  void page.evaluate(() => location.reload()).catch(() => undefined);
  const asked = await unload;
  expect(asked.type()).toBe("beforeunload");
  await asked.dismiss();
  await expect(page.getByTestId("policy-editor").locator("strong")).toHaveText("little");
  await page.getByTestId("policy-preview-toggle").click();
  await expect(page.getByTestId("policy-preview").locator("strong")).toHaveText("little");
  await page.getByTestId("policy-publish").click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("policy-status")).toContainText("1 version published");
  await expect(page.getByRole("dialog", { name: "Terms of use updated" })).toHaveCount(0);
  await shots(page, "privacy-builder-published");

  // The engineer's view of the company's privacy statement (the read-only page is another issue's).
  const token = await request.post(`${portal.baseURL}/api/access-tokens`, {
    headers: { "Api-Version": "2", Authorization: `Basic ${Buffer.from(`${DEMO_USERS.engineer}::${DEMO_PASSWORD}`).toString("base64")}` },
    data: { expiresIn: 600 },
  });
  const secret = (await token.json()).data.secretId as string;
  const auth = { "Api-Version": "2", Authorization: `Bearer ${secret}` };
  const companies = (await (await request.get(`${portal.baseURL}/api/my-companies`, { headers: auth })).json()).data as Array<{ publicId: string; name: string }>;
  const demo = companies.find((c) => c.name === "Demo Company")!.publicId;
  const statement = (await (await request.get(`${portal.baseURL}/api/my-company/privacy-statement`, { headers: { ...auth, "Api-Company": demo } })).json()).data;
  expect(statement.source).toBe("company");
  // (Where the typed space before the bold word lands, inside or before <strong>, is the browser's.)
  expect(statement.body).toMatch(/<strong>\s?little<\/strong>/);
  expect(statement.body).toContain("href=\"mailto:privacy@example.com\"");
});

test("the builders are not open without their right", async ({ page }) => {
  await signInToDemo(page, DEMO_USERS.engineer);
  // The engineer accepted the new terms in the first test; a fresh portal would not need this.
  const alert = page.getByRole("dialog", { name: "Terms of use updated" });
  if (await alert.isVisible()) await alert.getByRole("button", { name: "OK" }).click();
  await page.goto(`${portal.baseURL}/custom-terms-of-use-builder`);
  await expect(page).toHaveURL(/\/error\/not-allowed$/);
  await page.goto(`${portal.baseURL}/custom-privacy-statement-builder`);
  await expect(page).toHaveURL(/\/error\/not-allowed$/);
});
