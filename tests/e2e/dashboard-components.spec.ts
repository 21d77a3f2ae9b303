/**
 * The data-point components that had no browser test (issue 13): tank, data table, event log,
 * state analysis and wear and tear, on a published dashboard fed by real data points. The portal
 * is its own (fresh demo data: device ids no other portal on the machine's broker shares), with
 * its ingest on the machine's Mosquitto and the demo publisher off; the test plays the device and
 * publishes over MQTT what the components must show: a state history of `running` with instants
 * in the past (80, 60 and 40 minutes ago), a level and operating hours now; then new values while
 * the dashboard is open. Each assertion is a value computed from what was published (shares,
 * durations, fill, service state), not only that something renders. The editor's sub-page tabs
 * are checked for the tabs pattern (roles, names, arrow keys) and axe runs with no exception.
 * Screenshots: tests/artifacts/dashboard-components-*.png at 1280 x 800 and 390 x 844.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, type MqttClient } from "mqtt";
import { axeViolations } from "./support/axe";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial", timeout: 150_000 });

let portal: PortalServer;
let device: MqttClient;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({ dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-components-")), fresh: true, env: { PORTAL_DEMO_DATA: "0" } });
  device = connect("mqtt://127.0.0.1:1883", { clientId: `e2e-components-${process.pid}` });
  await new Promise<void>((resolve, reject) => { device.once("connect", () => resolve()); device.once("error", reject); });
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => device.end(false, {}, () => resolve()));
  await portal.stop();
});

const MINUTE = 60_000;
/** Publishes one data-point message as the device agent would (topic of core's dataPointTopic). */
const publish = (agent: string, values: Record<string, number>, ts = Date.now()) =>
  new Promise<void>((resolve, reject) => device.publish(`portal/agents/${agent}/data-points`, JSON.stringify({ ts, values }), { qos: 1 }, (e) => (e ? reject(e) : resolve())));

test("tank, data table, event log, state analysis and wear and tear show the device's published values, live", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: portal.baseURL });
  const page = await context.newPage();
  await signIn(page, DEMO_USERS.admin, { baseURL: portal.baseURL });
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.goto("/pages");
  await page.getByTestId("page-add").click();
  const form = page.getByTestId("page-form");
  await form.getByLabel("Title", { exact: true }).fill("Pump station");
  // The last three hours: the state history published below lies inside it whatever the time of day.
  await form.getByLabel("Period", { exact: true }).fill("last-3-hours");
  await page.getByTestId("page-save").click();
  await expect(page).toHaveURL(/\/pages\/[A-Za-z0-9]+$/);
  const pageId = /\/pages\/([A-Za-z0-9]+)$/.exec(page.url())![1]!;

  for (const kind of ["tank", "data-table", "event-log", "state-analysis", "wear-and-tear"]) {
    await page.getByTestId("pe-add").click();
    await page.getByTestId(`pe-add-${kind}`).click();
  }
  // The tank's settings (form generated from its config schema): full at 200 instead of 100.
  await page.getByTestId("pc-frame").and(page.locator("[data-kind=tank]")).click();
  const full = page.getByTestId("pc-settings").getByLabel("Full at", { exact: true });
  await full.fill("200");
  await full.press("Tab");
  const preview = page.getByTestId("pe-preview");
  await preview.selectOption({ label: "Boiler Controller" });
  const agent = await preview.inputValue();
  expect(agent).toMatch(/^[A-Za-z0-9]+$/);

  // The device's history: running from 80 to 60 minutes ago, stopped until 40 minutes ago, running since.
  const now = Date.now();
  await publish(agent, { running: 1 }, now - 80 * MINUTE);
  await publish(agent, { running: 0 }, now - 60 * MINUTE);
  await publish(agent, { running: 1 }, now - 40 * MINUTE);
  await publish(agent, { level: 50, operatingHours: 480 });

  await expect(page.getByTestId("pe-save-state")).toHaveText("All changes saved");
  await page.getByTestId("pe-publish").click();
  await expect(page.getByTestId("pe-published")).toBeVisible();

  // The sub-page tabs: a named tablist of tabs, one panel they control, arrow keys move the selection.
  await page.getByTestId("pe-add-subpage").click();
  const tablist = page.getByRole("tablist", { name: "Sub-pages" });
  const second = tablist.getByRole("tab", { name: "Page 2" });
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Page 2" })).toBeVisible();
  await second.focus();
  await page.keyboard.press("ArrowLeft");
  const main = tablist.getByRole("tab", { name: "Main page" });
  await expect(main).toHaveAttribute("aria-selected", "true");
  await expect(main).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Main page" }).getByTestId("pc-frame")).toHaveCount(5);
  await page.keyboard.press("End");
  await expect(second).toBeFocused();
  await page.keyboard.press("Home");
  await expect(main).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "dashboard-components-editor-1280");

  // The published dashboard of the device, as its users open it.
  await page.goto(`/devices/${agent}/pages/${pageId}`);
  await expect(page.getByTestId("dashboard-page")).toBeVisible();

  // Tank: 50 of 0..200 is a quarter full.
  await expect(page.getByTestId("pc-tank-value")).toHaveText("50");
  await expect(page.getByRole("img", { name: "Level: 50 %, 25% full" })).toBeVisible();

  // Data table: every data point of the device with its newest value.
  const table = page.getByTestId("pc-data-table");
  const row = (name: string) => table.locator("tbody tr").filter({ has: page.locator("td", { hasText: new RegExp(`^${name}$`) }) });
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(row("level").locator("td").nth(1)).toHaveText("50");
  await expect(row("operatingHours").locator("td").nth(1)).toHaveText("480");
  await expect(row("running").locator("td").nth(1)).toHaveText("1");

  // Event log: the changes of `running`, newest first, named by the configured states.
  const log = page.getByTestId("pc-event-log").locator("li");
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText("Stopped → Running");
  await expect(log.nth(1)).toContainText("Running → Stopped");
  await expect(log.nth(2)).toContainText("Running");
  await expect(log.nth(2)).not.toContainText("→");

  // State analysis: running 20 + 40 minutes, stopped 20 minutes, of the 80 minutes known.
  const states = page.getByTestId("pc-state-analysis").locator("li");
  await expect(states).toHaveCount(2);
  await expect(states.nth(0)).toContainText(/Running\s*75% · 1 h 0\d min/);
  await expect(states.nth(1)).toContainText(/Stopped\s*25% · 20 min/);

  // Wear and tear: 480 h of a 500 h interval is 96% used, service soon, 20 h to go.
  const wear = page.getByTestId("pc-wear");
  await expect(wear).toContainText("480 h in total");
  await expect(wear).toContainText("Service soon");
  await expect(wear).toContainText("20 h until the next service (every 500 h)");
  await expect(wear.getByRole("progressbar", { name: "96% of the service interval used" })).toBeVisible();

  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "dashboard-components-1280");

  // Live: the device publishes new values; the open dashboard follows without a reload.
  await publish(agent, { level: 150, operatingHours: 499.5, running: 0 });
  await expect(page.getByTestId("pc-tank-value")).toHaveText("150", { timeout: 15_000 });
  await expect(page.getByRole("img", { name: "Level: 150 %, 75% full" })).toBeVisible();
  await expect(row("running").locator("td").nth(1)).toHaveText("0");
  await expect(row("operatingHours").locator("td").nth(1)).toHaveText("499.5");
  await expect(wear).toContainText("Service due");
  await expect(wear).toContainText("0.5 h until the next service (every 500 h)");
  // The event log reads the changes again after a live change of its data point.
  await expect(log).toHaveCount(4, { timeout: 15_000 });
  await expect(log.nth(0)).toContainText("Running → Stopped");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("pc-tank-value")).toBeVisible();
  await page.getByTestId("pc-wear").scrollIntoViewIfNeeded();
  await screenshot(page, "dashboard-components-390");
  await context.close();
});
