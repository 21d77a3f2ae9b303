/**
 * Issue 9 in a real browser against a real server of its own (fresh demo data): the engineer
 * requests access, the approver decides in a second browser context, and the engineer's page shows
 * the decision notice without a reload; reject, revoke, cancel, release and extend; the Request
 * access dialog's validation and its discard warning; reminders with a controlled browser clock at
 * 1280 and 390 px. Screenshots go to tests/artifacts/access-*.png.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";

// Two browser contexts and a server of its own per test: in the full parallel run on 2 cores one
// test was seen ending on the api-unavailable page (a call timed out under load); it passes alone.
// Retried rather than hidden: a real fault fails every attempt.
test.describe.configure({ retries: 2 });
import { startPortal, type PortalServer } from "./support/portalServer";
import { expectSnackbar, recordSnackbars } from "./support/snackbars";

// Two signed-in users per test (20-25 s alone): 30 s was too tight under the load of the other worker.
test.describe.configure({ mode: "serial", timeout: 60_000 });

let portal: PortalServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({ dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-access-")) });
});
test.afterAll(async () => {
  await portal.stop();
});

const at = (path: string) => `${portal.baseURL}${path}`;

/** A signed-in page of its own browser context (cookies and storage apart). */
async function userPage(browser: Browser, email: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: portal.baseURL });
  await recordSnackbars(context);
  const page = await context.newPage();
  await signIn(page, email, { baseURL: portal.baseURL });
  return page;
}

/** Ticks or unticks a checkbox from the keyboard (Blueprint draws its own box over the input). */
async function toggle(box: Locator): Promise<void> {
  await box.focus();
  await box.press("Space");
}

const row = (page: Page, device: string) => page.getByTestId("device-row").filter({ hasText: device });

/** Fills and sends the Request access dialog for `device`, VPN only, to Anna Approver; answers the request's publicId. */
async function requestAccess(page: Page, device: string, reason: string, duration = "30 minutes"): Promise<string> {
  await page.goto(at("/devices"));
  await row(page, device).getByTestId("request-access").click();
  const dialog = page.getByTestId("access-request-form");
  await toggle(dialog.getByRole("checkbox", { name: "VPN", exact: true }));
  await dialog.getByTestId("approver-search").fill("anna");
  await toggle(dialog.getByRole("checkbox", { name: "Anna Approver" }));
  await dialog.getByTestId("reason").fill(reason);
  await dialog.getByTestId("duration").selectOption({ label: duration });
  const created = page.waitForResponse((r) => r.request().method() === "POST" && /\/api\/agents\/[^/]+\/access-requests$/.test(new URL(r.url()).pathname));
  await dialog.getByTestId("send-request").click();
  const body = (await (await created).json()) as { data: { publicId: string } | Array<{ publicId: string }> };
  await expect(page.getByTestId("request-submitted")).toContainText("Your request was submitted.");
  await page.getByTestId("request-done").click();
  await expect(page.getByTestId("access-request-form")).toHaveCount(0);
  return Array.isArray(body.data) ? body.data[0]!.publicId : body.data.publicId;
}

/**
 * Runs the page's fake clock to one minute past the time the muted reminder of request `id`
 * reminds again (its 2-minute remind time, read from the muted state the page keeps), so that
 * one one-minute tick falls between that remind time and the access's end. A fixed jump
 * ("8 minutes more") overshot the end now and then: a request starts at the whole minute (core's
 * minimumStart rounds down), so its end lies up to a minute before "clock install + 30 minutes",
 * and the real seconds the steps take on a loaded machine come on top; past the end the reminder
 * is gone, and so is the badge.
 */
async function runToNextRemindTime(page: Page, id: string): Promise<void> {
  const wait = await page.evaluate((id) => {
    const entry = JSON.parse(localStorage.getItem("portal.reminders.muted") ?? "null") as { v: string } | null;
    const mine = entry === null ? undefined : (JSON.parse(entry.v) as Record<string, { expiresOn: number; mutedUntil: number | null }>)[id];
    if (mine === undefined || mine.mutedUntil === null) throw new Error(`the reminder of ${id} is not muted until a remind time`);
    return mine.mutedUntil + 60_000 - Date.now();
  }, id);
  await page.clock.runFor(Math.max(0, Math.ceil(wait)));
}

/** The approver's card for the engineer's request with `reason`, in a box of /approvals. */
async function approverCard(page: Page, box: "pending" | "active", reason: string) {
  await page.goto(at("/approvals"));
  if (box === "active") await page.getByRole("tab", { name: "Active grants" }).click();
  const card = page.getByTestId(`approvals-${box}`).getByTestId("request-card").filter({ hasText: reason });
  await expect(card).toBeVisible();
  return card;
}

test("the engineer requests, the approver approves, and the engineer sees the notice without a reload", async ({ browser }) => {
  const engineer = await userPage(browser, DEMO_USERS.engineer);
  const approver = await userPage(browser, DEMO_USERS.approver);
  await requestAccess(engineer, "Line 1 Router", "Firmware update on line 1");
  await expect(row(engineer, "Line 1 Router").getByTestId("my-access")).toHaveText("Request pending");
  await screenshot(engineer, "access-devices-1280");

  const card = await approverCard(approver, "pending", "Firmware update on line 1");
  await expect(card.getByTestId("request-requester")).toHaveText("Emil Engineer");
  await screenshot(approver, "access-approvals-1280");
  await card.getByTestId("approve").click();
  await approver.getByTestId("decision-comment").fill("Go ahead");
  await approver.getByTestId("decision-confirm").click();
  await expectSnackbar(approver, "You approved the access request.");

  // No reload on the engineer's side: the event stream brings the notice and the new state.
  await expectSnackbar(engineer, "Anna Approver has approved your access request.");
  await expect(row(engineer, "Line 1 Router").getByTestId("my-access")).toHaveText(/^Active until /);
  await screenshot(engineer, "access-approved-notice-1280");
  await engineer.context().close();
  await approver.context().close();
});

test("reject, and cancel of a pending request", async ({ browser }) => {
  const engineer = await userPage(browser, DEMO_USERS.engineer);
  const approver = await userPage(browser, DEMO_USERS.approver);
  await requestAccess(engineer, "Warehouse Router", "Scanner check");
  const card = await approverCard(approver, "pending", "Scanner check");
  await card.getByTestId("reject").click();
  await approver.getByTestId("decision-confirm").click();
  await expectSnackbar(engineer, "Anna Approver has rejected your access request.");

  await requestAccess(engineer, "Boiler Controller", "Boiler inspection");
  await engineer.goto(at("/my-access-requests"));
  const mine = engineer.getByTestId("my-pending").getByTestId("request-card").filter({ hasText: "Boiler inspection" });
  await mine.getByTestId("cancel-request").click();
  // The confirmation's own button (the card's button of the same name stays behind the overlay).
  await engineer.getByRole("alertdialog").getByRole("button", { name: "Cancel request", exact: true }).click();
  await expectSnackbar(engineer, "Your access request was cancelled.");
  await expect(mine).toHaveCount(0);
  // The approver's inbox no longer offers it (the event refreshed it); reload shows the same.
  await approver.goto(at("/approvals"));
  await expect(approver.getByTestId("request-card").filter({ hasText: "Boiler inspection" })).toHaveCount(0);
  await engineer.context().close();
  await approver.context().close();
});

test("extend, release, and revoke of an active access", async ({ browser }) => {
  const engineer = await userPage(browser, DEMO_USERS.engineer);
  const approver = await userPage(browser, DEMO_USERS.approver);
  await requestAccess(engineer, "Packaging Gateway", "Label printer service");
  const card = await approverCard(approver, "pending", "Label printer service");
  await card.getByTestId("approve").click();
  await approver.getByTestId("decision-confirm").click();
  await expectSnackbar(engineer, "Anna Approver has approved your access request.");

  await engineer.goto(at("/my-access-requests"));
  await engineer.getByRole("tab", { name: "Active" }).click();
  const active = engineer.getByTestId("my-active").getByTestId("request-card").filter({ hasText: "Label printer service" });
  await active.getByTestId("extend").click();
  await expectSnackbar(engineer, "More time was requested from the same approvers.");
  await screenshot(engineer, "access-my-requests-1280");

  // The approver revokes the access; the engineer is told at once.
  const grant = await approverCard(approver, "active", "Label printer service");
  await grant.getByTestId("revoke").click();
  await approver.getByTestId("decision-confirm").click();
  await expectSnackbar(engineer, "Anna Approver has revoked your access request.");

  // Release: a new approved access ended early by the engineer.
  await requestAccess(engineer, "Press Line Router", "Second visit", "60 minutes");
  const second = await approverCard(approver, "pending", "Second visit");
  await second.getByTestId("approve").click();
  await approver.getByTestId("decision-confirm").click();
  await expectSnackbar(engineer, "Anna Approver has approved your access request.");
  await engineer.goto(at("/my-access-requests"));
  await engineer.getByRole("tab", { name: "Active" }).click();
  const release = engineer.getByTestId("my-active").getByTestId("request-card").filter({ hasText: "Second visit" });
  await release.getByTestId("release").click();
  await engineer.getByRole("alertdialog").getByRole("button", { name: "End access", exact: true }).click();
  await expectSnackbar(engineer, "Your access was ended.");
  await expect(release).toHaveCount(0);
  await engineer.context().close();
  await approver.context().close();
});

test("the dialog: Send disabled while untouched, REQUIRED messages, discard warning, keyboard only", async ({ browser }) => {
  const engineer = await userPage(browser, DEMO_USERS.engineer);
  await engineer.goto(at("/devices"));
  await row(engineer, "Line 2 Router").getByTestId("request-access").focus();
  await engineer.keyboard.press("Enter");
  const dialog = engineer.getByTestId("access-request-form");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("send-request")).toBeDisabled();
  await dialog.getByTestId("reason").fill("x");
  await dialog.getByTestId("reason").fill("");
  await expect(dialog.getByTestId("error-reason")).toHaveText("This field is required.");
  await toggle(dialog.getByRole("checkbox", { name: "VPN", exact: true }));
  await toggle(dialog.getByRole("checkbox", { name: "VPN", exact: true }));
  await expect(dialog.getByTestId("error-services")).toHaveText("This field is required.");
  // Approvers are searched case- and accent-insensitively and listed by name.
  await dialog.getByTestId("approver-search").fill("ANNA");
  await expect(dialog.getByRole("checkbox")).toHaveCount(3);
  await expect(dialog.getByTestId("approvers").getByRole("checkbox")).toHaveCount(1);
  await expect(dialog.getByTestId("send-request")).toBeDisabled();
  await screenshot(engineer, "access-dialog-errors-1280");
  await engineer.keyboard.press("Escape");
  await expect(engineer.getByText("Discard your changes?")).toBeVisible();
  await engineer.getByRole("button", { name: "Keep editing" }).click();
  await expect(dialog).toBeVisible();
  await engineer.keyboard.press("Escape");
  await engineer.getByRole("button", { name: "Discard" }).click();
  await expect(dialog).toHaveCount(0);
  await engineer.context().close();
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`reminders at ${viewport.width} px with a controlled clock: 10 minutes before the end, Extend`, async ({ browser }) => {
    test.setTimeout(90_000);
    const engineer = await userPage(browser, DEMO_USERS.engineer, viewport);
    const approver = await userPage(browser, DEMO_USERS.approver);
    const reason = `Reminder check ${viewport.width}`;
    const device = viewport.width >= 960 ? "Line 2 Router" : "Boiler Controller";
    await engineer.clock.install();
    const id = await requestAccess(engineer, device, reason);
    const card = await approverCard(approver, "pending", reason);
    await card.getByTestId("approve").click();
    await approver.getByTestId("decision-confirm").click();
    await expectSnackbar(engineer, "Anna Approver has approved your access request.");
    // 30 minutes of access: the first reminder is due 20 minutes in; the one-minute timer shows it.
    await engineer.clock.fastForward("21:00");
    if (viewport.width >= 960) {
      // Accesses of the earlier tests (real server time) may be due as well: look at this one's item.
      const snackbar = engineer.getByTestId("reminder-snackbar");
      const mine = engineer.getByTestId("reminder-item").filter({ hasText: `Your access to ${device} ends soon.` });
      await expect(snackbar).toContainText(/\d+ access(es)? ends? soon/);
      await expect(engineer.getByTestId("reminder-item")).toHaveCount(0);
      expect((await snackbar.boundingBox())?.width).toBe(385);
      await snackbar.getByTestId("reminder-expand").click();
      await expect(mine).toBeVisible();
      await screenshot(engineer, "access-reminder-1280");
      // Closing mutes all: hidden until the next remind time (2 minutes before the end).
      await snackbar.getByTestId("reminder-close").click();
      await expect(snackbar).toHaveCount(0);
      // A tick after the 2-minute remind time (28 minutes in) has run.
      await runToNextRemindTime(engineer, id);
      await expect(snackbar).toBeVisible();
      // Extend asks the same approvers for 30 more minutes (and mutes the reminder it came from).
      await snackbar.getByTestId("reminder-expand").click();
      await mine.getByTestId("reminder-extend").click();
      await expectSnackbar(engineer, "More time was requested from the same approvers.");
      await expect(mine).toHaveCount(0);
      const extension = await approverCard(approver, "pending", reason);
      await expect(extension).toContainText("Extension");
    } else {
      // Accesses of the earlier tests (real server time) are due too: the badge counts them all.
      await expect(engineer.getByTestId("reminder-badge")).toHaveText(/^[1-9]$/);
      await engineer.getByTestId("reminder-bell").click();
      await expect(engineer.getByTestId("reminder-sheet")).toContainText(`Your access to ${device} ends soon.`);
      await screenshot(engineer, "access-reminder-390");
      await engineer.getByTestId("reminder-mute-all").click();
      await expect(engineer.getByTestId("reminder-badge")).toHaveCount(0);
      // Muted until the next remind time (2 minutes before the end), kept across a reload. The
      // clock moves only once the reloaded page has its requests (both boxes): the page's calls
      // time out after 30 s of its (fake) clock, so running it while they were on the way ended
      // on the api-unavailable page, with no bell and no badge (the earlier flakiness).
      const myRequests = (box: string) => engineer.waitForResponse((r) =>
        new URL(r.url()).pathname === "/api/my-access-requests" && new URL(r.url()).searchParams.get("box") === box && r.ok());
      const loaded = Promise.all([myRequests("active"), myRequests("pending")]);
      await engineer.reload();
      await loaded;
      await expect(engineer.getByTestId("reminder-bell")).toBeVisible();
      await engineer.clock.runFor("02:00");
      await expect(engineer.getByTestId("reminder-badge")).toHaveCount(0);
      // The tick after the 28-minute remind time shows the badge again.
      await runToNextRemindTime(engineer, id);
      await expect(engineer).not.toHaveURL(/\/error\//);
      await expect(engineer.getByTestId("reminder-badge")).toBeVisible();
    }
    await engineer.context().close();
    await approver.context().close();
  });
}
