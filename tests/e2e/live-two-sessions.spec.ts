/**
 * Changes made elsewhere reach an open screen without a reload (issue 13), on the shared server
 * with two browser contexts (two sessions, each with its own event stream):
 * - the administrator builds and publishes a dashboard with a live value of a data point of the
 *   Boiler Controller that only this test publishes (a name of its own, so the demo publisher and
 *   other specs never touch it); the engineer, another user, opens it; the test plays the device
 *   over the machine's Mosquitto and the engineer's screen follows each new value;
 * - a report queued in one administrator session appears in the Reports list of another
 *   session, goes to Done there, and leaves it when the first session deletes it. (The demo
 *   data gives the report right to the administrator alone, and the shared server is not the
 *   place to give it to someone else; server/test/reportEvents.test.ts covers other users.)
 */
import { connect, type MqttClient } from "mqtt";
import type { Browser, Page } from "@playwright/test";
import { DEMO_USERS, expect, signIn, test } from "./support/fixtures";

test.describe.configure({ mode: "serial", timeout: 150_000 });

let device: MqttClient;
test.beforeAll(async () => {
  device = connect("mqtt://127.0.0.1:1883", { clientId: `e2e-two-sessions-${process.pid}` });
  await new Promise<void>((resolve, reject) => { device.once("connect", () => resolve()); device.once("error", reject); });
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => device.end(false, {}, () => resolve()));
});

/** Publishes one data-point message as the device agent would (topic of core's dataPointTopic). */
const publish = (agent: string, values: Record<string, number>) =>
  new Promise<void>((resolve, reject) => device.publish(`portal/agents/${agent}/data-points`, JSON.stringify({ ts: Date.now(), values }), { qos: 1 }, (e) => (e ? reject(e) : resolve())));

/** A signed-in session of `email` in Demo Company, in a browser context of its own (the shared server's). */
async function session(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: "Europe/Berlin", baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signIn(page, email);
  // The administrator is a member of several companies and chooses; the engineer of one lands in it.
  if (email === DEMO_USERS.admin) {
    await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
    await expect(page).toHaveURL(/\/users$/);
  }
  return page;
}

test("another user's open dashboard follows a device's new values without a reload", async ({ browser }) => {
  const probe = `probe${Date.now().toString(36)}`;
  const admin = await session(browser, DEMO_USERS.admin);
  await admin.goto("/pages");
  await admin.getByTestId("page-add").click();
  await admin.getByTestId("page-form").getByLabel("Title", { exact: true }).fill(`Live ${probe}`);
  await admin.getByTestId("page-save").click();
  await expect(admin).toHaveURL(/\/pages\/[A-Za-z0-9]+$/);
  const pageId = /\/pages\/([A-Za-z0-9]+)$/.exec(admin.url())![1]!;
  await admin.getByTestId("pe-add").click();
  await admin.getByTestId("pe-add-live-value").click();
  await admin.getByTestId("pc-frame").and(admin.locator("[data-kind=live-value]")).click();
  const settings = admin.getByTestId("pc-settings");
  await settings.getByLabel("Data point", { exact: true }).fill(probe);
  await settings.getByLabel("Unit", { exact: true }).fill("bar");
  await settings.getByLabel("Unit", { exact: true }).press("Tab");
  const preview = admin.getByTestId("pe-preview");
  await preview.selectOption({ label: "Boiler Controller" });
  const agent = await preview.inputValue();
  await expect(admin.getByTestId("pe-save-state")).toHaveText("All changes saved");
  await admin.getByTestId("pe-publish").click();
  await expect(admin.getByTestId("pe-published")).toBeVisible();

  await publish(agent, { [probe]: 41.25 });
  const engineer = await session(browser, DEMO_USERS.engineer);
  await engineer.goto(`/devices/${agent}/pages/${pageId}`);
  await expect(engineer.getByTestId("dashboard-page")).toBeVisible();
  const value = engineer.getByTestId("pc-live-value");
  await expect(value).toHaveText(/^41\.25\s*bar$/, { timeout: 15_000 });
  // Produced elsewhere (the device, over MQTT), shown here without a reload; twice, so it is live and not a late first read.
  const navigations: string[] = [];
  engineer.on("framenavigated", (f) => { if (f === engineer.mainFrame()) navigations.push(f.url()); });
  await publish(agent, { [probe]: 42.5 });
  await expect(value).toHaveText(/^42\.5\s*bar$/, { timeout: 15_000 });
  await publish(agent, { [probe]: 17 });
  await expect(value).toHaveText(/^17\s*bar$/, { timeout: 15_000 });
  expect(navigations).toEqual([]);

  // Tidy the shared server: the page goes.
  await admin.goto("/pages");
  const row = admin.getByTestId("page-row").filter({ hasText: `Live ${probe}` });
  await row.getByTestId("page-actions").click();
  await admin.getByRole("menu", { name: `Actions for Live ${probe}` }).getByTestId("page-delete").click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(row).toHaveCount(0);
  await engineer.context().close();
  await admin.context().close();
});

test("a report queued in one session appears, finishes and disappears in another session's list", async ({ browser }) => {
  const watcher = await session(browser, DEMO_USERS.admin);
  await watcher.goto("/pages/reports");
  await expect(watcher.getByTestId("reports-page")).toBeVisible();
  const queuer = await session(browser, DEMO_USERS.admin);
  await queuer.goto("/pages/reports");
  await queuer.getByTestId("report-add").click();
  const form = queuer.getByTestId("report-form");
  await form.getByTestId("report-page").selectOption({ label: "Monthly service report" });
  await form.getByTestId("report-target").selectOption({ label: "Boiler Controller" });
  // A period no other spec asks for: the row is this test's.
  const minute = String(new Date().getMinutes()).padStart(2, "0");
  await form.getByTestId("report-start").fill(`2024-02-03T05:${minute}`);
  await form.getByTestId("report-end").fill(`2024-02-04T05:${minute}`);
  await form.getByTestId("report-zone").selectOption("Europe/Berlin");
  await form.getByTestId("report-queue-save").click();
  await expect(form).toBeHidden();

  const period = `3 Feb 2024, 05:${minute} – 4 Feb 2024, 05:${minute} (Europe/Berlin)`;
  const theirs = watcher.getByTestId("report-row").filter({ hasText: period });
  await expect(theirs).toHaveCount(1, { timeout: 15_000 });
  await expect(theirs).toContainText("Monthly service report");
  await expect(theirs.getByTestId("report-status")).toHaveText("Done", { timeout: 90_000 });

  const mine = queuer.getByTestId("report-row").filter({ hasText: period });
  await mine.getByTestId("report-delete").click();
  await queuer.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(mine).toHaveCount(0);
  await expect(theirs).toHaveCount(0, { timeout: 15_000 });
  await queuer.context().close();
  await watcher.context().close();
});
