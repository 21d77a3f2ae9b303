/**
 * The terms-of-use alert condition (spec 2 and 3): a company answers its latest applicable terms
 * (company terms only when customTermsOfUse is "company") with whether I accepted them; a new
 * version is unaccepted for everyone until each accepts it; acceptance is recorded with an audit entry.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, companies } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";
import { publishTermsOfUse } from "./termsHelpers";

describe.each(await featureBackends())("terms of use on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let engineer: string;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signInAs(t.app, "admin@example.com");
    engineer = await signInAs(t.app, "engineer@example.com");
    demo = t.demo.companies["demo"]!;
  });
  afterAll(async () => { await t?.close(); });
  const latest = async (secret: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/companies/${demo}`, headers: apiHeaders(secret, demo) });
    expect(res.statusCode).toBe(200);
    return res.json().data.latestTermsOfUse as { publicId: string; body: string; accepted: boolean };
  };
  const accept = (secret: string, publicId: string) =>
    t.app.inject({ method: "POST", url: `/api/terms-of-use-policies/${publicId}/acceptance`, headers: apiHeaders(secret, demo) });

  it("the demo users have accepted the demo terms: no alert", async () => {
    expect((await latest(admin)).accepted).toBe(true);
    expect((await latest(engineer)).accepted).toBe(true);
  });

  it("a new sector version needs accepting by each user; accepting records it once with an audit entry", async () => {
    const published = await publishTermsOfUse(t.database.db, demo, "<p>Version 3</p>");
    expect(await latest(admin)).toMatchObject({ publicId: published, accepted: false, body: "<p>Version 3</p>" });
    expect((await latest(engineer)).accepted).toBe(false);
    expect((await accept(admin, published)).json().data).toEqual({ publicId: published, accepted: true });
    expect((await accept(admin, published)).statusCode).toBe(200);
    expect((await latest(admin)).accepted).toBe(true);
    expect((await latest(engineer)).accepted).toBe(false);
    const audits = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.topic, "TermsOfUseAcceptance"), eq(auditLogs.target, published)));
    expect(audits).toHaveLength(1);
  });

  it("company terms apply only when the company chose custom terms", async () => {
    const own = await publishTermsOfUse(t.database.db, demo, "<p>Company terms</p>", { own: true });
    expect((await latest(engineer)).publicId).not.toBe(own);
    await t.database.db.update(companies).set({ customTermsOfUse: "company" }).where(eq(companies.publicId, demo));
    expect(await latest(engineer)).toMatchObject({ publicId: own, accepted: false });
    expect((await accept(engineer, own)).statusCode).toBe(200);
    expect((await latest(engineer)).accepted).toBe(true);
    await t.database.db.update(companies).set({ customTermsOfUse: "sector" }).where(eq(companies.publicId, demo));
    expect((await latest(engineer)).publicId).not.toBe(own);
  });

  it("serves the body sanitised: no script, event handler or javascript: link survives", async () => {
    await publishTermsOfUse(t.database.db, demo, "<p onclick=\"alert(1)\">Version 4</p><script>alert(2)</script><a href=\"javascript:alert(3)\">x</a>");
    const body = (await latest(admin)).body;
    expect(body).toContain("Version 4");
    expect(body).not.toMatch(/onclick|<script|javascript:/i);
    const sector = await t.app.inject({ method: "GET", url: "/api/my-sector", headers: apiHeaders(admin, demo) });
    expect(sector.json().data.latestTermsOfUse.body).not.toMatch(/onclick|<script|javascript:/i);
  });

  it("another company's terms cannot be accepted (404)", async () => {
    const foreign = await publishTermsOfUse(t.database.db, t.demo.companies["acme"]!, "<p>Acme terms</p>", { own: true });
    expect((await accept(engineer, foreign)).statusCode).toBe(404);
  });
});
