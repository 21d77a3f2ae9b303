/**
 * Reports (issue 13) in a real browser against a server of its own (fresh demo data, its worker
 * printing with Debian's Chromium): from the Pages screen, "Queue report" on the published demo
 * report template for the Boiler Controller and a day in Europe/Berlin; the Reports list goes
 * from queued to Done on its own (event stream), the PDF downloads, and its text (pdf.js) holds
 * the title, the device, the period in the zone and the footer. Screenshots at 1280 x 800 and
 * 390 x 844 (tests/artifacts/reports-*.png); axe finds nothing serious on the list and dialog. The
 * run shows on the usage screen (one more report run, kept after the report is deleted).
 * Then a report of an asset: the dialog's search narrows devices and assets to the pump, the
 * report is printed with the data of the device the asset is on, and its PDF names both.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { axeAll } from "./support/axe";
import { startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial", timeout: 180_000 });

let portal: PortalServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({ dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-reports-")) });
});
test.afterAll(async () => {
  await portal.stop();
});

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) texts.push((await (await doc.getPage(i)).getTextContent()).items.map((it) => ("str" in it ? it.str : "")).join(" "));
  await doc.destroy();
  return texts.join("\n");
}

/** The "Report runs" total of the usage screen, once its figures are shown. */
async function reportRunsShown(page: Page): Promise<number> {
  const value = page.getByTestId("usage-total-reports").locator(".usage-total-value");
  await expect(value).toBeVisible();
  return Number((await value.textContent())!.replace(/,/g, ""));
}

const serious = async (page: Page) => (await axeAll(page)).filter((v) => v.impact === "serious" || v.impact === "critical");

test("queue a report of the published demo template, see it done, download the PDF and read it", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: portal.baseURL, acceptDownloads: true, timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  await signIn(page, DEMO_USERS.admin, { baseURL: portal.baseURL });
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).toHaveURL(/\/users$/);
  // The report runs of the last 30 days before this one (the usage screen, issue 12).
  await page.goto("/usage");
  const runsBefore = await reportRunsShown(page);
  await page.goto("/pages");
  const row = page.getByTestId("page-row").filter({ hasText: "Monthly service report" });
  await row.getByTestId("page-actions").click();
  await page.getByRole("menu", { name: "Actions for Monthly service report" }).getByTestId("page-queue-report").click();

  const form = page.getByTestId("report-form");
  await expect(form).toBeVisible();
  await expect(form.getByTestId("report-page")).toHaveValue(/.+/);
  await expect(form.getByTestId("report-target").locator("option", { hasText: /^Boiler Controller$/ })).toHaveCount(1);
  await form.getByTestId("report-target").selectOption({ label: "Boiler Controller" });
  await form.getByTestId("report-start").fill("2026-11-01T00:00");
  await form.getByTestId("report-end").fill("2026-11-02T00:00");
  await form.getByTestId("report-zone").selectOption("Europe/Berlin");
  expect(await serious(page)).toEqual([]);
  await screenshot(page, "reports-dialog-1280");
  await form.getByTestId("report-queue-save").click();
  await expect(form).toBeHidden();

  // The list follows the worker through the event stream, without a reload.
  const report = page.getByTestId("report-row").first();
  await expect(report).toContainText("Monthly service report");
  await expect(report).toContainText("Boiler Controller");
  await expect(report).toContainText("1 Nov 2026, 00:00 – 2 Nov 2026, 00:00 (Europe/Berlin)");
  await expect(report.getByTestId("report-status")).toHaveText("Done", { timeout: 60_000 });
  expect(await serious(page)).toEqual([]);
  await screenshot(page, "reports-list-1280");

  const download = page.waitForEvent("download");
  await report.getByTestId("report-download").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Monthly service report-\w+\.pdf$/);
  const bytes = new Uint8Array(readFileSync((await file.path())!));
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const text = await pdfText(bytes);
  expect(text).toContain("Monthly service report");
  expect(text).toContain("Boiler Controller");
  expect(text).toContain("Period: 1 Nov 2026, 00:00 – 2 Nov 2026, 00:00 (Europe/Berlin)");
  expect(text).toContain("Demo Company service department");

  // Narrow screen: the list stacks and stays usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(report.getByTestId("report-download")).toBeVisible();
  await screenshot(page, "reports-list-390");

  // Delete asks first, then the row is gone.
  await report.getByTestId("report-delete").click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByTestId("report-row")).toHaveCount(0);

  // The run counts in the usage of the company, and of the Boiler Controller; deleting the report keeps it.
  await page.goto("/usage");
  await expect.poll(() => reportRunsShown(page)).toBe(runsBefore + 1);
  await page.setViewportSize({ width: 1280, height: 800 });
  const boilerRow = page.getByTestId("usage-top").locator("tr", { hasText: "Boiler Controller" });
  await expect(boilerRow.locator("td").nth(4)).not.toHaveText("0");
  await page.getByRole("radio", { name: "Report runs" }).click();
  await screenshot(page, "usage-report-runs-1280");
  await context.close();
});

test("queue a report of an asset found by the search, and read its PDF", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: portal.baseURL, acceptDownloads: true, timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  await signIn(page, DEMO_USERS.admin, { baseURL: portal.baseURL });
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.goto("/pages/reports");
  await page.getByTestId("report-add").click();
  const form = page.getByTestId("report-form");
  await form.getByTestId("report-page").selectOption({ label: "Monthly service report" });
  const target = form.getByTestId("report-target");
  await expect(target.locator("optgroup[label=Assets] option", { hasText: "Pump P-101 (on Line 1 Router)" })).toHaveCount(1);
  // The search narrows both groups, case- and accent-insensitively: devices that do not match go.
  await form.getByRole("searchbox", { name: "Search devices and assets" }).fill("PÜMP");
  await expect(target.locator("option:not([value=''])")).toHaveText(["Pump P-101 (on Line 1 Router)"]);
  await target.selectOption({ label: "Pump P-101 (on Line 1 Router)" });
  await form.getByRole("searchbox", { name: "Search devices and assets" }).fill("boiler");
  // The chosen asset stays listed (and chosen) whatever the search.
  await expect(target).toHaveValue(/^asset:/);
  await expect(target.locator("option:not([value=''])")).toHaveText(["Boiler Controller", "Pump P-101 (on Line 1 Router)"]);
  await form.getByTestId("report-start").fill("2026-11-03T00:00");
  await form.getByTestId("report-end").fill("2026-11-04T00:00");
  await form.getByTestId("report-zone").selectOption("Europe/Berlin");
  expect(await serious(page)).toEqual([]);
  await screenshot(page, "reports-asset-dialog-1280");
  await form.getByTestId("report-queue-save").click();
  await expect(form).toBeHidden();

  const report = page.getByTestId("report-row").filter({ hasText: "Pump P-101" });
  await expect(report.getByTestId("report-status")).toHaveText("Done", { timeout: 60_000 });
  const download = page.waitForEvent("download");
  await report.getByTestId("report-download").click();
  const bytes = new Uint8Array(readFileSync((await (await download).path())!));
  const text = await pdfText(bytes);
  expect(text).toContain("Monthly service report");
  expect(text).toContain("Pump P-101 on Line 1 Router");
  expect(text).toContain("Period: 3 Nov 2026, 00:00 – 4 Nov 2026, 00:00 (Europe/Berlin)");
  expect(text).not.toContain("No device chosen");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("report-add").click();
  await expect(form.getByTestId("report-target")).toBeVisible();
  // axe once the dialog's opening transition has ended (a fading dialog has no contrast yet).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  expect(await serious(page)).toEqual([]);
  await screenshot(page, "reports-asset-dialog-390");
  await context.close();
});
