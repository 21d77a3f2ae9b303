/**
 * Issue 14, security headers: the built app loads, signs in and shows its screens under the
 * strict Content-Security-Policy without a single violation, and the document carries the
 * headers (CSP, no framing, nosniff, no-cache for index.html).
 */
import { DEMO_USERS, expect, test } from "./support/fixtures";

test("the app runs under the strict CSP without violations", async ({ page, signInAs }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Refused to load: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const answer = await page.goto("/login");
  const headers = answer!.headers();
  expect(headers["content-security-policy"]).toContain("script-src 'self'");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cache-control"]).toBe("no-cache");
  await signInAs(DEMO_USERS.translator);
  await expect(page).toHaveURL(/\/groups$/);
  await page.getByTestId("menu-item-translations").click();
  await expect(page).toHaveURL(/\/translations/);
  expect(violations).toEqual([]);
});
