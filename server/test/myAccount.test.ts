/**
 * My account (issue 11): profile, password strength, e-mail change by link, my tokens, trusted
 * devices, and password recovery (single use, 1 hour, no enumeration, every session ended).
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "@portal/fixtures/demo/demoData";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { auditLogs, mailTokens, outboxMessages } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}::${password}`).toString("base64")}`;
const HOUR = 3_600_000;

describe.each(await featureBackends())("my account on %s", (kind) => {
  let t: TestApp;
  const clock = ClockStepped.make(Date.UTC(2026, 10, 1, 12));
  beforeAll(async () => { t = await createTestApp(kind, { clock }); });
  afterAll(async () => { await t?.close(); });

  const signIn = (email: string, password = DEMO_PASSWORD, deviceId?: string) => t.app.inject({
    method: "POST", url: "/api/access-tokens",
    headers: { "api-version": "2", authorization: basic(email, password), "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0", ...(deviceId ? { "api-device-id": deviceId } : {}) },
    payload: { expiresIn: 3600 },
  });
  /** The link token of the newest mail to `to`. */
  const lastLinkTo = async (to: string): Promise<string> => {
    const [mail] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(desc(outboxMessages.id)).limit(1);
    const token = /\?code=([^\s]+)/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error(`no link mailed to ${to}`);
    return decodeURIComponent(token);
  };
  const mailCount = async (to: string) => (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to))).length;

  it("changes name, language and time zone, and refuses unknown ones naming the field", async () => {
    const secret = await signInAs(t.app, "viewer@example.com");
    const h = apiHeaders(secret);
    const ok = await t.app.inject({ method: "PATCH", url: "/api/my-user", headers: h, payload: { name: " Vera Viewer ", language: "nl", timeZone: "Europe/Amsterdam" } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: "Vera Viewer", language: "nl", timeZone: "Europe/Amsterdam", pendingEmail: null });
    const got = await t.app.inject({ method: "GET", url: "/api/my-user", headers: h });
    expect(got.json().data).toMatchObject({ language: "nl", timeZone: "Europe/Amsterdam" });
    const bad = await t.app.inject({ method: "PATCH", url: "/api/my-user", headers: h, payload: { name: "", timeZone: "Mars/Base" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.map((i: { propertyName: string }) => i.propertyName)).toEqual(["name", "timeZone"]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.topic, "MyUser"));
    expect(audit.length).toBe(1);
  });

  it("refuses a weak new password with the rule's reasons", async () => {
    const h = apiHeaders(await signInAs(t.app, "viewer@example.com"));
    const weak = await t.app.inject({ method: "POST", url: "/api/my-user/password", headers: h, payload: { oldPassword: DEMO_PASSWORD, newPassword: "viewer-1234567", deleteAccessTokens: false } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data).toEqual([{ message: "PASSWORD_CONTAINS_PERSONAL", propertyName: "newPassword" }]);
  });

  it("changes the e-mail address only through the confirmation link, once, within 24 hours", async () => {
    const h = apiHeaders(await signInAs(t.app, "translator@example.com"));
    const wrong = await t.app.inject({ method: "POST", url: "/api/my-user/email-change", headers: h, payload: { email: "tess@example.org", password: "nope" } });
    expect(wrong.json().data[0]).toMatchObject({ message: "Invalid password", propertyName: "password" });
    const asked = await t.app.inject({ method: "POST", url: "/api/my-user/email-change", headers: h, payload: { email: "Tess@Example.org", password: DEMO_PASSWORD } });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().data).toEqual({ pendingEmail: "tess@example.org" });
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: h })).json().data).toMatchObject({ email: "translator@example.com", pendingEmail: "tess@example.org" });
    const token = await lastLinkTo("tess@example.org");
    const stored = await t.database.db.select().from(mailTokens);
    expect(stored.some((r) => r.tokenHash.includes(token))).toBe(false);
    const confirm = () => t.app.inject({ method: "POST", url: "/api/email-confirmations", headers: { "api-version": "2" }, payload: { token } });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ email: "tess@example.org" });
    const again = await confirm();
    expect(again.statusCode).toBe(400);
    expect(again.json().data[0].message).toBe("LINK_INVALID_OR_EXPIRED");
    expect((await signIn("tess@example.org")).statusCode).toBe(201);
    expect((await signIn("translator@example.com")).statusCode).toBe(401);

    const h2 = apiHeaders(await signInAs(t.app, "tess@example.org"));
    await t.app.inject({ method: "POST", url: "/api/my-user/email-change", headers: h2, payload: { email: "late@example.org", password: DEMO_PASSWORD } });
    const late = await lastLinkTo("late@example.org");
    clock.advance(24 * HOUR + 1000);
    const expired = await t.app.inject({ method: "POST", url: "/api/email-confirmations", headers: { "api-version": "2" }, payload: { token: late } });
    expect(expired.json().data[0].message).toBe("LINK_INVALID_OR_EXPIRED");
  });

  it("refuses to confirm an address another account took meanwhile", async () => {
    const h = apiHeaders(await signInAs(t.app, "approver@example.com"));
    await t.app.inject({ method: "POST", url: "/api/my-user/email-change", headers: h, payload: { email: "engineer@example.com", password: DEMO_PASSWORD } });
    const token = await lastLinkTo("engineer@example.com");
    const res = await t.app.inject({ method: "POST", url: "/api/email-confirmations", headers: { "api-version": "2" }, payload: { token } });
    expect(res.statusCode).toBe(409);
    expect(res.json().data[0].message).toBe("EMAIL_ALREADY_IN_USE");
  });

  it("lists my tokens with the current one and revokes another", async () => {
    const a = (await signIn("engineer@example.com")).json().data;
    const b = (await signIn("engineer@example.com")).json().data;
    const list = await t.app.inject({ method: "GET", url: "/api/my-access-tokens", headers: apiHeaders(a.secretId) });
    const rows = list.json().data as Array<{ publicId: string; current: boolean; derived: boolean }>;
    expect(rows.find((r) => r.publicId === a.publicId)?.current).toBe(true);
    expect(rows.find((r) => r.publicId === b.publicId)?.current).toBe(false);
    const other = await signIn("approver@example.com");
    expect(rows.some((r) => r.publicId === other.json().data.publicId)).toBe(false);
    const del = await t.app.inject({ method: "DELETE", url: `/api/access-tokens/${b.publicId}`, headers: apiHeaders(a.secretId) });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(b.secretId) })).statusCode).toBe(401);
  });

  it("records trusted devices from Api-Device-Id, marks the current one, and forgetting one signs it out", async () => {
    const here = (await signIn("engineer@example.com", DEMO_PASSWORD, "browser-here")).json().data;
    const there = (await signIn("engineer@example.com", DEMO_PASSWORD, "browser-there")).json().data;
    await signIn("engineer@example.com", DEMO_PASSWORD, "browser-here");
    const list = await t.app.inject({ method: "GET", url: "/api/my-trusted-devices", headers: { ...apiHeaders(here.secretId), "api-device-id": "browser-here" } });
    const devices = list.json().data as Array<{ publicId: string; name: string; current: boolean }>;
    expect(devices.length).toBe(2);
    expect(devices.filter((d) => d.current).length).toBe(1);
    expect(devices[0]!.name).toBe("Chrome on Linux");
    const thereDevice = devices.find((d) => !d.current)!;
    const other = apiHeaders(await signInAs(t.app, "approver@example.com"));
    expect((await t.app.inject({ method: "DELETE", url: `/api/my-trusted-devices/${thereDevice.publicId}`, headers: other })).statusCode).toBe(404);
    const del = await t.app.inject({ method: "DELETE", url: `/api/my-trusted-devices/${thereDevice.publicId}`, headers: apiHeaders(here.secretId) });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(there.secretId) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(here.secretId) })).statusCode).toBe(200);
  });

  it("recovers a password: the same answer for unknown addresses, single use, 1 hour, every session ended", async () => {
    const ask = (email: string) => t.app.inject({ method: "POST", url: "/api/password-reset-requests", headers: { "api-version": "2" }, payload: { email } });
    const known = await ask("Engineer@example.com");
    const unknown = await ask("nobody@example.com");
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await mailCount("nobody@example.com")).toBe(0);
    const session = await signInAs(t.app, "engineer@example.com");
    const token = await lastLinkTo("engineer@example.com");
    const reset = (newPassword: string, tk = token) => t.app.inject({ method: "POST", url: "/api/password-resets", headers: { "api-version": "2" }, payload: { token: tk, newPassword } });
    const weak = await reset("short");
    expect(weak.json().data[0]).toEqual({ message: "PASSWORD_TOO_SHORT", propertyName: "newPassword" });
    const ok = await reset("a brand new secret");
    expect(ok.statusCode).toBe(200);
    expect((await reset("another new secret")).json().data[0].message).toBe("LINK_INVALID_OR_EXPIRED");
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(session) })).statusCode).toBe(401);
    expect((await signIn("engineer@example.com")).statusCode).toBe(401);
    expect((await signIn("engineer@example.com", "a brand new secret")).statusCode).toBe(201);

    await ask("engineer@example.com");
    const stale = await lastLinkTo("engineer@example.com");
    clock.advance(HOUR + 1000);
    expect((await reset("yet another secret", stale)).json().data[0].message).toBe("LINK_INVALID_OR_EXPIRED");
    expect((await reset("x", "not-a-token")).json().data[0].message).toBe("LINK_INVALID_OR_EXPIRED");
  });
});
