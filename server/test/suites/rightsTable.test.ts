/**
 * The rights and isolation table, walked from core's ROUTES: every (route, method) that needs a
 * right answers 403 with the error envelope to every demo user lacking it (and to a member with
 * no rights at all) and writes nothing; every item route answers 404 for another company's
 * (user's, sector's) publicId; every company route answers 404 for a company the caller is not
 * a member of. On PGlite, and on PostgreSQL when it answers.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData } from "@portal/fixtures/demo/demoData";
import { expandHref, type RouteSpec } from "@portal/core/wire/routes";
import { apiHeaders, crossCuttingBackends, createTestApp, type TestApp } from "../testDatabase";
import {
  ROUTE_METHODS, STREAMING_RELS, addRightlessUser, countRows, demoRights, emailOf, expectErrorEnvelope, isItemRoute,
  itemRouteOf, itemSamples, label, signIn, type ItemSample, type RouteMethod,
} from "./suiteHelpers";

const demoMembers = Object.keys(demoData.companies.find((c) => c.key === "demo")!.members);
const NO_RIGHTS = "no-rights";

/** Demo users (and the rightless member) lacking every right the method accepts. */
const lackingUsers = (m: RouteMethod): string[] =>
  [...demoMembers.filter((u) => !m.needed.some((r) => demoRights(u, "demo").has(r))), NO_RIGHTS];

const withRights = ROUTE_METHODS.filter((m) => m.needed.length > 0);
const itemMethods = ROUTE_METHODS.filter((m) => isItemRoute(m.route));
const companyMethods = ROUTE_METHODS.filter((m) => m.route.company && !STREAMING_RELS.has(m.route.rel));
const bulkForeign = ROUTE_METHODS.filter((m) => !isItemRoute(m.route) && (m.method === "PATCH" || m.method === "DELETE") && itemRouteOf(m.route));

describe.each(await crossCuttingBackends())("rights and isolation table on %s", (kind) => {
  let t: TestApp;
  let samples: Record<string, ItemSample>;
  const secrets = new Map<string, string>();
  let demo: string;
  let acme: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
    samples = await itemSamples(t);
    for (const u of demoMembers) secrets.set(u, (await signIn(t.app, emailOf(u))).secretId);
    secrets.set(NO_RIGHTS, (await signIn(t.app, await addRightlessUser(t.database.db, demo))).secretId);
  });
  afterAll(async () => { await t?.close(); });
  // The query a route cannot answer without (the data point of a series, log or state analysis).
  const REQUIRED_QUERY: Readonly<Record<string, string>> = {
    AgentDataPointSeries: "?name=temperature", AgentDataPointLog: "?name=temperature", AgentDataPointStates: "?name=temperature",
  };

  const sampleOf = (route: RouteSpec): ItemSample => {
    const s = samples[route.rel];
    if (!s) throw new Error(`No isolation sample for item route ${route.rel}: add one to itemSamples (suiteHelpers.ts)`);
    return s;
  };
  const urlOf = (route: RouteSpec, which: "own" | "foreign"): string =>
    (isItemRoute(route) ? expandHref(route.href, { publicId: sampleOf(route)[which] }) : route.href) + (REQUIRED_QUERY[route.rel] ?? "");
  const call = (m: RouteMethod, url: string, secret: string, company: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: m.method, url, headers: apiHeaders(secret, company),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  // A PUT replaces a whole list (UserGroupMembershipList) or a device's values; an item route's DELETE takes a body only
  // when it removes a list under the item (GroupAgentList).
  // The custom field values of a device or asset (issue 12) are replaced by an object of values.
  // The print call of a report (issue 13) takes a render credential; any one is refused for another company's report.
  const bodyFor = (m: RouteMethod): unknown => (m.route.rel === "ReportPrint" ? { credential: "not-a-render-credential" } : m.method === "GET" ? undefined
    : m.method === "PUT" ? (m.route.rel.endsWith("CustomFieldValues") ? { values: {} } : m.route.rel === "DataPointWatch" ? { agents: [] } : [])
    : m.method === "DELETE" && isItemRoute(m.route) && !m.route.methods.DELETE?.payload ? undefined : {});
  // Sequential on purpose: parallel queries open more pool clients, and pg-pool's end() resolves
  // before they have finished closing, so the helper's forced drop of the database races them.
  const writes = async () => {
    const counts: number[] = [];
    for (const n of ["audit_logs", "group_types", "asset_types", "translations", "terms_acceptances", "access_requests", "outbox_messages", "events", "invites", "memberships", "roles", "audiences", "custom_properties", "custom_field_values", "mqtt_brokers", "notices", "terms_of_use_policies", "privacy_statements", "menu_items", "branding_images", "brandings", "pages", "page_versions", "licence_bundles", "agent_activations", "agent_bundles", "agent_trials", "coupons", "app_installs", "backup_codes", "platform_servers", "router_screensavers", "backend_templates", "template_shares", "template_configs", "message_subscriptions", "template_logs", "logbook_entries", "device_documents", "reports", "report_files"] as const) counts.push(await countRows(t.database.db, n));
    return counts;
  };

  it("covers every route with a right, every item route and every company route of the table", () => {
    expect(withRights.length).toBeGreaterThan(0);
    for (const m of itemMethods) expect(samples[m.route.rel], `isolation sample for ${m.route.rel}`).toBeDefined();
    for (const m of withRights) expect(lackingUsers(m).length).toBeGreaterThan(0);
  });

  it.each(withRights.map((m) => [label(m), m] as const))("%s: 403 for every user lacking its right, nothing written", async (_, m) => {
    const before = await writes();
    for (const user of lackingUsers(m)) {
      const res = await call(m, urlOf(m.route, "own"), secrets.get(user)!, demo, bodyFor(m));
      expect(res.statusCode, `${label(m)} as ${user}: ${res.body}`).toBe(403);
      expectErrorEnvelope(res, `${label(m)} as ${user}`);
    }
    expect(await writes()).toEqual(before);
  });

  it.each(itemMethods.map((m) => [label(m), m] as const))("%s: 404 for another company's publicId, nothing written", async (_, m) => {
    const admin = secrets.get("admin")!;
    const before = await writes();
    const payload = m.method === "PATCH" ? { name: "Taken over", key: "TAKEN_OVER", languages: { en: "x" }, audience: null } : bodyFor(m);
    const res = await call(m, urlOf(m.route, "foreign"), admin, demo, payload);
    expect(res.statusCode, `${label(m)}: ${res.body}`).toBe(404);
    expectErrorEnvelope(res, label(m));
    expect(await writes()).toEqual(before);
    if (m.method === "GET") {
      // Control: the same call on the caller's own item answers, so the 404 is the isolation.
      const own = await call(m, urlOf(m.route, "own"), admin, demo);
      expect(own.statusCode, own.body).toBe(200);
    }
  });

  // Administrator-only tools (issue 12): a flag of the user, not a company right. Every demo user
  // but the platform administrator (the demo admin) gets 403, company administrators included.
  const platformOnly = ROUTE_METHODS.filter((m) => m.route.methods[m.method]?.platformAdmin === true);
  it("has administrator-only tools, and the demo admin is the only platform administrator", () => {
    expect(platformOnly.length).toBeGreaterThanOrEqual(5);
  });
  it.each(platformOnly.map((m) => [label(m), m] as const))("%s: 403 for every user who is not a platform administrator, nothing written", async (_, m) => {
    const acmeAdmin = (await signIn(t.app, emailOf("acmeAdmin"))).secretId;
    const before = await writes();
    for (const [user, secret] of [...[...secrets].filter(([u]) => u !== "admin"), ["acmeAdmin", acmeAdmin] as const]) {
      const res = await call(m, m.route.href, secret, acme, m.method === "GET" ? undefined : {});
      expect(res.statusCode, `${label(m)} as ${user}: ${res.body}`).toBe(403);
      expectErrorEnvelope(res, `${label(m)} as ${user}`);
    }
    expect(await writes()).toEqual(before);
    if (m.method === "GET") expect((await call(m, m.route.href, secrets.get("admin")!, demo)).statusCode).toBe(200);
  });

  it("leaves another user's access token working after the 404 on deleting it", async () => {
    const acmeToken = await signIn(t.app, emailOf("acmeAdmin"));
    const res = await t.app.inject({ method: "DELETE", url: `/api/access-tokens/${acmeToken.publicId}`, headers: apiHeaders(secrets.get("admin")!) });
    expect(res.statusCode).toBe(404);
    const still = await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(acmeToken.secretId) });
    expect(still.statusCode).toBe(200);
  });

  it.each(companyMethods.map((m) => [label(m), m] as const))("%s: 404 with Api-Company of a company the caller is not in", async (_, m) => {
    const before = await writes();
    const res = await call(m, urlOf(m.route, "foreign"), secrets.get("admin")!, acme, bodyFor(m));
    expect(res.statusCode, `${label(m)}: ${res.body}`).toBe(404);
    expectErrorEnvelope(res, label(m));
    expect(await writes()).toEqual(before);
  });

  it.each(bulkForeign.map((m) => [label(m), m] as const))("%s: 404 naming the listIndex of another company's item in a bulk body", async (_, m) => {
    const item = sampleOf(itemRouteOf(m.route)!);
    const before = await writes();
    const body = m.method === "PATCH" ? [{ publicId: item.own }, { publicId: item.foreign }] : [{ publicId: item.foreign }];
    const res = await call(m, m.route.href, secrets.get("admin")!, demo, body);
    expect(res.statusCode, res.body).toBe(404);
    expectErrorEnvelope(res, label(m));
    expect((res.json() as { data: Array<{ listIndex?: number }> }).data[0]!.listIndex).toBe(body.length - 1);
    expect(await writes()).toEqual(before);
  });
});
