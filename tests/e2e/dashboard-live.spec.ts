/**
 * Live dashboards (issue 13, data half) in a real browser against a portal of its own whose demo
 * devices publish data points over the machine's MQTT broker every second: an administrator
 * builds a dashboard with a live value and a line graph on the Boiler Controller's temperature,
 * publishes it, and sees live updates arrive (the value on screen changes, the graph gains
 * points) without reloading. Screenshots at 1280 x 800 and 390 x 844: tests/artifacts/dashboard-live-*.png.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let portal: PortalServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({ dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-live-")) });
});
test.afterAll(async () => {
  await portal.stop();
});

/** The live value's number as shown, e.g. "21.37" (the unit is a child element). */
const shownValue = async (page: Page) => ((await page.getByTestId("pc-live-value").textContent()) ?? "").replace("°C", "").trim();

/**
 * What the server has stored for the Boiler Controller's temperature, read with the page's own
 * session: when the value on screen stands still, this says whether the ingest stopped storing
 * (the stored time stands still too) or the live events stopped reaching the page (it moves).
 * Once in CI the value stood still for 15 s; this is there so that the next time says which.
 */
const storedTemperature = (page: Page) =>
  page.evaluate(async () => {
    const read = (key: string) => JSON.parse(JSON.parse(localStorage.getItem(key) ?? "null")?.v ?? "null");
    const headers = { "Api-Version": "2", Authorization: `Bearer ${read("portal.auth")?.secretId}`, "Api-Company": String(read("portal.company")) };
    const agents = (await (await fetch("/api/agents?page-size=50", { headers })).json()).data as Array<{ publicId: string; name: string }>;
    const boiler = agents.find((a) => a.name === "Boiler Controller");
    if (!boiler) return "no Boiler Controller in /api/agents";
    const values = (await (await fetch(`/api/agents/${boiler.publicId}/data-points`, { headers })).json()).data as Array<{ name: string }>;
    return JSON.stringify({ now: new Date().toISOString(), temperature: values.find((v) => v.name === "temperature") ?? null });
  });

/** Waits until the shown value differs from `before`; on a time-out, the failure says what the server stored. */
async function expectValueChanges(page: Page, before: string): Promise<void> {
  const atStart = await storedTemperature(page);
  try {
    await expect.poll(() => shownValue(page), { timeout: 15_000 }).not.toBe(before);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nstored when the wait began: ${atStart}\nstored now: ${await storedTemperature(page)}`);
  }
}

test("a published dashboard shows a device's values and updates them live", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: portal.baseURL });
  const page = await context.newPage();
  await signIn(page, DEMO_USERS.admin, { baseURL: portal.baseURL });
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.goto("/pages");
  await page.getByTestId("page-add").click();
  await page.getByTestId("page-form").getByLabel("Title").fill("Boiler live");
  await page.getByTestId("page-save").click();
  await expect(page).toHaveURL(/\/pages\/[A-Za-z0-9]+$/);

  // A live value and a line graph, both on "temperature" by default, on the Boiler Controller.
  await page.getByTestId("pe-add").click();
  await page.getByTestId("pe-add-live-value").click();
  await page.getByTestId("pe-add").click();
  await page.getByTestId("pe-add-line-graph").click();
  await page.getByTestId("pe-preview").selectOption({ label: "Boiler Controller" });
  await expect(page.getByTestId("pe-save-state")).toHaveText("All changes saved");
  await page.getByTestId("pe-publish").click();
  await expect(page.getByTestId("pe-published")).toBeVisible();

  // After a reload the published dashboard reads the stored values and then follows the live ones.
  await page.reload();
  await expect(page.getByTestId("pe-published")).toBeVisible();
  await expect(page.getByTestId("pc-live-value")).toHaveText(/^-?\d[\d,]*(\.\d+)?\s*°C$/, { timeout: 15_000 });
  const first = await shownValue(page);
  // The value changes on screen with no reload: live updates over the event stream.
  await expectValueChanges(page, first);
  const graph = page.getByTestId("pc-line-graph");
  await expect(graph).toBeVisible();
  const pointsBefore = Number(await graph.getAttribute("data-points"));
  await expect.poll(async () => Number(await graph.getAttribute("data-points")), { timeout: 15_000 }).toBeGreaterThan(pointsBefore);
  // No finding at all: the data-point components and the editor's sub-page tabs (a named tablist) included.
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "dashboard-live-1280");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("pc-live-value")).toBeVisible();
  const narrow = await shownValue(page);
  await expectValueChanges(page, narrow);
  await screenshot(page, "dashboard-live-390");
  await context.close();
});
