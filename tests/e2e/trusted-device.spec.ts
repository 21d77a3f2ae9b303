/**
 * Trusted devices skip the second factor (spec 3 "Trusted device", issue 11), with real sign-ins in
 * Chromium: a new member turns on two-factor; the browser that signed in before is asked for the
 * code once, then trusted (password only); once the browser is forgotten it is asked again.
 */
import { createHmac } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, test } from "./support/fixtures";

type Json = { data: any };
const PASSWORD = "trust-me 2026";

/** RFC 6238 code (HMAC-SHA1, 30 s, 6 digits) of a base32 secret, as an authenticator app makes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0, value = 0;
  const bytes: number[] = [];
  for (const ch of secret.replace(/=+$/, "")) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) { bytes.push((value >>> (bits - 8)) & 255); bits -= 8; }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", Buffer.from(bytes)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, "0");
}

/** A new member of Demo Company (Viewer), made through an invite by the demo admin; their e-mail. */
async function newMember(request: APIRequestContext): Promise<string> {
  const auth = `Basic ${Buffer.from(`${DEMO_USERS.admin}::${DEMO_PASSWORD}`).toString("base64")}`;
  const token = (await (await request.post("/api/access-tokens", { headers: { "api-version": "2", authorization: auth }, data: { expiresIn: 600 } })).json()) as Json;
  const base = { "api-version": "2", authorization: `Bearer ${token.data.secretId}` };
  const demo = ((await (await request.get("/api/my-companies", { headers: base })).json()) as Json).data.find((c: { name: string }) => c.name === "Demo Company").publicId;
  const headers = { ...base, "api-company": demo };
  const email = `trusted-${Date.now()}@example.com`;
  const roles = ((await (await request.get("/api/roles?page-size=100", { headers })).json()) as Json).data as Array<{ publicId: string; name: string }>;
  expect((await request.post("/api/invites", { headers, data: { email, role: { publicId: roles.find((r) => r.name === "Viewer")!.publicId } } })).status()).toBe(201);
  const mails = ((await (await request.get("/api/outbox-messages?page-size=200", { headers })).json()) as Json).data as Array<{ to: string; text: string }>;
  const link = decodeURIComponent(/finish-invite\?token=(\S+)/.exec(mails.find((m) => m.to === email)!.text)![1]!);
  const info = ((await (await request.get(`/api/finish-invite?token=${encodeURIComponent(link)}`, { headers: { "api-version": "2" } })).json()) as Json).data;
  const done = await request.post("/api/finish-invite", {
    headers: { "api-version": "2" },
    data: { token: link, name: "Tina Trusted", password: PASSWORD, ...(info.termsOfUse ? { termsOfUsePolicy: info.termsOfUse.publicId } : {}) },
  });
  expect(done.status(), await done.text()).toBeLessThan(300);
  return email;
}

/** The user's own API calls (no browser id: never a trusted device). */
async function ownApi(request: APIRequestContext, email: string, otp = "") {
  const auth = `Basic ${Buffer.from(`${email}:${otp}:${PASSWORD}`).toString("base64")}`;
  const res = await request.post("/api/access-tokens", { headers: { "api-version": "2", authorization: auth }, data: { expiresIn: 600 } });
  expect(res.status(), await res.text()).toBe(201);
  return { "api-version": "2", authorization: `Bearer ${((await res.json()) as Json).data.secretId}` };
}

async function passwordSignIn(page: Page, email: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto("/login");
  await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (!/device|browser/i.test(k)) localStorage.removeItem(k); });
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a browser that passed the second factor is trusted; forgotten, it is asked again", async ({ page, request, shot }) => {
  const email = await newMember(request);
  await passwordSignIn(page, email);
  await expect(page).not.toHaveURL(/\/login$/);

  // Two-factor on (from the API, as an authenticator app would be set up).
  const headers = await ownApi(request, email);
  const secret = (((await (await request.post("/api/my-user/two-factor", { headers })).json()) as Json).data.secret) as string;
  expect((await request.post("/api/my-user/two-factor/verification", { headers, data: { otp: totp(secret) } })).status()).toBe(200);

  // This browser signed in before two-factor: it never proved it, so it is asked.
  await passwordSignIn(page, email);
  await expect(page).toHaveURL(/two-factor-auth/);
  await shot("trusted-device-asked-1280");
  await page.getByLabel("Code").fill(totp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).not.toHaveURL(/two-factor-auth|\/login$/);

  // Trusted now: the password alone lands in the portal (a Viewer opens on Groups).
  await passwordSignIn(page, email);
  await expect(page.getByRole("heading", { name: "Groups", exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page).not.toHaveURL(/two-factor-auth/);

  // Forgotten (its only browser): asked again.
  const mine = await ownApi(request, email, totp(secret));
  const devices = ((await (await request.get("/api/my-trusted-devices", { headers: mine })).json()) as Json).data as Array<{ publicId: string }>;
  expect(devices).toHaveLength(1);
  expect((await request.delete(`/api/my-trusted-devices/${devices[0]!.publicId}`, { headers: mine })).status()).toBe(200);
  await passwordSignIn(page, email);
  await expect(page).toHaveURL(/two-factor-auth/);
});
