/**
 * Users and invites (issue 11) over HTTP, on PGlite and PostgreSQL: the users list (search,
 * sort, paging), role change, temporary access, removal, the last-administrator refusals, and
 * invites (bulk create in one transaction, resend, withdraw, accept with a new account and with
 * an existing one, my invites, decline), with their audit rows and outbox mails.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { hashPassword } from "../src/auth/secrets";
import { auditLogs, companies, invites, memberships, outboxMessages, roles, users } from "../src/db/schema";
import { newPublicId } from "../src/ids";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const DAY = 24 * 60 * 60_000;

describe.each(await featureBackends())("users and invites on %s", (kind) => {
  const clock = ClockStepped.make(Date.UTC(2026, 10, 23, 9, 0, 0));
  let t: TestApp;
  let admin: string;
  let demo: string;
  let acme: string;
  const h = () => apiHeaders(admin, demo);
  const roleOf = async (name: string) => (await t.database.db.select().from(roles).innerJoin(companies, eq(companies.id, roles.companyId))
    .where(and(eq(companies.publicId, demo), eq(roles.name, name))))[0]!.roles.publicId;
  const inject = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, headers = h()) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const tokenOfMail = async (to: string): Promise<string> => {
    const mails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
    const text = mails.sort((a, b) => b.id - a.id)[0]!.text;
    return decodeURIComponent(/finish-invite\?token=(\S+)/.exec(text)![1]!);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
    admin = await signInAs(t.app, "admin@example.com");
    // 30 extra members named in mixed case, for search, sort and paging.
    const [company] = await t.database.db.select().from(companies).where(eq(companies.publicId, demo));
    const [member] = await t.database.db.select().from(roles).where(and(eq(roles.companyId, company!.id), eq(roles.name, "Member")));
    const hash = await hashPassword("portal-demo");
    const made = await t.database.db.insert(users).values(Array.from({ length: 30 }, (_, i) => ({
      publicId: newPublicId(), name: `${i % 2 ? "bulk" : "Bulk"} Person ${String(i).padStart(2, "0")}`, email: `bulk${String(i).padStart(2, "0")}@load.example.com`, passwordHash: hash,
    }))).returning({ id: users.id });
    await t.database.db.insert(memberships).values(made.map((u) => ({ publicId: newPublicId(), userId: u.id, companyId: company!.id, roleId: member!.id })));
  });
  afterAll(async () => { await t?.close(); });

  it("lists members with search (name and e-mail, any case), sort and cursor paging", async () => {
    const all: Array<{ name: string; email: string }> = [];
    let after: string | null = null;
    do {
      const res = await inject("GET", `/api/users?search=BULK&page-size=7${after ? `&page-after=${encodeURIComponent(after)}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: Array<{ name: string; email: string }>; moreAfter: string | null };
      all.push(...body.data);
      after = body.moreAfter;
    } while (after);
    expect(all).toHaveLength(30);
    expect(all.map((u) => u.name)).toEqual([...all.map((u) => u.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const byMail = await inject("GET", "/api/users?search=LOAD.EXAMPLE&sort=email&page-size=100");
    const mails = (byMail.json() as { data: Array<{ email: string }> }).data.map((u) => u.email);
    expect(mails).toHaveLength(30);
    expect(mails).toEqual([...mails].sort());
    const filtered = await inject("GET", "/api/users?filters=contains(email,engineer)");
    expect((filtered.json() as { data: Array<{ email: string; role: { name: string } }> }).data).toMatchObject([{ email: "engineer@example.com", role: { name: "Engineer" } }]);
    expect((await inject("GET", "/api/users?page-after=nonsense")).statusCode).toBe(400);
    expect((await inject("GET", "/api/users?filters=eq(passwordHash,x)")).statusCode).toBe(400);
  });

  it("changes a role and sets and clears temporary access, audited; refuses a past date", async () => {
    const engineer = t.demo.users["engineer"]!;
    const res = await inject("PATCH", `/api/users/${engineer}`, { role: { publicId: await roleOf("Approver") }, expiresOn: "2026-12-31" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { role: { name: "Approver" }, expiresOn: "2027-01-01T00:00:00.000Z" } });
    const past = await inject("PATCH", `/api/users/${engineer}`, { expiresOn: "2026-11-22" });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ data: [{ message: "EXPIRES_ON_IN_THE_PAST", propertyName: "expiresOn" }] });
    const cleared = await inject("PATCH", `/api/users/${engineer}`, { role: { publicId: await roleOf("Engineer") }, expiresOn: null });
    expect(cleared.json()).toMatchObject({ data: { role: { name: "Engineer" }, expiresOn: null } });
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.topic, "CompanyUser"), eq(auditLogs.target, engineer)));
    expect(audit.length).toBe(2);
    expect((await inject("PATCH", `/api/users/${engineer}`, { role: { publicId: "nope" } })).json()).toMatchObject({ data: [{ message: "UNKNOWN_ROLE" }] });
  });

  it("ends a temporary access by the clock: the member loses the company", async () => {
    const viewer = t.demo.users["viewer"]!;
    const tomorrow = new Date(clock.current() + DAY).toISOString().slice(0, 10);
    expect((await inject("PATCH", `/api/users/${viewer}`, { expiresOn: tomorrow })).statusCode).toBe(200);
    const secret = await signInAs(t.app, "viewer@example.com");
    expect((await inject("GET", "/api/my-rights", undefined, apiHeaders(secret, demo))).statusCode).toBe(200);
    clock.advance(3 * DAY);
    admin = await signInAs(t.app, "admin@example.com");
    expect((await inject("GET", "/api/my-rights", undefined, apiHeaders(await signInAs(t.app, "viewer@example.com"), demo))).statusCode).toBe(404);
    expect((await inject("GET", `/api/users/${viewer}`)).statusCode).toBe(404);
  });

  it("refuses to remove, demote or time-limit the last administrator, in one transaction", async () => {
    const me = t.demo.users["admin"]!;
    const before = (await t.database.db.select().from(auditLogs)).length;
    for (const [method, body] of [["DELETE", undefined], ["PATCH", { role: { publicId: await roleOf("Viewer") } }], ["PATCH", { expiresOn: "2027-01-01" }]] as const) {
      const res = await inject(method, `/api/users/${me}`, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ data: [{ message: "LAST_ADMINISTRATOR" }] });
    }
    expect((await t.database.db.select().from(auditLogs)).length).toBe(before);
    expect((await inject("GET", `/api/users/${me}`)).json()).toMatchObject({ data: { role: { name: "Administrator" }, expiresOn: null } });
  });

  it("removes a member (and their roles in the company's groups)", async () => {
    const shiftLead = t.demo.users["shiftLead"]!;
    const res = await inject("DELETE", `/api/users/${shiftLead}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject("GET", `/api/users/${shiftLead}`)).statusCode).toBe(404);
    expect((await inject("DELETE", `/api/users/${shiftLead}`)).statusCode).toBe(404);
  });

  it("invites many in one transaction: a bad item or a member refuses all, naming the item", async () => {
    const role = { publicId: await roleOf("Viewer") };
    const mailsBefore = (await t.database.db.select().from(outboxMessages)).length;
    const bad = await inject("POST", "/api/invites", [{ email: "new1@example.com", role }, { email: "not-an-address", role }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: [{ message: "INVALID_EMAIL", propertyName: "email", listIndex: 1 }] });
    const member = await inject("POST", "/api/invites", [{ email: "new1@example.com", role }, { email: "Engineer@Example.com", role }]);
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({ data: [{ message: "ALREADY_A_MEMBER", listIndex: 1 }] });
    expect((await t.database.db.select().from(outboxMessages)).length).toBe(mailsBefore);
    const ok = await inject("POST", "/api/invites", [{ email: "new1@example.com", role }, { email: "New2@example.com", role, expiresOn: "2027-06-30" }]);
    expect(ok.statusCode, ok.body).toBe(201);
    const list = (await inject("GET", "/api/invites")).json() as { data: Array<{ email: string; memberExpiresOn: string | null }> };
    expect(list.data.map((i) => i.email)).toEqual(["new1@example.com", "new2@example.com"]);
    expect(list.data[1]!.memberExpiresOn).toBe("2027-07-01T00:00:00.000Z");
    const again = await inject("POST", "/api/invites", { email: "new1@example.com", role });
    expect(again.json()).toMatchObject({ data: [{ message: "ALREADY_INVITED" }] });
    const mails = await t.database.db.select().from(outboxMessages).where(like(outboxMessages.text, "%/finish-invite?token=%"));
    expect(mails.map((m) => m.to).sort()).toEqual(["new1@example.com", "new2@example.com"]);
    expect(mails[0]!.subject).toBe("Invitation to Demo Company");
  });

  it("accepts as a new account with the terms; a reused, resent or expired link is refused alike", async () => {
    const oldToken = await tokenOfMail("new1@example.com");
    const invite = ((await inject("GET", "/api/invites")).json() as { data: Array<{ publicId: string; email: string }> }).data.find((i) => i.email === "new1@example.com")!;
    expect((await inject("POST", `/api/invites/${invite.publicId}/resend`)).statusCode).toBe(200);
    const token = await tokenOfMail("new1@example.com");
    expect(token).not.toBe(oldToken);
    const open = { "api-version": "2" };
    const dead = await inject("POST", "/api/finish-invite", { token: oldToken, name: "New One", password: "good pass 1" }, open);
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toMatchObject({ data: [{ message: "INVITE_LINK_INVALID" }] });
    const info = await inject("GET", `/api/finish-invite?token=${encodeURIComponent(token)}`, undefined, open);
    expect(info.json()).toMatchObject({ data: { email: "new1@example.com", accountExists: false, company: { name: "Demo Company" } } });
    const terms = (info.json() as { data: { termsOfUse: { publicId: string } | null } }).data.termsOfUse;
    expect(terms).not.toBeNull();
    const weak = await inject("POST", "/api/finish-invite", { token, name: "New One", password: "short", termsOfUsePolicy: terms!.publicId }, open);
    expect(weak.json()).toMatchObject({ data: [{ message: "PASSWORD_TOO_SHORT", propertyName: "password" }] });
    const noTerms = await inject("POST", "/api/finish-invite", { token, name: "New One", password: "good pass 1" }, open);
    expect(noTerms.json()).toMatchObject({ data: [{ message: "TERMS_OF_USE_NOT_ACCEPTED" }] });
    const done = await inject("POST", "/api/finish-invite", { token, name: "New One", password: "good pass 1", termsOfUsePolicy: terms!.publicId }, open);
    expect(done.statusCode, done.body).toBe(201);
    const secret = await signInAs(t.app, "new1@example.com", "good pass 1");
    expect((await inject("GET", "/api/my-companies", undefined, apiHeaders(secret))).json()).toMatchObject({ data: [{ publicId: demo, rights: ["manage:groups"] }] });
    const reused = await inject("POST", "/api/finish-invite", { token, name: "New One", password: "good pass 1", termsOfUsePolicy: terms!.publicId }, open);
    expect(reused.json()).toEqual(dead.json());
    // An expired link answers exactly like an unknown one.
    const token2 = await tokenOfMail("new2@example.com");
    clock.advance(8 * DAY);
    admin = await signInAs(t.app, "admin@example.com");
    const expired = await inject("POST", "/api/finish-invite", { token: token2, name: "Two", password: "good pass 2" }, open);
    expect(expired.json()).toEqual(dead.json());
    const unknown = await inject("GET", "/api/finish-invite?token=nothing-at-all", undefined, open);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(dead.json());
  });

  it("an existing account accepts by link after signing in, or from my invites; declines; another's link is refused", async () => {
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    const role = { publicId: await roleOf("Viewer") };
    expect((await inject("POST", "/api/invites", [{ email: "acme-admin@example.com", role }, { email: "approver@example.com", role }])).statusCode).toBe(409);
    expect((await inject("POST", "/api/invites", { email: "acme-admin@example.com", role })).statusCode).toBe(201);
    const token = await tokenOfMail("acme-admin@example.com");
    const info = await inject("GET", `/api/finish-invite?token=${encodeURIComponent(token)}`, undefined, { "api-version": "2" });
    expect(info.json()).toMatchObject({ data: { accountExists: true } });
    const asNew = await inject("POST", "/api/finish-invite", { token, name: "Otto", password: "good pass 1" }, { "api-version": "2" });
    expect(asNew.statusCode).toBe(409);
    expect(asNew.json()).toMatchObject({ data: [{ message: "ACCOUNT_EXISTS_SIGN_IN" }] });
    // Someone else signed in cannot use the link.
    const other = await inject("POST", "/api/my-invites/finish", { token }, apiHeaders(await signInAs(t.app, "engineer@example.com")));
    expect(other.json()).toMatchObject({ data: [{ message: "INVITE_LINK_INVALID" }] });
    const mine = (await inject("GET", "/api/my-invites", undefined, apiHeaders(acmeAdmin))).json() as { data: Array<{ publicId: string; termsOfUse: { publicId: string } }> };
    expect(mine.data).toHaveLength(1);
    const accepted = await inject("POST", "/api/my-invites/finish", { token, termsOfUsePolicy: mine.data[0]!.termsOfUse.publicId }, apiHeaders(acmeAdmin));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const companiesNow = (await inject("GET", "/api/my-companies", undefined, apiHeaders(acmeAdmin))).json() as { data: Array<{ publicId: string }> };
    expect(companiesNow.data.map((c) => c.publicId).sort()).toEqual([acme, demo].sort());
    // By publicId from my invites, and a decline.
    expect((await inject("POST", "/api/invites", [{ email: "bulk01@load.example.com", role }])).statusCode).toBe(409);
    await t.database.db.insert(users).values({ publicId: newPublicId(), name: "Outsider", email: "outsider@example.com", passwordHash: await hashPassword("portal-demo") });
    expect((await inject("POST", "/api/invites", [{ email: "outsider@example.com", role }])).statusCode).toBe(201);
    const outsider = await signInAs(t.app, "outsider@example.com");
    const list = (await inject("GET", "/api/my-invites", undefined, apiHeaders(outsider))).json() as { data: Array<{ publicId: string; termsOfUse: { publicId: string } }> };
    expect((await inject("DELETE", `/api/my-invites/${list.data[0]!.publicId}`, undefined, apiHeaders(acmeAdmin))).statusCode).toBe(404);
    expect((await inject("DELETE", `/api/my-invites/${list.data[0]!.publicId}`, undefined, apiHeaders(outsider))).statusCode).toBe(200);
    expect((await inject("GET", "/api/my-invites", undefined, apiHeaders(outsider))).json()).toMatchObject({ data: [] });
    expect((await inject("POST", "/api/invites", [{ email: "outsider@example.com", role }])).statusCode).toBe(201);
    const again = (await inject("GET", "/api/my-invites", undefined, apiHeaders(outsider))).json() as { data: Array<{ publicId: string; termsOfUse: { publicId: string } }> };
    const byId = await inject("POST", `/api/my-invites/${again.data[0]!.publicId}/acceptance`, { termsOfUsePolicy: again.data[0]!.termsOfUse.publicId }, apiHeaders(outsider));
    expect(byId.statusCode, byId.body).toBe(200);
    expect((await t.database.db.select().from(auditLogs).where(eq(auditLogs.topic, "InviteAcceptance"))).length).toBe(3);
  });

  it("withdraws an invite: its link stops working", async () => {
    const role = { publicId: await roleOf("Viewer") };
    const made = await inject("POST", "/api/invites", { email: "withdrawn@example.com", role });
    const publicId = (made.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    const token = await tokenOfMail("withdrawn@example.com");
    expect((await inject("DELETE", `/api/invites/${publicId}`)).statusCode).toBe(200);
    expect((await inject("GET", `/api/finish-invite?token=${encodeURIComponent(token)}`, undefined, { "api-version": "2" })).statusCode).toBe(400);
  });
  it("an invite whose link ran out does not block inviting the address again; the old one goes, audited", async () => {
    const role = { publicId: await roleOf("Viewer") };
    expect((await inject("POST", "/api/invites", { email: "lapsed@example.com", role })).statusCode).toBe(201);
    const [first] = await t.database.db.select().from(invites).where(eq(invites.email, "lapsed@example.com"));
    // Still valid: a second invite is refused.
    expect((await inject("POST", "/api/invites", { email: "lapsed@example.com", role })).json()).toMatchObject({ data: [{ message: "ALREADY_INVITED" }] });
    await t.database.db.update(invites).set({ expiresAt: new Date(clock.current() - 1000) }).where(eq(invites.id, first!.id));
    const again = await inject("POST", "/api/invites", { email: "lapsed@example.com", role });
    expect(again.statusCode, again.body).toBe(201);
    const rows = await t.database.db.select().from(invites).where(eq(invites.email, "lapsed@example.com"));
    expect(rows.map((r) => r.publicId)).toEqual([(again.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId]);
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.topic, "Invite"), eq(auditLogs.target, first!.publicId), eq(auditLogs.action, "DELETE")));
    expect(audit).toHaveLength(1);
  });
  it("a group manager (manage:groups) searches the users list for the member picker but changes no member", async () => {
    // A member of their own with the Viewer role (manage:groups only): the demo viewer is removed by an earlier test.
    const [company] = await t.database.db.select().from(companies).where(eq(companies.publicId, demo));
    const [viewerRole] = await t.database.db.select().from(roles).where(and(eq(roles.companyId, company!.id), eq(roles.name, "Viewer")));
    const [made] = await t.database.db.insert(users).values({ publicId: newPublicId(), name: "Gina Groups", email: "gina-groups@example.com", passwordHash: await hashPassword("portal-demo") }).returning({ id: users.id });
    await t.database.db.insert(memberships).values({ publicId: newPublicId(), userId: made!.id, companyId: company!.id, roleId: viewerRole!.id });
    const viewer = await signInAs(t.app, "gina-groups@example.com");
    const found = await inject("GET", "/api/users?search=GINA", undefined, apiHeaders(viewer, demo));
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as { data: Array<{ name: string }> }).data.map((u) => u.name)).toEqual(["Gina Groups"]);
    const change = await inject("PATCH", `/api/users/${t.demo.users["engineer"]}`, { expiresOn: null }, apiHeaders(viewer, demo));
    expect(change.statusCode).toBe(403);
  });
});
