/** My companies, my rights, my sector, company with parents, host branding, terms of use, isolation. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { companies, memberships, users } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";
import { publishTermsOfUse } from "./termsHelpers";

describe.each(await featureBackends())("companies on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let translator: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signInAs(t.app, "admin@example.com");
    translator = await signInAs(t.app, "translator@example.com");
  });
  afterAll(async () => { await t?.close(); });
  const get = (url: string, secret: string, company?: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { ...apiHeaders(secret, company), ...extra } });

  it("lists my companies with my rights in each", async () => {
    const res = await get("/api/my-companies", admin);
    expect(res.json().data).toEqual([
      { publicId: t.demo.companies["demo"], name: "Demo Company", rights: ALL_RIGHTS, expiresOn: null },
      { publicId: t.demo.companies["holding"], name: "Demo Holding", rights: ALL_RIGHTS, expiresOn: null },
    ]);
    const mine = await get("/api/my-companies", translator);
    expect(mine.json().data).toEqual([{ publicId: t.demo.companies["demo"], name: "Demo Company", rights: ["manage:group-types", "manage:translations"], expiresOn: null }]);
  });

  it("tells when my temporary access to a company ends (the latest end of my memberships there)", async () => {
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "translator@example.com"));
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, t.demo.companies["demo"]!));
    const mine = and(eq(memberships.userId, user!.id), eq(memberships.companyId, company!.id));
    const end = new Date(Date.now() + 10 * 86_400_000);
    end.setUTCMilliseconds(0);
    await t.database.db.update(memberships).set({ expiresOn: end }).where(mine);
    try {
      const res = await get("/api/my-companies", translator);
      expect(res.json().data).toEqual([{ publicId: t.demo.companies["demo"], name: "Demo Company", rights: ["manage:group-types", "manage:translations"], expiresOn: end.toISOString() }]);
    } finally {
      await t.database.db.update(memberships).set({ expiresOn: null }).where(mine);
    }
  });

  it("answers my rights in the selected company, and 404 for a company that is not mine", async () => {
    expect((await get("/api/my-rights", translator, t.demo.companies["demo"])).json().data).toEqual({ rights: ["manage:group-types", "manage:translations"] });
    expect((await get("/api/my-rights", translator, t.demo.companies["acme"])).statusCode).toBe(404);
  });

  it("answers my sector with latest terms, branding and custom settings, honouring fields", async () => {
    const res = await get("/api/my-sector", admin);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: "Demo Sector",
      // The demo users have accepted the demo's latest terms (seed).
      latestTermsOfUse: { accepted: true },
      branding: { name: "Demo Portal", theme: "light", fqdn: "localhost", custom: { glbBrowserTitle: "Demo Portal" } },
      custom: { glbVpnClientReleaseNotesUrl: "https://vpn-client.example.com/releases.json", glbSupportedPlatforms: ["windows", "mac", "linux"] },
    });
    expect(data.latestTermsOfUse.body).toContain("Version 2");
    const narrow = await get("/api/my-sector?fields=branding.fqdn", admin);
    expect(narrow.json().data).toEqual({ publicId: data.publicId, branding: { publicId: data.branding.publicId, fqdn: "localhost" } });
  });

  it("accepts the latest terms of use once, with an audit entry", async () => {
    const published = await publishTermsOfUse(t.database.db, t.demo.companies["demo"]!, "<p>Version 3</p>");
    const sector = (await get("/api/my-sector", translator)).json().data;
    expect(sector.latestTermsOfUse).toMatchObject({ publicId: published, accepted: false });
    const url = `/api/terms-of-use-policies/${sector.latestTermsOfUse.publicId}/acceptance`;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: "POST", url, headers: apiHeaders(translator) });
      expect(res.statusCode).toBe(200);
    }
    expect((await get("/api/my-sector", translator)).json().data.latestTermsOfUse.accepted).toBe(true);
    expect((await get("/api/my-sector", admin)).json().data.latestTermsOfUse.accepted).toBe(false);
    const unknown = await t.app.inject({ method: "POST", url: "/api/terms-of-use-policies/AAAAAAAAAAAA/acceptance", headers: apiHeaders(translator) });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers a company of mine with its parent chain's fqdn, 404 for others", async () => {
    const res = await get(`/api/companies/${t.demo.companies["demo"]}?fields=branding.fqdn,parent.branding.fqdn,parent.parent.branding.fqdn`, admin);
    expect(res.json().data).toEqual({
      publicId: t.demo.companies["demo"],
      // Demo Company has a branding of its own (issue 12) without an fqdn: its parent's is the nearest.
      branding: expect.objectContaining({ fqdn: null }),
      parent: { publicId: t.demo.companies["holding"], branding: expect.objectContaining({ fqdn: "holding.localhost" }), parent: null },
    });
    expect((await get(`/api/companies/${t.demo.companies["acme"]}`, admin)).statusCode).toBe(404);
    expect((await get(`/api/companies/${t.demo.companies["holding"]}`, translator)).statusCode).toBe(404);
  });

  it("answers the branding of a host without authorization", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/brandings", headers: { "api-version": "2", "api-branding": "acme.localhost:8080" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{
      publicId: expect.any(String), name: "Acme Portal", appleTouchIcon: null, theme: "dark", fqdn: "acme.localhost", logo: null,
      custom: { glbBrowserTitle: "Acme Remote Access", glbPrimaryColor: null },
    }]);
    const none = await t.app.inject({ method: "GET", url: "/api/brandings", headers: { "api-version": "2", "api-branding": "unknown.example.org" } });
    expect(none.json().data).toEqual([]);
  });

  it("lists the audit trail only with the audit-logs right, and only of the selected company", async () => {
    expect((await get("/api/audit-logs", translator, t.demo.companies["demo"])).statusCode).toBe(403);
    await t.app.inject({ method: "POST", url: "/api/group-types", headers: apiHeaders(admin, t.demo.companies["demo"]), payload: [{ name: "Audited 0", color: "#000001" }, { name: "Audited", color: "#000000" }] });
    const res = await get("/api/audit-logs?page-size=1", admin, t.demo.companies["demo"]);
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data;
    expect(entry).toMatchObject({ action: "CREATE", topic: "GroupType", after: { name: "Audited", color: "#000000" }, actor: { name: "Ada Admin" }, clientAddress: "127.0.0.1" });
    expect(typeof res.json().moreAfter).toBe("string");
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    const acme = await get("/api/audit-logs?page-size=100", acmeAdmin, t.demo.companies["acme"]);
    expect(acme.json().data.some((e: { target: string; topic: string }) => e.topic === "GroupType")).toBe(false);
  });
});
