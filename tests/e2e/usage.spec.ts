/**
 * Issue 12, usage, in a real browser against the shared server (its demo data holds 45 days of VPN
 * sessions and API calls, server/src/seed/demoUsage.ts): the engineer lands on /usage and sees
 * totals, a chart per day and the top devices; the chart's numbers as a table add up to the totals
 * (report runs included);
 * 12 months by month; a reversed custom period says why and asks nothing; the CSV export
 * downloads the same rows. Screenshots: tests/artifacts/usage-*.png at 1280 and 390 px.
 */
import type { Page } from "@playwright/test";
import { DEMO_USERS, expect, screenshot, test } from "./support/fixtures";

/** A "12.3 MB" text as bytes, within the rounding of one decimal. */
const bytesOf = (text: string): number => {
  const [n, unit] = text.trim().split(" ");
  return Number(n) * 1024 ** ["B", "KB", "MB", "GB", "TB"].indexOf(unit!);
};

async function chartRows(page: Page): Promise<string[][]> {
  return page.getByTestId("usage-chart-table").locator("tbody tr").evaluateAll((rows) =>
    rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent ?? "")));
}

test("the engineer sees usage per day and per month, and exports it", async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.engineer);
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  await expect(page.getByTestId("usage-top").locator("tbody tr").first()).toBeVisible();
  await expect(page.locator(".usage-chart .recharts-bar-rectangle").first()).toBeVisible();
  // Last 30 days: 30 points, and the table's sessions add up to the total shown.
  await page.getByText("The chart's numbers as a table").click();
  const days = await chartRows(page);
  expect(days).toHaveLength(30);
  const sessions = days.reduce((n, r) => n + Number(r[3]!.replace(/,/g, "")), 0);
  await expect(page.getByTestId("usage-total-sessions")).toContainText(sessions.toLocaleString("en-US"));
  const total = await page.getByTestId("usage-total-from").locator(".usage-total-value").textContent();
  const summed = days.reduce((n, r) => n + bytesOf(r[2]!), 0);
  expect(Math.abs(summed - bytesOf(total!)) / bytesOf(total!)).toBeLessThan(0.05);
  // Report runs (demo history): the days' runs add up to the total shown, which is not zero.
  const runs = days.reduce((n, r) => n + Number(r[5]!.replace(/,/g, "")), 0);
  expect(runs).toBeGreaterThan(0);
  await expect(page.getByTestId("usage-total-reports").locator(".usage-total-value")).toHaveText(runs.toLocaleString("en-US"));
  await screenshot(page, "usage-1280");

  await page.getByRole("radio", { name: "Report runs" }).click();
  await expect(page.locator(".usage-chart .recharts-bar-rectangle").first()).toBeVisible();
  await page.getByRole("radio", { name: "API calls" }).click();
  await page.getByLabel("Period", { exact: true }).selectOption("12m");
  await expect.poll(async () => (await chartRows(page)).length).toBe(12);
  await screenshot(page, "usage-months-1280");

  // A reversed custom period: a sentence, and the last numbers stay.
  await page.getByLabel("Period", { exact: true }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill("2026-11-20");
  await page.getByLabel("To", { exact: true }).fill("2026-11-01");
  await expect(page.getByTestId("usage-problem")).toHaveText("The end date must not be before the start date.");
  await expect(page.getByTestId("usage-export")).toBeDisabled();
  await page.getByLabel("Period", { exact: true }).selectOption("30d");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("usage-export").click()]);
  expect(download.suggestedFilename()).toMatch(/^usage-.*\.csv$/);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString("utf8"));
  const lines = text.trimEnd().split("\r\n");
  expect(lines[0]).toBe("period,device,device id,VPN sessions,bytes to device,bytes from device,API calls,report runs");
  expect(lines.slice(1).reduce((n, l) => n + Number(l.split(",")[3]), 0)).toBe(sessions);
  expect(lines.slice(1).reduce((n, l) => n + Number(l.split(",")[7]), 0)).toBe(runs);
  await expect(page.getByText(/The usage data was saved as usage-/)).toBeVisible();
});

test("usage on a phone", async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(DEMO_USERS.engineer);
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByTestId("usage-top").locator("tbody tr").first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "usage-390");
});
