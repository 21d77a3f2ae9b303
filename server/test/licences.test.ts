/**
 * Licences and apps (issue 12) over HTTP: a device's state, activation by trial, licence and
 * coupon (a coupon redeemed by two parallel calls is used once: one 200, one 409), a second trial
 * refused, bundle seats, deactivation, extension; a trial that runs out on its date with a
 * stepped clock is told once (notice, event, audit entry); apps installed, configured with a
 * configuration that the app's JSON Schema accepts, and refused (400 naming the field) otherwise;
 * and the platform administrator's tools refused (403) to a company administrator.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { agentActivations, auditLogs, coupons, events, notices } from "../src/db/schema";
import { tellEndedActivations } from "../src/licences/activationExpiry";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const DAY = 86_400_000;
interface State { publicId: string; activations: Array<{ feature: string; method: string; expiresOn: string; active: boolean }>; bundles: Array<{ publicId: string }>; trialsUsed: string[] }

describe.each(await featureBackends())("licences and apps on %s", (kind) => {
  const clock = ClockStepped.make(Date.now());
  let t: TestApp;
  let demo: string;
  let admin: string;
  let devices: string[];
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    demo = t.demo.companies["demo"]!;
    admin = await signInAs(t.app, "admin@example.com");
    devices = ((await call("GET", "/api/agents?page-size=100")).json().data as Array<{ publicId: string; name: string }>)
      .sort((a, b) => a.name.localeCompare(b.name)).map((a) => a.publicId);
  });
  afterAll(async () => { await t?.close(); });

  const call = (method: Method, url: string, payload?: unknown, secret = admin, company: string | undefined = demo) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, company), ...(payload === undefined ? {} : { payload: payload as object }) });
  const stateOf = async (device: string): Promise<State> => (await call("GET", `/api/agents/${device}/licences`)).json().data as State;
  const audits = async (topic: string) => Number((await t.database.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.topic, topic)))[0]!.n);

  it("shows the seeded state: a running trial and a licence activation with its bundle", async () => {
    const all = await Promise.all(devices.map(stateOf));
    const trial = all.find((s) => s.activations.some((a) => a.method === "trial"))!;
    expect(trial.trialsUsed).toEqual(["alarming"]);
    expect(all.some((s) => s.activations.some((a) => a.method === "licence") && s.bundles.length === 1)).toBe(true);
    const bundles = (await call("GET", "/api/licence-bundles")).json().data as Array<{ seats: number; seatsUsed: number; licenceType: { features: string[] } }>;
    expect(bundles.map((b) => [b.seats, b.seatsUsed])).toEqual([[5, 2], [2, 0]]);
  });

  it("redeems a coupon once: of two parallel redemptions one wins and one gets 409", async () => {
    const [a, b] = [devices[2]!, devices[3]!];
    const before = await audits("AgentActivation");
    const results = await Promise.all([a, b].map((d) => call("POST", "/api/alarming-activations", { publicId: d, couponCode: " demo-alarm-30 " })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().data[0]).toMatchObject({ message: "COUPON_NOT_VALID", propertyName: "couponCode" });
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, "DEMO-ALARM-30"));
    expect(coupon!.redeemedAt).not.toBeNull();
    expect(await audits("AgentActivation")).toBe(before + 1);
    const winner = results.find((r) => r.statusCode === 200)!.json().data[0] as State;
    const activation = winner.activations.find((x) => x.feature === "alarming")!;
    expect(activation.method).toBe("coupon");
    expect(Date.parse(activation.expiresOn) - clock.current()).toBe(30 * DAY);
  });

  it("refuses a second method, a second trial, a foreign licence and a full bundle", async () => {
    const d = devices[4] ?? devices[0]!;
    expect((await call("POST", "/api/logging-activations", { publicId: d, trial: true, couponCode: "X" })).statusCode).toBe(400);
    expect((await call("POST", "/api/logging-activations", { publicId: d, trial: true })).statusCode).toBe(200);
    await call("DELETE", `/api/agents/${d}/logging`);
    const again = await call("POST", "/api/logging-activations", { publicId: d, trial: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().data[0].message).toBe("TRIAL_ALREADY_USED");
    expect((await call("POST", "/api/logging-activations", { publicId: d, licence: { publicId: "nosuchbundle" } })).statusCode).toBe(404);
    const small = ((await call("GET", "/api/licence-bundles")).json().data as Array<{ publicId: string; seats: number }>).find((b) => b.seats === 2)!;
    const body = devices.slice(0, 3).map((publicId) => ({ publicId, bundle: { publicId: small.publicId } }));
    const full = await call("POST", "/api/agent-bundle-activations", body);
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().data[0]).toMatchObject({ message: "LICENCE_HAS_NO_FREE_SEAT", listIndex: 2 });
    // One transaction: the first two seats were not taken either.
    const after = ((await call("GET", "/api/licence-bundles")).json().data as Array<{ publicId: string; seatsUsed: number }>).find((b) => b.publicId === small.publicId)!;
    expect(after.seatsUsed).toBe(0);
  });

  it("activates and removes bundles on a device, and extends a bundle from its expiry", async () => {
    const small = ((await call("GET", "/api/licence-bundles")).json().data as Array<{ publicId: string; seats: number; expiresOn: string }>).find((b) => b.seats === 2)!;
    const on = await call("POST", "/api/agent-bundle-activations", { publicId: devices[0], bundle: { publicId: small.publicId } });
    expect(on.statusCode, on.body).toBe(200);
    expect((on.json().data[0] as State).bundles.map((b) => b.publicId)).toEqual([small.publicId]);
    const off = await call("DELETE", `/api/agents/${devices[0]}/licence-bundles`, [{ publicId: small.publicId }]);
    expect((off.json().data as State).bundles).toEqual([]);
    const extended = await call("POST", `/api/licence-bundles/${small.publicId}/extend`);
    expect(Date.parse(extended.json().data.expiresOn)).toBe(Date.parse(small.expiresOn) + 365 * DAY);
  });

  it("tells a trial's end on its date, once (notice to licence managers, event, audit)", async () => {
    const trialDevice = (await Promise.all(devices.map(stateOf))).find((s) => s.activations.some((a) => a.method === "trial" && a.feature === "alarming"))!;
    const expiresOn = Date.parse(trialDevice.activations.find((a) => a.method === "trial")!.expiresOn);
    const count0 = await tellEndedActivations({ database: t.database, clock });
    expect(count0).toBe(0);
    clock.set(expiresOn - 1);
    expect(await tellEndedActivations({ database: t.database, clock })).toBe(0);
    clock.set(expiresOn);
    expect(await tellEndedActivations({ database: t.database, clock })).toBe(1);
    expect(await tellEndedActivations({ database: t.database, clock })).toBe(0);
    const told = await t.database.db.select().from(notices).where(eq(notices.key, "LICENCE_FEATURE_ENDED"));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.params).toMatchObject({ method: "trial", feature: "alarming" });
    expect(told[0]!.link).toBe(`/devices/${trialDevice.publicId}`);
    const ev = await t.database.db.select({ n: count() }).from(events).where(eq(events.type, "licence-changed"));
    expect(Number(ev[0]!.n)).toBeGreaterThan(0);
    expect(await audits("AgentActivationEnd")).toBe(1);
    const [row] = await t.database.db.select().from(agentActivations).where(and(eq(agentActivations.method, "trial"), eq(agentActivations.feature, "alarming")));
    expect(row!.endNotifiedAt).not.toBeNull();
    const fresh = await signInAs(t.app, "admin@example.com");
    const state = (await call("GET", `/api/agents/${trialDevice.publicId}/licences`, undefined, fresh)).json().data as State;
    expect(state.activations.find((a) => a.method === "trial")!.active).toBe(false);
    admin = fresh;
  });

  it("installs an app, saves a valid configuration and refuses a bad one naming the field", async () => {
    const appsList = (await call("GET", "/api/apps")).json().data as Array<{ publicId: string; key: string; installed: boolean; configSchema: object }>;
    expect(appsList.length).toBeGreaterThanOrEqual(3);
    expect(appsList.every((a) => typeof a.configSchema === "object")).toBe(true);
    const modbus = appsList.find((a) => a.key === "modbus-poller")!;
    expect(modbus.installed).toBe(false);
    expect((await call("POST", `/api/apps/${modbus.publicId}/install`)).statusCode).toBe(201);
    expect((await call("POST", `/api/apps/${modbus.publicId}/install`)).statusCode).toBe(409);
    expect((await call("GET", `/api/apps/${modbus.publicId}/install`)).json().data).toEqual({ publicId: modbus.publicId, name: "Modbus poller", installed: true });
    const bad = await call("PATCH", `/api/apps/${modbus.publicId}/config`, { data: { host: "plc.local", port: 70000 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: "error", data: [{ propertyName: "data.port", message: "must be <= 65535" }] });
    const missing = await call("PATCH", `/api/apps/${modbus.publicId}/config`, { data: { port: 502 } });
    expect(missing.json().data[0].propertyName).toBe("data.host");
    const before = await audits("AppConfig");
    const ok = await call("PATCH", `/api/apps/${modbus.publicId}/config`, { data: { host: "plc.local", port: 502, unitId: 1, pollSeconds: 5 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.config).toEqual({ host: "plc.local", port: 502, unitId: 1, pollSeconds: 5 });
    expect(await audits("AppConfig")).toBe(before + 1);
    expect((await call("DELETE", `/api/apps/${modbus.publicId}/install`)).json().data.installed).toBe(false);
    expect((await call("PATCH", `/api/apps/${modbus.publicId}/config`, { data: { host: "x", port: 1 } })).statusCode).toBe(409);
  });

  it("lets the platform administrator manage licences, trials, coupons and demo devices, and nobody else", async () => {
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    for (const [m, url] of [["GET", "/api/admin/licence-bundles"], ["GET", "/api/admin/company-trials"], ["POST", "/api/admin/coupons"], ["PATCH", "/api/admin/demo-device-expiries"]] as const) {
      expect((await call(m, url, m === "GET" ? undefined : {}, acmeAdmin, undefined)).statusCode).toBe(403);
    }
    const types = (await call("GET", "/api/licence-types", undefined, admin, undefined)).json().data as Array<{ publicId: string; key: string }>;
    const made = await call("POST", "/api/admin/licence-bundles", {
      company: { publicId: t.demo.companies["acme"] }, licenceType: { publicId: types.find((x) => x.key === "alarming")!.publicId }, seats: 4, expiresOn: "2027-06-30T00:00:00Z",
    }, admin, undefined);
    expect(made.statusCode, made.body).toBe(201);
    const acmeBundles = (await call("GET", "/api/licence-bundles", undefined, acmeAdmin, t.demo.companies["acme"])).json().data as Array<{ seats: number }>;
    expect(acmeBundles.map((b) => b.seats).sort()).toEqual([3, 4]);
    const trial = await call("PATCH", "/api/admin/company-trials", [{ publicId: t.demo.companies["acme"], trialEndsOn: "2027-01-01T00:00:00Z" }], admin, undefined);
    expect(trial.json().data[0].trialEndsOn).toBe("2027-01-01T00:00:00.000Z");
    const coupon = await call("POST", "/api/admin/coupons", { feature: "logging", days: 14 }, admin, undefined);
    expect(coupon.json().data[0].code).toMatch(/^CPN-/);
    const demoDevice = await call("PATCH", "/api/admin/demo-device-expiries", { publicId: devices[0], demoExpiresOn: "2027-02-01T00:00:00Z" }, admin, undefined);
    expect(demoDevice.json().data[0].demoExpiresOn).toBe("2027-02-01T00:00:00.000Z");
    expect((await call("PATCH", "/api/admin/company-trials", { publicId: demo, trialEndsOn: "not a date" }, admin, undefined)).json().data[0].propertyName).toBe("trialEndsOn");
    // Backup codes by the address the user gives support: unknown is a 404, no two-factor a 409 saying so.
    expect((await call("POST", "/api/admin/backup-code-resends", { email: "nobody@example.com" }, admin, undefined)).statusCode).toBe(404);
    const no2fa = await call("POST", "/api/admin/backup-code-resends", { email: " Engineer@Example.com " }, admin, undefined);
    expect(no2fa.statusCode, no2fa.body).toBe(409);
    expect(no2fa.json().data[0].message).toMatch(/no two-factor/);
    // My user says who holds the tools, so the web app shows them to these users only.
    expect((await call("GET", "/api/my-user", undefined, admin, undefined)).json().data.platformAdmin).toBe(true);
    expect((await call("GET", "/api/my-user", undefined, acmeAdmin, undefined)).json().data.platformAdmin).toBe(false);
  });
});
