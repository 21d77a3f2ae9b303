/**
 * Shared by the cross-cutting suites: the route table flattened to (route, method) pairs, the
 * error-envelope assertion, and own / foreign sample publicIds for every item route, so that
 * the rights table test and the fuzz test walk core's ROUTES and a new route is covered (or
 * fails loudly for want of a sample) without anyone editing a list of endpoints.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { DEMO_PASSWORD, demoData } from "@portal/fixtures/demo/demoData";
import type { Right } from "@portal/core/domain/Right";
import type { EndpointSpec } from "@portal/core/wire/endpoint";
import { ROUTES, type HttpMethod, type RouteSpec } from "@portal/core/wire/routes";
import { hashPassword } from "../../src/auth/secrets";
import { rowsOf, type Db } from "../../src/db/Database";
import { accessRequestApprovers, accessRequests, agentServers, agents, companies, memberships, mqttBrokers, notices, roles, sectors, termsOfUsePolicies, tunnelSessions, users } from "../../src/db/schema";
import { newPublicId } from "../../src/ids";
import { apiHeaders, type TestApp } from "../testDatabase";

export interface RouteMethod {
  readonly route: RouteSpec;
  readonly method: HttpMethod;
  readonly needed: ReadonlyArray<Right>;
}

/** Every (route, method) of core's table. */
export const ROUTE_METHODS: ReadonlyArray<RouteMethod> = ROUTES.flatMap((route: RouteSpec) =>
  (Object.entries(route.methods) as [HttpMethod, EndpointSpec][]).map(([method, spec]) => ({ route, method, needed: spec.rights })));

/** Routes that answer a stream (hijacked reply) on success: light-my-request would wait forever. */
export const STREAMING_RELS: ReadonlySet<string> = new Set(["EventStream"]);

export const isItemRoute = (route: RouteSpec): boolean => route.href.includes("{publicId}");

/** The item route of a list route (same href plus `/{publicId}`), if there is one. */
export const itemRouteOf = (list: RouteSpec): RouteSpec | undefined =>
  ROUTES.find((r: RouteSpec) => r.href === `${list.href}/{publicId}`);

export const label = ({ route, method }: { route: RouteSpec; method: HttpMethod }): string => `${method} ${route.href} (${route.rel})`;

/** Asserts api.md's error envelope: status "error", type "Error", at least one issue of the right shape. */
export function expectErrorEnvelope(res: LightMyRequestResponse | { statusCode: number; body: string }, context = ""): void {
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new Error(`${context}: ${res.statusCode} answered a body that is not JSON: ${res.body.slice(0, 200)}`);
  }
  expect(body, context).toMatchObject({ status: "error", type: "Error" });
  const data = (body as { data: unknown }).data;
  expect(Array.isArray(data) && data.length > 0, `${context}: error data is a non-empty list`).toBe(true);
  for (const issue of data as Array<Record<string, unknown>>) {
    expect(typeof issue["message"], context).toBe("string");
    expect(Object.keys(issue).every((k) => ["message", "propertyName", "listIndex"].includes(k)), `${context}: issue keys ${Object.keys(issue)}`).toBe(true);
    if ("propertyName" in issue) expect(typeof issue["propertyName"], context).toBe("string");
    if ("listIndex" in issue) expect(Number.isInteger(issue["listIndex"]) && (issue["listIndex"] as number) >= 0, context).toBe(true);
  }
}

/** Rights a demo user holds in a demo company (from the fixture, which the loader writes as is). */
export function demoRights(userKey: string, companyKey: string): ReadonlySet<Right> {
  const company = demoData.companies.find((c) => c.key === companyKey);
  const roleKeys = company?.members[userKey] ?? [];
  return new Set(company?.roles.filter((r) => roleKeys.includes(r.key)).flatMap((r) => r.rights) ?? []);
}

export const emailOf = (userKey: string): string => demoData.users.find((u) => u.key === userKey)!.email;

/** Signs in over the API and returns both the token's publicId and its secret. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<{ publicId: string; secretId: string }> {
  const res = await app.inject({
    method: "POST", url: "/api/access-tokens",
    headers: { "api-version": "2", authorization: `Basic ${Buffer.from(`${email}::${password}`).toString("base64")}` },
    payload: { expiresIn: 3600 },
  });
  if (res.statusCode !== 201) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { publicId: string; secretId: string } }).data;
}

/** Adds a member of `companyId` whose only role holds no right at all; answers the email. */
export async function addRightlessUser(db: Db, companyPublicId: string): Promise<string> {
  const email = `no-rights-${newPublicId().toLowerCase()}@example.com`;
  const [company] = rowsOf<{ id: number }>(await db.execute(sql`select id from companies where public_id = ${companyPublicId}`));
  const [user] = await db.insert(users).values({ publicId: newPublicId(), name: "No Rights", email, passwordHash: await hashPassword(DEMO_PASSWORD) }).returning({ id: users.id });
  const [role] = await db.insert(roles).values({ publicId: newPublicId(), companyId: company!.id, name: "Nothing", rights: [] }).returning({ id: roles.id });
  await db.insert(memberships).values({ publicId: newPublicId(), userId: user!.id, companyId: company!.id, roleId: role!.id });
  return email;
}

/** Own and foreign publicIds of one item route. */
export interface ItemSample {
  /** An item the demo company (or its admin) owns. */
  readonly own: string;
  /** An item of another company (or another user, or another sector). */
  readonly foreign: string;
}

/**
 * Own (demo company, demo admin) and foreign (Acme, Acme's admin, another sector) publicIds per
 * item rel. An item route missing here fails the suites, which is the point: a new item route
 * needs its isolation sample.
 */
export async function itemSamples(t: TestApp): Promise<Record<string, ItemSample>> {
  const demo = t.demo.companies["demo"]!;
  const acme = t.demo.companies["acme"]!;
  const admin = await signIn(t.app, emailOf("admin"));
  const acmeAdmin = await signIn(t.app, emailOf("acmeAdmin"));
  const first = async (secret: string, company: string, url: string): Promise<string> => {
    const res = await t.app.inject({ method: "GET", url, headers: apiHeaders(secret, company) });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
  };
  const pair = async (url: string): Promise<ItemSample> =>
    ({ own: await first(admin.secretId, demo, url), foreign: await first(acmeAdmin.secretId, acme, url) });
  // The demo data has one sector, so the foreign terms of use live in a sector made here.
  const [otherSector] = await t.database.db.insert(sectors).values({ publicId: newPublicId(), name: "Other sector" }).returning({ id: sectors.id });
  const [foreignPolicy] = await t.database.db.insert(termsOfUsePolicies)
    .values({ publicId: newPublicId(), sectorId: otherSector!.id, body: "<p>Other terms</p>" }).returning({ publicId: termsOfUsePolicies.publicId });
  const sector = await t.app.inject({ method: "GET", url: "/api/my-sector", headers: apiHeaders(admin.secretId, demo) });
  const agent = await pair("/api/agents");
  const request: ItemSample = { own: await ownRequest(t, agent.own), foreign: await foreignRequest(t.database.db, acme) };
  const requestRels = [
    "AccessRequest", "AccessRequestApproval", "AccessRequestRejection", "AccessRequestRevocation",
    "AccessRequestCancellation", "AccessRequestRelease", "AccessRequestExtension",
  ];
  return {
    Agent: agent, AgentAudience: agent, AgentApproverList: agent, AgentAccessRequestList: agent, AgentVpnTicketList: agent, AgentCredential: agent, AgentRateLimitReset: agent,
    TunnelSession: { own: await liveSession(t.database.db, demo), foreign: await liveSession(t.database.db, acme) },
    ...(await customFieldSamples(t, agent, await pair("/api/assets"), admin.secretId, acmeAdmin.secretId)),
    ...Object.fromEntries(requestRels.map((rel) => [rel, request])),
    GroupType: await pair("/api/group-types"),
    ...groupSamples(await pair("/api/groups"), { own: t.demo.users["engineer"]!, foreign: t.demo.users["acmeAdmin"]! }),
    AssetType: await pair("/api/asset-types"),
    Translation: await pair("/api/translations"),
    Company: { own: demo, foreign: acme },
    AccessToken: { own: admin.publicId, foreign: acmeAdmin.publicId },
    ...(await userSamples(t, admin.secretId, acmeAdmin.secretId)),
    // Roles and access categories (issue 11).
    Role: await pair("/api/roles"),
    ...(await audienceSamples(pair)),
    // MQTT broker clients (issue 12): the demo company's seeded one, and one made here for Acme.
    MqttBroker: { own: await first(admin.secretId, demo, "/api/mqtt-brokers"), foreign: await foreignBroker(t.database.db, acme) },
    TermsOfUseAcceptance: { own: (sector.json() as { data: { latestTermsOfUse: { publicId: string } } }).data.latestTermsOfUse.publicId, foreign: foreignPolicy!.publicId },
    MyTrustedDevice: { own: await trustedDevice(t.app, emailOf("admin")), foreign: await trustedDevice(t.app, emailOf("acmeAdmin")) },
    // Company menu items (issue 12): the seeded ones of each company.
    MenuItem: await pair("/api/menu-items"),
    // Licences and apps (issue 12): a device's licence routes take the device; a bundle of each company
    // (seeded); apps are one catalogue shared by every company (what a company owns is its installation,
    // reached through Api-Company), so the foreign sample of an app is an id no app has.
    ...licenceSamples(agent, await pair("/api/licence-bundles")),
    ...appSamples(await first(admin.secretId, demo, "/api/apps")),
    // My messages (issue 11): a notice of the demo admin (own) and one of Acme's admin (foreign).
    MyMessage: { own: await noticeOf(t, emailOf("admin")), foreign: await noticeOf(t, emailOf("acmeAdmin")) },
    // Pages (issue 13): a published page made here in each company; the device and asset lists take the device samples.
    ...(await pageSamples(t, admin.secretId, acmeAdmin.secretId)),
    AgentPageList: agent,
    AssetPageList: await pair("/api/assets"),
    // Screensavers and backend component templates (issue 13): made here in each company.
    ...(await platformSamples(t, admin.secretId, acmeAdmin.secretId)),
    // Device components (issue 13): a logbook entry and a document made here on each company's device.
    ...(await deviceRecordSamples(t, agent, admin.secretId, acmeAdmin.secretId)),
    // Reports (issue 13): a printed report stored here in each company (no worker needed).
    ...(await reportSamples(t)),
    // Device data points (issue 13): the device routes take the device samples; a watch takes an
    // event-stream id of the caller (own) or of Acme's admin (foreign).
    ...(await dataPointSamples(t, agent)),
  };
}

/** Data-point samples: the device for its routes, and stream ids signed for the demo and the Acme admin. */
async function dataPointSamples(t: TestApp, agent: ItemSample): Promise<Record<string, ItemSample>> {
  const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const live = t.app.portal.events.live;
  return {
    AgentDataPointList: agent, AgentDataPointSeries: agent, AgentDataPointLog: agent, AgentDataPointStates: agent,
    DataPointWatch: { own: live.streamId(await idOf(emailOf("admin"))), foreign: live.streamId(await idOf(emailOf("acmeAdmin"))) },
  };
}

/**
 * A screensaver, a template (with its logs), a share, a config and a subscription in each
 * company. The demo template is shared with the holding company and Acme's with nobody, so
 * Acme's items stay foreign to the demo company.
 */
async function platformSamples(t: TestApp, adminSecret: string, acmeSecret: string): Promise<Record<string, ItemSample>> {
  const png = (await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer()).toString("base64");
  const post = async (secret: string, company: string, url: string, payload: object): Promise<string> => {
    const res = await t.app.inject({ method: "POST", url, headers: apiHeaders(secret, company), payload });
    if (res.statusCode !== 201) throw new Error(`${url} sample: ${res.statusCode} ${res.body}`);
    const data = (res.json() as { data: { publicId: string } | Array<{ publicId: string }> }).data;
    return Array.isArray(data) ? data[0]!.publicId : data.publicId;
  };
  const make = async (secret: string, company: string, shareWith: string) => {
    const template = await post(secret, company, "/api/backend-templates", { name: "Sample template" });
    return {
      screensaver: await post(secret, company, "/api/router-screensavers", { name: "sample.png", image: png }),
      template,
      share: await post(secret, company, "/api/template-shares", { template: { publicId: template }, company: { publicId: shareWith } }),
      config: await post(secret, company, "/api/template-configs", { template: { publicId: template }, config: { sample: true } }),
      subscription: await post(secret, company, "/api/message-subscriptions", { template: { publicId: template }, topic: "sample/#" }),
    };
  };
  const holding = t.demo.companies["holding"]!;
  const own = await make(adminSecret, t.demo.companies["demo"]!, holding);
  const foreign = await make(acmeSecret, t.demo.companies["acme"]!, holding);
  const pairOf = (k: keyof typeof own): ItemSample => ({ own: own[k], foreign: foreign[k] });
  return {
    RouterScreensaver: pairOf("screensaver"), BackendTemplate: pairOf("template"), BackendTemplateLogs: pairOf("template"),
    TemplateShare: pairOf("share"), TemplateConfig: pairOf("config"), MessageSubscription: pairOf("subscription"),
  };
}

/** A logbook entry and a document on the sample device of each company, for the record item routes. */
async function deviceRecordSamples(t: TestApp, agent: ItemSample, adminSecret: string, acmeSecret: string): Promise<Record<string, ItemSample>> {
  const make = async (secret: string, company: string, agentId: string, list: string, payload: object): Promise<string> => {
    const res = await t.app.inject({ method: "POST", url: `/api/agents/${agentId}/${list}`, headers: apiHeaders(secret, company), payload });
    if (res.statusCode !== 201) throw new Error(`${list} sample: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { publicId: string } }).data.publicId;
  };
  const both = async (list: string, payload: object): Promise<ItemSample> => ({
    own: await make(adminSecret, t.demo.companies["demo"]!, agent.own, list, payload),
    foreign: await make(acmeSecret, t.demo.companies["acme"]!, agent.foreign, list, payload),
  });
  const document = await both("documents", { fileName: "sample.txt", content: Buffer.from("Sample document").toString("base64") });
  return {
    AgentLogbookEntryList: agent, AgentDocumentList: agent, AgentMailFormMessageList: agent,
    LogbookEntry: await both("logbook-entries", { text: "Sample entry" }),
    Document: document, DocumentFile: document,
  };
}

/** A done report with a PDF in each company, for every report item route. */
async function reportSamples(t: TestApp): Promise<Record<string, ItemSample>> {
  const { reports, reportFiles, pages } = await import("../../src/db/schema");
  const make = async (companyKey: string): Promise<string> => {
    const [company] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from companies where public_id = ${t.demo.companies[companyKey]!}`));
    const [page] = await t.database.db.select({ id: pages.id }).from(pages).where(eq(pages.companyId, company!.id)).limit(1);
    const [row] = await t.database.db.insert(reports).values({
      publicId: newPublicId(), companyId: company!.id, pageId: page?.id ?? null, version: "published", versionPublicId: newPublicId(), title: "Sample report",
      periodStart: new Date("2026-11-01T00:00:00Z"), periodEnd: new Date("2026-11-02T00:00:00Z"), timeZone: "UTC", status: "done", size: 9, finishedAt: new Date(),
    }).returning({ id: reports.id, publicId: reports.publicId });
    await t.database.db.insert(reportFiles).values({ reportId: row!.id, pdf: Buffer.from("%PDF-1.4\n") });
    return row!.publicId;
  };
  const report: ItemSample = { own: await make("demo"), foreign: await make("acme") };
  return { Report: report, ReportFile: report, ReportPrint: report };
}

/** A published page in each company, for every page item route. */
async function pageSamples(t: TestApp, adminSecret: string, acmeSecret: string): Promise<Record<string, ItemSample>> {
  const make = async (secret: string, company: string): Promise<string> => {
    const res = await t.app.inject({ method: "POST", url: "/api/pages", headers: apiHeaders(secret, company), payload: { title: "Sample page" } });
    if (res.statusCode !== 201) throw new Error(`page sample: ${res.statusCode} ${res.body}`);
    const publicId = (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    await t.app.inject({ method: "POST", url: `/api/pages/${publicId}/publication`, headers: apiHeaders(secret, company) });
    return publicId;
  };
  const page: ItemSample = { own: await make(adminSecret, t.demo.companies["demo"]!), foreign: await make(acmeSecret, t.demo.companies["acme"]!) };
  return Object.fromEntries(["Page", "PageDraft", "PagePublish", "PageDuplicate", "PageDefault", "PageExport"].map((rel) => [rel, page]));
}

/** A notice in the messages of the user with `email`; its publicId. */
async function noticeOf(t: TestApp, email: string): Promise<string> {
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [row] = await t.database.db.insert(notices).values({
    publicId: newPublicId(), userId: u!.id, kind: "invite", key: "YOU_ARE_INVITED_TO_COMPANY", params: { name: "Sample" }, link: null, createdAt: new Date(),
  }).returning({ publicId: notices.publicId });
  return row!.publicId;
}

/**
 * Custom fields (issue 12): a company custom property made in each company (company custom
 * properties have no GET to find one), and the values of a device and of an asset.
 */
async function customFieldSamples(t: TestApp, agent: ItemSample, asset: ItemSample, adminSecret: string, acmeSecret: string): Promise<Record<string, ItemSample>> {
  const property = async (secret: string, company: string): Promise<string> => {
    const res = await t.app.inject({
      method: "POST", url: "/api/company-custom-properties", headers: apiHeaders(secret, company),
      payload: { name: "Sample field", type: "text", target: "device" },
    });
    if (res.statusCode !== 201) throw new Error(`custom property sample: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
  };
  const own = await property(adminSecret, t.demo.companies["demo"]!);
  const foreign = await property(acmeSecret, t.demo.companies["acme"]!);
  return { Asset: asset, CompanyCustomProperty: { own, foreign }, AgentCustomFieldValues: agent, AssetCustomFieldValues: asset };
}

/**
 * Users and invites (issue 11): a member made for the sample in each company (so that a fuzzed
 * DELETE removes nobody the suites sign in as), an invite in each company, and an invite to the
 * demo admin (own "my invite") beside one to someone else (foreign).
 */
async function userSamples(t: TestApp, adminSecret: string, acmeSecret: string): Promise<Record<string, ItemSample>> {
  const demo = t.demo.companies["demo"]!;
  const acme = t.demo.companies["acme"]!;
  const member = async (companyPublicId: string): Promise<string> => {
    const email = await addRightlessUser(t.database.db, companyPublicId);
    const [u] = await t.database.db.select({ publicId: users.publicId }).from(users).where(eq(users.email, email));
    return u!.publicId;
  };
  const roleIn = async (company: string): Promise<string> => {
    const [row] = rowsOf<{ public_id: string }>(await t.database.db.execute(sql`select r.public_id from roles r join companies c on c.id = r.company_id where c.public_id = ${company} order by r.id limit 1`));
    return row!.public_id;
  };
  const invite = async (secret: string, company: string, email: string): Promise<string> => {
    const res = await t.app.inject({ method: "POST", url: "/api/invites", headers: apiHeaders(secret, company), payload: { email, role: { publicId: await roleIn(company) } } });
    if (res.statusCode !== 201) throw new Error(`invite sample: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
  };
  const user: ItemSample = { own: await member(demo), foreign: await member(acme) };
  const companyInvite: ItemSample = { own: await invite(adminSecret, demo, "sample-invite@example.com"), foreign: await invite(acmeSecret, acme, "acme-sample-invite@example.com") };
  const myInvite: ItemSample = { own: await invite(acmeSecret, acme, emailOf("admin")), foreign: companyInvite.foreign };
  return { User: user, UserAudience: user, Invite: companyInvite, InviteResend: companyInvite, MyInvite: myInvite, MyInviteAcceptance: myInvite };
}
/** Licences (issue 12): the device's licence routes share the device samples; the extension takes a bundle. */
const licenceSamples = (agent: ItemSample, bundle: ItemSample): Record<string, ItemSample> =>
  ({ AgentLicences: agent, AgentAlarming: agent, AgentLogging: agent, AgentLicenceBundleList: agent, LicenceBundleExtension: bundle });
/** Apps (issue 12): the catalogue is shared, so "foreign" is an app id that does not exist. */
const appSamples = (app: string): Record<string, ItemSample> => ({ AppInstallation: { own: app, foreign: "NoSuchApp000" }, AppConfig: { own: app, foreign: "NoSuchApp000" } });
/** Groups and memberships (issue 11): a group's sub-resources take the group, the per-user list a member. */
const groupSamples = (group: ItemSample, user: ItemSample): Record<string, ItemSample> =>
  ({ Group: group, GroupAgentList: group, GroupCandidateList: group, UserGroupMembershipList: user });
/** The access category samples: the item and its default action share them. */
async function audienceSamples(pair: (url: string) => Promise<ItemSample>): Promise<Record<string, ItemSample>> {
  const audience = await pair("/api/audiences");
  return { Audience: audience, AudienceDefault: audience };
}
/** An MQTT broker client of another company, written directly (disabled: nothing connects). */
async function foreignBroker(db: Db, companyPublicId: string): Promise<string> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, companyPublicId));
  const [row] = await db.insert(mqttBrokers).values({ publicId: newPublicId(), companyId: company!.id, name: "Acme broker", host: "127.0.0.1", port: 1883, enabled: false })
    .returning({ publicId: mqttBrokers.publicId });
  return row!.publicId;
}
/** A trusted device of the user: signs in with an Api-Device-Id and answers the device's publicId. */
async function trustedDevice(app: FastifyInstance, email: string): Promise<string> {
  const deviceId = `suite-browser-${newPublicId()}`;
  const res = await app.inject({
    method: "POST", url: "/api/access-tokens",
    headers: { "api-version": "2", "api-device-id": deviceId, authorization: `Basic ${Buffer.from(`${email}::${DEMO_PASSWORD}`).toString("base64")}` },
    payload: { expiresIn: 3600 },
  });
  const secret = (res.json() as { data: { secretId: string } }).data.secretId;
  const list = await app.inject({ method: "GET", url: "/api/my-trusted-devices", headers: { ...apiHeaders(secret), "api-device-id": deviceId } });
  return (list.json() as { data: Array<{ publicId: string; current: boolean }> }).data.find((d) => d.current)!.publicId;
}

/** A pending request of the demo engineer on an agent of the demo company, addressed to the demo admin. */
async function ownRequest(t: TestApp, agentPublicId: string): Promise<string> {
  const engineer = await signIn(t.app, emailOf("engineer"));
  const start = Math.floor(Date.now() / 60_000) * 60_000 + 60 * 60_000;
  const res = await t.app.inject({
    method: "POST", url: `/api/agents/${agentPublicId}/access-requests`, headers: apiHeaders(engineer.secretId, t.demo.companies["demo"]!),
    payload: {
      allowedApprovers: [{ publicId: t.demo.users["admin"] }], vpn: true, reason: "Suite sample",
      start: new Date(start).toISOString(), end: new Date(start + 30 * 60_000).toISOString(),
    },
  });
  if (res.statusCode !== 201) throw new Error(`own access request: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
}

/**
 * A request in Acme, written directly: Acme's only approver is its admin, so no Acme user can
 * send one through the API (NO_APPROVERS_FOR_THIS_DEVICE).
 */
async function foreignRequest(db: Db, acmePublicId: string): Promise<string> {
  const [company] = await db.select().from(companies).where(eq(companies.publicId, acmePublicId));
  const [agent] = await db.select().from(agents).where(eq(agents.companyId, company!.id));
  const [otto] = await db.select().from(users).where(eq(users.email, emailOf("acmeAdmin")));
  const start = new Date(Date.now() + 60 * 60_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  const [row] = await db.insert(accessRequests).values({
    publicId: newPublicId(), companyId: company!.id, agentId: agent!.id, requesterId: otto!.id, status: "approved",
    requestedStart: start, requestedEnd: end, start, end, reason: "Foreign sample", vpn: true, createdAt: new Date(),
  }).returning({ id: accessRequests.id, publicId: accessRequests.publicId });
  await db.insert(accessRequestApprovers).values({ requestId: row!.id, userId: otto!.id });
  return row!.publicId;
}

/** A live relay session in the company (its first agent with a server, its first member). */
async function liveSession(db: Db, companyPublicId: string): Promise<string> {
  const [company] = await db.select().from(companies).where(eq(companies.publicId, companyPublicId));
  const [server] = await db.select({ id: agentServers.id, agentId: agentServers.agentId }).from(agentServers)
    .innerJoin(agents, eq(agents.id, agentServers.agentId)).where(eq(agents.companyId, company!.id)).limit(1);
  const [member] = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.companyId, company!.id)).limit(1);
  const [row] = await db.insert(tunnelSessions).values({
    publicId: newPublicId(), companyId: company!.id, userId: member!.userId, agentId: server!.agentId, serverId: server!.id, node: "sample", startedAt: new Date(),
  }).returning({ publicId: tunnelSessions.publicId });
  return row!.publicId;
}

/** Rows of a table, for "nothing was written" checks. */
export async function countRows(db: Db, table: "audit_logs" | "group_types" | "asset_types" | "translations" | "terms_acceptances" | "access_tokens" | "access_requests" | "outbox_messages" | "events" | "invites" | "memberships" | "roles" | "audiences" | "custom_properties" | "custom_field_values" | "mqtt_brokers" | "notices" | "terms_of_use_policies" | "privacy_statements" | "menu_items" | "branding_images" | "brandings" | "pages" | "page_versions"
  | "licence_bundles" | "agent_activations" | "agent_bundles" | "agent_trials" | "coupons" | "app_installs" | "companies" | "backup_codes"
  | "platform_servers" | "router_screensavers" | "backend_templates" | "template_shares" | "template_configs" | "message_subscriptions" | "template_logs"
  | "logbook_entries" | "device_documents" | "reports" | "report_files"): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql.raw(`select count(*) as n from ${table}`)));
  return Number(row!.n);
}
