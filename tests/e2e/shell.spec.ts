/**
 * Issue 4, web shell: sign-in lands where the rights say, the left menu follows the rights and
 * shows only built screens, unknown paths (and those of screens not built yet) go to the root,
 * the error pages, not-allowed with its actions, branding and its clearing on logout. Runs
 * against the shared real server of the global setup.
 */
import { DEMO_USERS, expect, signIn, test } from "./support/fixtures";

test.describe("sign-in lands where the rights say", () => {
  // Home goes to the first screen of the spec's order that the user holds the right to AND that
  // is built; screens of later issues (users, usage, ...) have no route and no menu item yet.
  test("engineer (usage, audit logs, asset types) lands on usage, the first of those in the spec's order", async ({ page, signInAs, shot }) => {
    await signInAs(DEMO_USERS.engineer);
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByTestId("menu-item-audit-trail")).toBeVisible();
    await expect(page.getByTestId("menu-item-assets")).toBeVisible();
    await expect(page.getByTestId("menu-item-usage")).toBeVisible();
    await expect(page.getByTestId("menu-item-users")).toHaveCount(0);
    await expect(page.getByTestId("menu-section-USER_MANAGEMENT")).toHaveCount(0);
    // Issue 9: a requester has Devices and My access requests, not Approvals.
    await expect(page.getByTestId("menu-item-devices")).toBeVisible();
    await expect(page.getByTestId("menu-item-my-access-requests")).toBeVisible();
    await expect(page.getByTestId("menu-item-approvals")).toHaveCount(0);
    await shot("shell-engineer");
  });

  test("approver (audit logs) lands on the audit trail", async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.approver);
    await expect(page).toHaveURL(/\/audit-trail$/);
    await expect(page.getByTestId("menu-item-audit-trail")).toBeVisible();
    await expect(page.getByTestId("audit-trail-page")).toBeVisible();
    await expect(page.getByTestId("menu-item-usage")).toHaveCount(0);
    await expect(page.getByTestId("menu-section-DEVICE_SETTINGS")).toHaveCount(0);
    await expect(page.getByTestId("menu-item-approvals")).toBeVisible();
  });

  test("translator (group types, translations) lands on groups", async ({ page, signInAs, shot }) => {
    await signInAs(DEMO_USERS.translator);
    await expect(page).toHaveURL(/\/groups$/);
    await expect(page.getByTestId("menu-item-groups")).toBeVisible();
    await expect(page.getByTestId("menu-item-translations")).toBeVisible();
    await expect(page.getByTestId("menu-item-roles")).toHaveCount(0);
    await expect(page.getByTestId("menu-item-audit-trail")).toHaveCount(0);
    await shot("shell-translator");
  });

  test("admin with two companies chooses one, then lands on users with only the built screens in the menu", async ({ page, signInAs, shot }) => {
    await signInAs(DEMO_USERS.admin);
    await expect(page).toHaveURL(/\/my-companies$/);
    await expect(page.getByTestId("company-item")).toHaveCount(2);
    await shot("my-companies");
    await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
    // users comes first in the spec's order (built in issue 11).
    await expect(page).toHaveURL(/\/users$/);
    for (const section of ["USER_MANAGEMENT", "COMPANY", "DEVICE_SETTINGS", "DEVICES"]) {
      await expect(page.getByTestId(`menu-section-${section}`)).toBeVisible();
    }
    const items = page.getByTestId("left-menu").locator("[data-testid^=menu-item-]");
    // 21 items of the spec's sections, and Platform tools: the demo administrator is a platform administrator.
    await expect(items).toHaveCount(22);
    for (const built of ["users", "groups", "translations", "audit-trail", "assets", "devices", "my-access-requests", "approvals", "tunnel-sessions"]) {
      await expect(page.getByTestId(`menu-item-${built}`)).toBeVisible();
    }
    // Issue 11: roles and access categories.
    for (const built of ["roles", "access-categories"]) await expect(page.getByTestId(`menu-item-${built}`)).toBeVisible();
    // Issue 12: MQTT brokers, custom fields, usage, identity, licences and apps.
    for (const built of ["mqtt", "custom-fields", "usage", "identity", "licenses", "apps"]) await expect(page.getByTestId(`menu-item-${built}`)).toBeVisible();
    // Issue 13: pages and report templates.
    await expect(page.getByTestId("menu-item-pages")).toBeVisible();
    // Issue 13: templates, router screensavers and platform servers.
    for (const built of ["templates", "router-screensavers", "platform-servers"]) await expect(page.getByTestId(`menu-item-${built}`)).toBeVisible();
    await expect(page.getByTestId("company-switch")).toHaveText("Demo Company");
    await shot("shell-admin");
  });
});

test("a wrong password shows the server's message", async ({ page, shot }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_USERS.engineer);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL(/\/login$/);
  await shot("login-error");
});

test("an unknown path goes to the root", async ({ page, shot }) => {
  await page.goto("/no/such/page");
  // Signed out, the root sends the user to sign in.
  await expect(page).toHaveURL(/\/login$/);
  await shot("login");
  await signIn(page, DEMO_USERS.engineer);
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/usage$/);
});

test("a screen without its right goes to not-allowed with its actions", async ({ page, signInAs, shot }) => {
  await signInAs(DEMO_USERS.translator);
  // assets is built, and the translator does not hold manage:asset-types.
  await page.goto("/assets");
  await expect(page).toHaveURL(/\/error\/not-allowed$/);
  await expect(page.getByTestId("not-allowed-page")).toContainText("Not allowed");
  const actions = page.getByTestId("not-allowed-actions");
  await expect(actions.getByText("Switch company")).toBeVisible();
  await expect(actions.getByText("Log out")).toBeVisible();
  // Not production with a known web root URL here, so no "Go to portal".
  await expect(actions.getByText("Go to portal")).toHaveCount(0);
  await shot("not-allowed");
  await actions.getByText("Log out").click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the /error pages show the texts of the spec", async ({ page, shot }) => {
  await page.goto("/error");
  await expect(page.getByTestId("error-page")).toContainText("Whoops…");
  await expect(page.getByTestId("error-page")).toContainText("Looks like something went wrong.");
  await page.goto("/error/api-unavailable");
  await expect(page.getByTestId("api-unavailable-page")).toContainText("API server is unavailable");
  // 127.0.0.1 is not the provider's cloud domain: no status-page link.
  await expect(page.getByTestId("status-page-link")).toHaveCount(0);
  await shot("api-unavailable");
});

test("branding follows the company and is cleared on logout", async ({ page, signInAs }) => {
  await page.goto("/login");
  // The screen's title comes first, the brand's title last (core's documentTitle).
  await expect(page).toHaveTitle("Sign in · Demo Portal");
  await signInAs(DEMO_USERS.engineer);
  // Demo Company has its own branding (issue 12, Identity screen): its browser title wins.
  await expect(page).toHaveTitle(/ · Demo Company Portal$/);
  const faviconHref = await page.locator("link#favicon").getAttribute("href");
  expect(faviconHref).toMatch(/[?&]t=\d+/);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).not.toHaveTitle(/Demo Company Portal/);
  await expect(page).toHaveTitle(/ · Demo Portal$/);
});

test("a signed-in start asks the API for each thing once (issue 16: no duplicate bootstrap calls)", async ({ page, context, signInAs }) => {
  await signInAs(DEMO_USERS.engineer);
  await expect(page.getByTestId("menu-item-devices")).toBeVisible();
  // A new tab of the same browser: the stored session, a cold start of the app.
  const tab = await context.newPage();
  const calls: string[] = [];
  tab.on("request", (request) => {
    const url = new URL(request.url());
    // The branding header says whose branding is asked for: the host's and the company's are two things.
    if (url.pathname.startsWith("/api/")) calls.push(`${request.method()} ${url.pathname}${url.search} ${request.headers()["api-branding"] ?? ""}`);
  });
  await tab.goto("/devices");
  await expect(tab.getByTestId("device-row").first()).toBeVisible();
  // The reminders read my requests last: once they are asked for, the start is over.
  await expect.poll(() => calls.some((c) => c.includes("/api/my-access-requests?box=pending"))).toBe(true);
  await tab.waitForLoadState("load");
  const repeated = calls.filter((c, i) => calls.indexOf(c) !== i);
  expect(repeated).toEqual([]);
  expect(calls.filter((c) => c.startsWith("GET /api/my-companies"))).toHaveLength(1);
  expect(calls.filter((c) => c.startsWith("GET /api/companies/"))).toHaveLength(1);
});

test("a signed-in start asks for the session's code in one chunk, ahead of the page's chunks (issue 16)", async ({ page, context, signInAs }) => {
  await signInAs(DEMO_USERS.engineer);
  await expect(page.getByTestId("menu-item-devices")).toBeVisible();
  const tab = await context.newPage();
  const asked: string[] = [];
  tab.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/assets/")) asked.push(url.pathname);
  });
  await tab.goto("/devices");
  await expect(tab.getByTestId("device-row").first()).toBeVisible();
  await tab.waitForLoadState("load");
  const at = (pattern: RegExp) => asked.findIndex((p) => pattern.test(p));
  // The HTTP adapter and the stored session's decoder: one chunk, not a dozen of under 1 kB.
  expect(asked.filter((p) => /\/assets\/session-api-[^/]*\.js$/.test(p))).toHaveLength(1);
  expect(asked.filter((p) => /\/assets\/(storedSession|PortalApiHttp|AccessToken|sessionRoutes)-/.test(p))).toEqual([]);
  // Asked for before the page's chunks: queued behind them, it came last, and every call waited.
  expect(at(/\/assets\/session-api-/)).toBeLessThan(at(/\/assets\/DevicesPage-/));
  expect(at(/\/assets\/session-api-/)).toBeLessThan(at(/\/assets\/blueprint-/));
});

test("a signed-in start draws its first screen before it asks for the page's chunks (issue 16)", async ({ page, context, signInAs }) => {
  await signInAs(DEMO_USERS.engineer);
  await expect(page.getByTestId("menu-item-devices")).toBeVisible();
  const tab = await context.newPage();
  // When React's first screen is in the document (the boot script's, painted before any module,
  // is not React's: its nodes carry no fiber).
  await tab.addInitScript(() => {
    const w = window as unknown as { reactDrew?: number };
    new MutationObserver((_records, observer) => {
      const first = document.getElementById("root")?.firstElementChild;
      if (first && Object.keys(first).some((key) => key.startsWith("__react"))) {
        w.reactDrew = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await tab.goto("/devices");
  await expect(tab.getByTestId("device-row").first()).toBeVisible();
  const { drew, paint, pageChunk, frameChunk, sessionChunk } = await tab.evaluate(() => {
    const started = (pattern: RegExp) => performance.getEntriesByType("resource").find((r) => pattern.test(new URL(r.name).pathname))?.startTime ?? -1;
    return {
      drew: (window as unknown as { reactDrew?: number }).reactDrew ?? -1,
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
      pageChunk: started(/\/assets\/DevicesPage-/),
      frameChunk: started(/\/assets\/frame-(?!icons)/),
      sessionChunk: started(/\/assets\/session-api-/),
    };
  });
  expect(drew).toBeGreaterThan(0);
  // The boot script's screen is painted before React draws the same one.
  expect(paint).toBeGreaterThan(0);
  expect(paint).toBeLessThan(drew);
  // What React's first screen needs (the stored session's code and the starting frame) before it;
  // the page and the frame after.
  expect(sessionChunk).toBeGreaterThan(0);
  expect(sessionChunk).toBeLessThan(drew);
  expect(pageChunk).toBeGreaterThan(drew);
  expect(frameChunk).toBeGreaterThan(drew);
});

test("a signed-in start asks for what each step needs as soon as it is known, not after the render of the step before (issue 16)", async ({ page, context, signInAs }) => {
  await signInAs(DEMO_USERS.engineer);
  await expect(page.getByTestId("menu-item-devices")).toBeVisible();
  const tab = await context.newPage();
  const asked: string[] = [];
  tab.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) asked.push(url.pathname);
  });
  // My sector and my rights answer late: what needs only the session and the company goes out meanwhile.
  const held: Array<() => Promise<void>> = [];
  const hold = async (route: import("@playwright/test").Route) => {
    await new Promise<void>((resolve) => held.push(async () => resolve()));
    await route.continue();
  };
  await tab.route("**/api/my-sector", hold);
  await tab.route("**/api/my-rights*", hold);
  await tab.goto("/devices");
  // my-companies before my sector answered; the shell's lists before my rights answered.
  await expect.poll(() => asked.includes("/api/my-companies")).toBe(true);
  await expect.poll(() => asked.includes("/api/group-types") && asked.includes("/api/asset-types")).toBe(true);
  expect(held.length).toBe(2);
  for (const release of held) await release();
  await expect(tab.getByTestId("device-row").first()).toBeVisible();
});

test("the sign-in page loads neither the signed-in frame's chunk nor the later areas; a signed-in start loads each as one chunk (issue 16)", async ({ page, context, signInAs }) => {
  const signedInChunks = /\/assets\/(frame-(?!icons)|later-areas-)[^/]*\.js$/;
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (signedInChunks.test(new URL(request.url()).pathname)) loaded.push(new URL(request.url()).pathname);
  });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.waitForLoadState("load");
  expect(loaded).toEqual([]);
  await signInAs(DEMO_USERS.engineer);
  const tab = await context.newPage();
  const scripts: string[] = [];
  tab.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await tab.goto("/devices");
  await expect(tab.getByTestId("device-row").first()).toBeVisible();
  expect(scripts.filter((s) => /\/assets\/frame-(?!icons)/.test(s))).toHaveLength(1);
  expect(scripts.filter((s) => /\/assets\/later-areas-/.test(s))).toHaveLength(1);
});

test("the sign-in page's own chunks (the form, the message catalogue) are preloaded beside the entry, fetched once, with no console warning (issue 16)", async ({ page, request }) => {
  const html = await (await request.get("/login")).text();
  for (const name of ["LoginPage", "englishMessages"]) {
    expect(html, name).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${name}-[^"]+\\.js">`));
  }
  const fetched: string[] = [];
  const warnings: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/(LoginPage|englishMessages|AppBanner)-/.test(r.url())) fetched.push(new URL(r.url()).pathname);
  });
  page.on("console", (m) => { if (m.type() === "warning" || m.type() === "error") warnings.push(m.text()); });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.waitForLoadState("load");
  // Chromium warns of a preload left unused a few seconds after the load event.
  await page.waitForTimeout(3_500);
  // Each once: the preload and the app's own import share the fetch.
  expect(fetched.filter((f) => f.includes("/LoginPage-"))).toHaveLength(1);
  expect(fetched.filter((f) => f.includes("/englishMessages-"))).toHaveLength(1);
  // The phone's app banner is not preloaded: a desktop never loads it.
  expect(html).not.toContain("/assets/AppBanner-");
  expect(fetched.filter((f) => f.includes("/AppBanner-"))).toHaveLength(0);
  expect(warnings).toEqual([]);
});

test("the sign-in page asks the API for each thing once (its first calls share one discovery)", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  // The host's branding and whether it takes registrations: both asked, after discovery.
  await expect.poll(() => calls.some((c) => c.startsWith("GET /api/brandings")) && calls.some((c) => c.startsWith("GET /api/registrations"))).toBe(true);
  await page.waitForLoadState("load");
  expect(calls.filter((c) => c === "GET /api/")).toHaveLength(1);
  expect(calls.filter((c, i) => calls.indexOf(c) !== i)).toEqual([]);
});

test("people who ask their system for less motion get no transitions and no turning spinner", async ({ page }) => {
  // The suite runs with reducedMotion "reduce" (playwright.config.ts); the sign-in form's inputs
  // carry Blueprint's box-shadow transition (100 ms) and the submit's spinner turns forever.
  const motion = () => page.getByLabel("Email").evaluate((input) => {
    const spinner = document.createElement("div");
    spinner.className = "bp6-spinner-animation";
    document.body.append(spinner);
    const out = { transition: getComputedStyle(input).transitionDuration, spinnerTurns: getComputedStyle(spinner).animationIterationCount };
    spinner.remove();
    return out;
  });
  await page.goto("/login");
  expect(await motion()).toEqual({ transition: "1e-05s", spinnerTurns: "1" });
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await motion()).toEqual({ transition: "0.1s", spinnerTurns: "infinite" });
});

test("labels of menus and tags are cut by CSS, not measured: a signed-in start of Devices reads no layout (issue 16)", async ({ page, context, signInAs }) => {
  await signInAs(DEMO_USERS.engineer);
  await expect(page.getByTestId("menu-item-devices")).toBeVisible();
  // A cold start in a new tab, noting every read of a size or position: such a read in React's
  // commit makes the browser lay the page out there and then (Blueprint's Text did it for every
  // left-menu item and every "My access" tag), a long task on a phone.
  const tab = await context.newPage();
  await tab.addInitScript(() => {
    const reads: string[] = [];
    (window as unknown as { layoutReads: string[] }).layoutReads = reads;
    const where = (el: Element) => `${el.closest("[data-testid]")?.getAttribute("data-testid") ?? el.tagName} "${(el.textContent ?? "").slice(0, 30)}"`;
    for (const name of ["scrollWidth", "clientWidth", "offsetWidth", "scrollHeight", "clientHeight", "offsetHeight"] as const) {
      const proto = name.startsWith("offset") ? HTMLElement.prototype : Element.prototype;
      const own = Object.getOwnPropertyDescriptor(proto, name)!;
      Object.defineProperty(proto, name, {
        configurable: true,
        get(this: Element) {
          reads.push(`${name} of ${where(this)}`);
          return own.get!.call(this);
        },
      });
    }
    const rect = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      reads.push(`getBoundingClientRect of ${where(this)}`);
      return rect.call(this);
    };
  });
  await tab.goto("/devices");
  await expect(tab.getByTestId("device-row").first()).toBeVisible();
  await expect(tab.getByTestId("menu-item-audit-trail")).toBeVisible();
  await tab.waitForLoadState("load");
  expect(await tab.evaluate(() => (window as unknown as { layoutReads: string[] }).layoutReads)).toEqual([]);
  // Still one line each, with an ellipsis where a label does not fit.
  for (const label of [tab.getByTestId("menu-item-audit-trail").locator(".bp6-fill"), tab.getByTestId("my-access").first().locator(".bp6-fill")]) {
    await expect(label).toHaveCSS("white-space", "nowrap");
    await expect(label).toHaveCSS("text-overflow", "ellipsis");
    await expect(label).toHaveCSS("overflow-x", "hidden");
  }
});
