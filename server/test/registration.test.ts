/**
 * Self sign-up and the privacy statement (issue 11): /register only where the sector allows it;
 * the same answer whether the address has an account (the owner gets a mail saying so); the one
 * password rule; the account cannot sign in until the mailed link is followed, once. Privacy
 * statement and terms in the reader's language, falling back to English.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "@portal/fixtures/demo/demoData";
import { outboxMessages, sectors, users } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}::${password}`).toString("base64")}`;
const open = { "api-version": "2" };

describe.each(await featureBackends())("registration and privacy statement on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  const register = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/registrations", headers: open, payload });
  const allowed = async () => (await t.app.inject({ method: "GET", url: "/api/registrations", headers: open })).json().data.allowed as boolean;
  const signIn = (email: string, password: string) => t.app.inject({
    method: "POST", url: "/api/access-tokens", headers: { ...open, authorization: basic(email, password) }, payload: { expiresIn: 3600 },
  });
  const mailsTo = (to: string) => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(desc(outboxMessages.id));

  it("refuses registrations while the sector does not allow self sign-up (the demo default)", async () => {
    expect(await allowed()).toBe(false);
    const res = await register({ name: "Rita Newcomer", email: "rita@example.org", password: "a long enough secret" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: "error", type: "Error", data: [{ message: "SELF_SIGN_UP_DISABLED" }] });
    expect(await mailsTo("rita@example.org")).toEqual([]);
  });

  it("registers, mails a single-use link, and lets the account sign in only after it is followed", async () => {
    await t.database.db.update(sectors).set({ selfSignUp: true });
    expect(await allowed()).toBe(true);
    const weak = await register({ name: "Rita Newcomer", email: "rita@example.org", password: "rita-123456789" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data).toEqual([{ message: "PASSWORD_CONTAINS_PERSONAL", propertyName: "password" }]);
    const bad = await register({ name: "", email: "not an address", password: "" });
    expect(bad.json().data.map((i: { propertyName: string }) => i.propertyName)).toEqual(["name", "email", "password"]);

    const ok = await register({ name: "Rita Newcomer", email: " Rita@Example.org ", password: "a long enough secret", language: "de" });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().data).toEqual({ sent: true });
    expect((await signIn("rita@example.org", "a long enough secret")).json().data[0].message).toBe("EMAIL_NOT_VERIFIED");
    const [mail] = await mailsTo("rita@example.org");
    const token = decodeURIComponent(/\/register\?code=([^\s]+)/.exec(mail!.text)![1]!);
    const confirmed = await t.app.inject({ method: "POST", url: "/api/registration-confirmations", headers: open, payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({ email: "rita@example.org" });
    const again = await t.app.inject({ method: "POST", url: "/api/registration-confirmations", headers: open, payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().data[0]).toEqual({ message: "LINK_INVALID_OR_EXPIRED", propertyName: "token" });
    expect((await signIn("rita@example.org", "a long enough secret")).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "rita@example.org"));
    expect(row).toMatchObject({ name: "Rita Newcomer", language: "de", emailVerified: true });
  });

  it("answers the same for an address that has an account, and does not change that account", async () => {
    const existing = await register({ name: "Someone Else", email: "viewer@example.com", password: "another long secret" });
    const fresh = await register({ name: "Otto Brand", email: "otto@example.org", password: "another long secret" });
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.body).toBe(fresh.body);
    const [mail] = await mailsTo("viewer@example.com");
    expect(mail!.subject).toBe("You already have a portal account");
    expect(mail!.text).not.toContain("code=");
    expect((await signIn("viewer@example.com", DEMO_PASSWORD)).statusCode).toBe(201);
    expect((await signIn("viewer@example.com", "another long secret")).statusCode).toBe(401);
  });

  it("refuses a bad token and a malformed body with a 400, never a 500", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/registration-confirmations", headers: open, payload: { token: "nope" } });
    expect(res.statusCode).toBe(400);
    const wrong = await t.app.inject({ method: "POST", url: "/api/registrations", headers: open, payload: { name: 5, email: [] } });
    expect(wrong.statusCode).toBe(400);
  });

  it("serves the sector's privacy statement without sign-in, in the language asked, else English", async () => {
    const en = await t.app.inject({ method: "GET", url: "/api/privacy-statement", headers: open });
    expect(en.statusCode).toBe(200);
    expect(en.json().data).toMatchObject({ language: "en", source: "sector" });
    expect(en.json().data.body).toContain("Privacy statement");
    const de = await t.app.inject({ method: "GET", url: "/api/privacy-statement?language=de-CH", headers: open });
    expect(de.json().data).toMatchObject({ language: "de" });
    const browser = await t.app.inject({ method: "GET", url: "/api/privacy-statement", headers: { ...open, "accept-language": "de-DE,de;q=0.9" } });
    expect(browser.json().data.language).toBe("de");
    const fr = await t.app.inject({ method: "GET", url: "/api/privacy-statement?language=fr", headers: open });
    expect(fr.json().data.language).toBe("en");
  });

  it("serves my company's privacy statement and terms in my language", async () => {
    const secret = await signInAs(t.app, "engineer@example.com");
    const demo = t.demo.companies["demo"]!;
    await t.app.inject({ method: "PATCH", url: "/api/my-user", headers: apiHeaders(secret), payload: { language: "de" } });
    const terms = await t.app.inject({ method: "GET", url: "/api/my-company/terms-of-use", headers: apiHeaders(secret, demo) });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json().data).toMatchObject({ language: "de", source: "sector" });
    expect(terms.json().data.body).toContain("Nutzungsbedingungen");
    const privacy = await t.app.inject({ method: "GET", url: "/api/my-company/privacy-statement?language=en", headers: apiHeaders(secret, demo) });
    expect(privacy.json().data).toMatchObject({ language: "en", source: "sector" });
    const noCompany = await t.app.inject({ method: "GET", url: "/api/my-company/terms-of-use", headers: apiHeaders(secret) });
    expect(noCompany.statusCode).toBeGreaterThanOrEqual(400);
    expect(noCompany.statusCode).toBeLessThan(500);
  });
});
