/**
 * Issue 5: the translations page, in Chromium against the real server: search, add, edit,
 * delete, and the import of a batch - one bad entry means nothing is applied and the reason is
 * shown; a good CSV is applied with its counts.
 */
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, test } from "./support/fixtures";

test.describe.configure({ mode: "serial" });

const KEY = `E2E_KEY_${Date.now().toString(36).toUpperCase()}`;
const rows = (page: Page) => page.getByTestId("translation-row");

async function openTranslations(page: Page, signInAs: (email: string) => Promise<void>) {
  await signInAs(DEMO_USERS.translator);
  await page.getByTestId("menu-item-translations").click();
  await expect(page.getByTestId("translations-table")).toBeVisible();
}

test("search, add, edit and delete a translation", async ({ page, signInAs, shot }) => {
  await openTranslations(page, signInAs);
  await expect(rows(page).filter({ hasText: "WELCOME_MESSAGE" })).toHaveCount(1);
  await shot("translations");
  await page.getByLabel("Search translations").fill("standort");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText("GROUP_TYPE_LOCATION");
  await page.getByLabel("Search translations").fill("");

  await page.getByTestId("translations-add").click();
  const dialog = page.getByTestId("translation-dialog");
  await expect(page.getByTestId("translation-save")).toBeDisabled();
  await dialog.getByLabel("Key").fill(KEY);
  await dialog.getByLabel("Key").blur();
  await expect(dialog).toContainText("The English text (en) is required.");
  await expect(page.getByTestId("translation-save")).toBeDisabled();
  await dialog.getByLabel("Text en").fill("Hello from the test");
  await dialog.getByRole("button", { name: "Add language" }).click();
  await dialog.getByLabel("Language code").last().fill("de");
  await dialog.getByLabel("Text de").fill("Hallo vom Test");
  await shot("translation-dialog");
  await page.getByTestId("translation-save").click();
  await expect(dialog).toHaveCount(0);
  const row = rows(page).filter({ hasText: KEY });
  await expect(row).toContainText("Hello from the test");
  await expect(row).toContainText("Hallo vom Test");

  await row.getByRole("button", { name: `Edit ${KEY}` }).click();
  await dialog.getByLabel("Text en").fill("Hello again");
  await page.getByTestId("translation-save").click();
  await expect(row).toContainText("Hello again");
  await page.reload();
  await expect(rows(page).filter({ hasText: KEY })).toContainText("Hello again");

  await rows(page).filter({ hasText: KEY }).getByRole("button", { name: `Delete ${KEY}` }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(rows(page).filter({ hasText: KEY })).toHaveCount(0);
});

test("an import with a bad entry applies nothing and shows the reason", async ({ page, signInAs, shot }) => {
  await openTranslations(page, signInAs);
  const count = await rows(page).count();
  const batch = [
    { key: `${KEY}_GOOD`, languages: { en: "Good" } },
    { key: `${KEY}_NO_EN`, languages: { de: "Nur Deutsch" } },
    { key: "not a key!", languages: { en: "x" } },
  ];
  await page.getByTestId("translations-file").setInputFiles({ name: "batch.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(batch)) });
  const report = page.getByTestId("import-report");
  await expect(report).toContainText("Nothing was imported: 2 of 3 entries have problems");
  const failures = page.getByTestId("import-failure");
  await expect(failures).toHaveCount(2);
  await expect(failures.nth(0)).toContainText("2");
  await expect(failures.nth(0)).toContainText(`${KEY}_NO_EN`);
  await expect(failures.nth(0)).toContainText("The English text (en) is required.");
  await expect(failures.nth(1)).toContainText("wrong format");
  await shot("translations-import-rejected");
  await page.reload();
  await expect(rows(page)).toHaveCount(count);
  await expect(rows(page).filter({ hasText: `${KEY}_GOOD` })).toHaveCount(0);
});

test("a CSV import with a duplicate is refused; a good one is applied with its counts", async ({ page, signInAs, shot }) => {
  await openTranslations(page, signInAs);
  const dup = `key,en\n${KEY}_A,One\n${KEY}_A,Two\n`;
  await page.getByTestId("translations-file").setInputFiles({ name: "dup.csv", mimeType: "text/csv", buffer: Buffer.from(dup) });
  await expect(page.getByTestId("import-failure")).toContainText("appears more than once");
  await expect(page.getByTestId("import-failure")).toContainText("3");
  const good = `key,en,de\n${KEY}_A,One,Eins\n"${KEY}_B","Two, with a comma",\nWELCOME_MESSAGE,Welcome to the demo portal,Willkommen im Demo-Portal\n`;
  await page.getByTestId("translations-file").setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await expect(page.getByTestId("import-report")).toContainText("2 added, 0 updated, 1 unchanged (3 entries)");
  await expect(rows(page).filter({ hasText: `${KEY}_B` })).toContainText("Two, with a comma");
  await shot("translations-import-applied");
});

test("a long list: the server pages it as it scrolls, the DOM keeps a screenful, and the sort is the server's", async ({ page, request, signInAs, shot }) => {
  // 650 translations through the API (the translator's company): more than three of the screen's pages.
  const basic = Buffer.from(`${DEMO_USERS.translator}::${DEMO_PASSWORD}`).toString("base64");
  const token = (await (await request.post("/api/access-tokens", { headers: { "Api-Version": "2", Authorization: `Basic ${basic}` }, data: { expiresIn: 600 } })).json()).data as { secretId: string };
  const session = { "Api-Version": "2", Authorization: `Bearer ${token.secretId}` };
  const company = ((await (await request.get("/api/my-companies", { headers: session })).json()).data as Array<{ publicId: string }>)[0]!.publicId;
  const headers = { ...session, "Api-Company": company };
  const batch = Array.from({ length: 650 }, (_, i) => ({ key: `${KEY}_LONG_${String(i).padStart(4, "0")}`, languages: { en: `Long ${String(649 - i).padStart(4, "0")}` } }));
  expect((await request.post("/api/translations?mode=upsert", { headers, data: batch })).ok()).toBe(true);
  try {
    await openTranslations(page, signInAs);
    await page.getByLabel("Search translations").fill(`${KEY}_LONG`);
    await expect(rows(page).first()).toContainText(`${KEY}_LONG_0000`);
    const scroller = page.locator(".translations-scroller");
    const lastKey = `${KEY}_LONG_0649`;
    // Scroll to the end until the last key is drawn: each page arrives as the end comes near.
    for (let i = 0; i < 30 && (await rows(page).filter({ hasText: lastKey }).count()) === 0; i++) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(150);
    }
    await expect(rows(page).filter({ hasText: lastKey })).toHaveCount(1);
    expect(await rows(page).count()).toBeLessThan(100);
    await shot("translations-long-list-end");
    await page.getByLabel("Sort translations").selectOption("english");
    // English texts run the other way round: the last key has the first text.
    await expect(rows(page).first()).toContainText(lastKey);
  } finally {
    const ids = ((await (await request.get(`/api/translations?page-size=4000&filters=contains(key,${KEY}_LONG)`, { headers })).json()).data as Array<{ publicId: string }>)
      .map(({ publicId }) => ({ publicId }));
    if (ids.length > 0) expect((await request.delete("/api/translations", { headers, data: ids })).ok()).toBe(true);
  }
});
