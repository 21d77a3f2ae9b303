/**
 * The terms of use and privacy statement builders (issue 12): reading versions, publishing (one
 * transaction, one audit entry, rights checked), whose terms apply, new terms accepted again by
 * every user, and the XSS list: none of the payloads survives in what is stored or served.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, companies, privacyStatements, termsOfUsePolicies } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";
import { dangerIn, XSS_PAYLOADS } from "./xssPayloads";

const TERMS = "/api/my-company/terms-of-use-policies";
const PRIVACY = "/api/my-company/privacy-statements";

describe.each(await featureBackends())("policy builders on %s", (kind) => {
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

  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object, secret = admin) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, demo), ...(payload ? { payload } : {}) });
  const latestTerms = async (secret: string) =>
    (await t.app.inject({ method: "GET", url: `/api/companies/${demo}`, headers: apiHeaders(secret, demo) })).json().data.latestTermsOfUse as { publicId: string; body: string; accepted: boolean };
  const auditCount = async () => (await t.database.db.select().from(auditLogs)).length;

  it("the XSS list has at least 40 known payloads", () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(40);
    // The detector itself finds each payload dangerous before sanitising (so the test can fail).
    for (const p of XSS_PAYLOADS.filter((x) => !x.includes("ok.example") && !x.includes("//evil.example/\">"))) expect(dangerIn(p), p).not.toBeNull();
  });

  it("publishing terms keeps bold and links, makes the company's terms apply and every user accept them again; one audit entry", async () => {
    const before = await auditCount();
    const res = await call("POST", TERMS, { body: "<p>Our <strong>terms</strong>, see <a href=\"https://example.com/t\">details</a>.</p>", languages: { NL: "<p>Onze <strong>voorwaarden</strong></p>" } });
    expect(res.statusCode, res.body).toBe(201);
    const version = res.json().data as { publicId: string; body: string; languages: Record<string, string> };
    expect(version.body).toContain("<strong>terms</strong>");
    expect(version.body).toContain("href=\"https://example.com/t\"");
    expect(version.languages).toEqual({ nl: "<p>Onze <strong>voorwaarden</strong></p>" });
    expect(await auditCount()).toBe(before + 1);
    const [entry] = await t.database.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(entry).toMatchObject({ action: "CREATE", topic: "TermsOfUsePolicy", target: version.publicId });
    for (const secret of [admin, engineer]) expect(await latestTerms(secret)).toMatchObject({ publicId: version.publicId, accepted: false });
    const accepted = await t.app.inject({ method: "POST", url: `/api/terms-of-use-policies/${version.publicId}/acceptance`, headers: apiHeaders(engineer, demo) });
    expect(accepted.statusCode).toBe(200);
    expect((await latestTerms(engineer)).accepted).toBe(true);
    expect((await latestTerms(admin)).accepted).toBe(false);
    const view = (await call("GET", TERMS)).json().data as { customTermsOfUse: string; versions: Array<{ publicId: string }> };
    expect(view.customTermsOfUse).toBe("company");
    expect(view.versions[0]!.publicId).toBe(version.publicId);
  });

  it("switching to the sector's terms and back: one audit entry each, the sector's terms apply meanwhile", async () => {
    const own = (await call("GET", TERMS)).json().data.versions[0].publicId as string;
    const before = await auditCount();
    expect((await call("PATCH", "/api/my-company/terms-of-use-source", { customTermsOfUse: "sector" })).json().data.customTermsOfUse).toBe("sector");
    expect((await latestTerms(engineer)).publicId).not.toBe(own);
    expect((await call("PATCH", "/api/my-company/terms-of-use-source", { customTermsOfUse: "sector" })).statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    await call("PATCH", "/api/my-company/terms-of-use-source", { customTermsOfUse: "company" });
    expect((await latestTerms(engineer)).publicId).toBe(own);
    expect(await auditCount()).toBe(before + 2);
  });

  it("refuses a blank English text and a repeated language with the rule's messages, writing nothing", async () => {
    const before = await auditCount();
    const blank = await call("POST", TERMS, { body: "<p> </p><script>x</script>" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data[0]).toMatchObject({ message: "POLICY_BODY_REQUIRED", propertyName: "body" });
    const twice = await call("POST", PRIVACY, { body: "<p>x</p>", languages: { de: "a", DE: "b" } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().data[0]).toMatchObject({ message: "POLICY_LANGUAGE_EXISTS", propertyName: "languages.DE" });
    expect(await auditCount()).toBe(before);
  });

  it("publishing needs the builder's right: the engineer gets 403 and nothing is written", async () => {
    const count = async () => (await t.database.db.select().from(privacyStatements)).length;
    const before = await count();
    expect((await call("POST", PRIVACY, { body: "<p>x</p>" }, engineer)).statusCode).toBe(403);
    expect((await call("POST", TERMS, { body: "<p>x</p>" }, engineer)).statusCode).toBe(403);
    expect((await call("GET", TERMS, undefined, engineer)).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it("a company privacy statement is served to the company's users and not to another company's", async () => {
    const res = await call("POST", PRIVACY, { body: "<p>We keep <em>little</em> data.</p>", languages: { de: "<p>Wenig Daten.</p>" } });
    expect(res.statusCode, res.body).toBe(201);
    const served = await t.app.inject({ method: "GET", url: "/api/my-company/privacy-statement?language=de", headers: apiHeaders(engineer, demo) });
    expect(served.json().data).toMatchObject({ publicId: res.json().data.publicId, body: "<p>Wenig Daten.</p>", source: "company" });
    const acme = t.demo.companies["acme"]!;
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    const other = await t.app.inject({ method: "GET", url: "/api/my-company/privacy-statement", headers: apiHeaders(acmeAdmin, acme) });
    expect(other.json().data?.publicId).not.toBe(res.json().data.publicId);
    const acmeView = await t.app.inject({ method: "GET", url: PRIVACY, headers: apiHeaders(acmeAdmin, acme) });
    expect(acmeView.json().data.versions.map((v: { publicId: string }) => v.publicId)).not.toContain(res.json().data.publicId);
  });

  it.each([["terms of use", TERMS], ["privacy statement", PRIVACY]] as const)("no XSS payload survives the %s builder, stored or served", async (_, url) => {
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const res = await call("POST", url, { body: `<p>Payload ${i}</p>${payload}`, languages: { fr: `<p>Charge ${i}</p>${payload}` } });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(201);
      const publicId = res.json().data.publicId as string;
      const table = url === TERMS ? termsOfUsePolicies : privacyStatements;
      const [stored] = await t.database.db.select().from(table).where(eq(table.publicId, publicId));
      const served = url === TERMS
        ? [(await latestTerms(admin)).body, (await t.app.inject({ method: "GET", url: "/api/my-company/terms-of-use?language=fr", headers: apiHeaders(engineer, demo) })).json().data.body]
        : [(await t.app.inject({ method: "GET", url: "/api/my-company/privacy-statement?language=fr", headers: apiHeaders(engineer, demo) })).json().data.body];
      const built = (await call("GET", url)).json().data.versions[0];
      for (const html of [stored!.body, ...Object.values(stored!.languages), ...served, built.body, built.languages.fr, res.json().data.body]) {
        expect(dangerIn(html), `${payload} became ${html}`).toBeNull();
      }
      expect(stored!.body).toContain(`Payload ${i}`);
    }
  });

  it("old rows written before sanitising on store are still sanitised when served to the builder", async () => {
    await t.database.db.insert(termsOfUsePolicies).values({ publicId: "RawRow000001", companyId: (await t.database.db.select().from(companies).where(eq(companies.publicId, demo)))[0]!.id, body: "<p>Raw</p><img src=x onerror=alert(1)>", languages: { de: "<a href=\"javascript:alert(1)\">x</a>" } });
    const built = (await call("GET", TERMS)).json().data.versions.find((v: { publicId: string }) => v.publicId === "RawRow000001");
    expect(dangerIn(built.body)).toBeNull();
    expect(dangerIn(built.languages.de)).toBeNull();
    const audits = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.topic, "TermsOfUsePolicy"), eq(auditLogs.target, "RawRow000001")));
    expect(audits).toHaveLength(0);
  });
});
