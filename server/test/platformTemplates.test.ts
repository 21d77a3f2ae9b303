/**
 * Platform servers, router screensavers and backend component templates (issue 13) over HTTP:
 * the company's servers with the type filter and the administrators' tool (CIDR ranges judged by
 * core); screensaver uploads judged by content, resized and served as PNG; templates refused in a
 * company that is not fully provisioned; shares (read-only for the other company), configs (the
 * first is used), subscriptions, and the runners' logs, fed by a real MQTT message when a broker
 * answers on 1883 (skipped, saying so, otherwise) and by the runner's delivery function always.
 */
import { connectAsync } from "mqtt";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { companies } from "../src/db/schema";
import { appendLogs, deliverMessage, logText } from "../src/templates/templateRunner";
import { backendTemplates } from "../src/db/schema";
import { TEMPLATE_LOG_MAX_LINES } from "@portal/core/rules/backendTemplates";
import { answers, LOCAL_BROKER } from "./mosquitto";
import { apiHeaders, createTestApp, signInAs, type TestApp } from "./testDatabase";

const brokerUp = await answers(LOCAL_BROKER.host, LOCAL_BROKER.port);
if (!brokerUp) console.warn(`No MQTT broker answers on ${LOCAL_BROKER.host}:${LOCAL_BROKER.port}: skipped the live message test.`);

describe("platform servers, screensavers and templates", () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  let holding: string;
  let admin: string;
  let acmeAdmin: string;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp("pglite", { mqttClients: brokerUp });
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
    holding = t.demo.companies["holding"]!;
    admin = await signInAs(t.app, "admin@example.com");
    acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    viewer = await signInAs(t.app, "viewer@example.com");
  });
  afterAll(async () => { await t?.close(); });

  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, secret: string, company?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, company), ...(payload === undefined ? {} : { payload: payload as object }) });
  const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
  const firstMessage = (res: { json: () => unknown }) => (res.json() as { data: Array<{ message: string; propertyName?: string }> }).data[0]!;

  describe("platform servers", () => {
    it("lists the company's servers to every member, filtered by type", async () => {
      const all = await call("GET", "/api/my-company/platform-servers?fields=location,name,type,vpnRange&filters=in(type,mdr,rsc)", viewer, demo);
      expect(all.statusCode, all.body).toBe(200);
      const servers = data<Array<{ name: string; type: string; vpnRange: string; location: string }>>(all);
      expect(servers.map((s) => s.type).sort()).toEqual(["mdr", "mdr", "rsc", "rsc"]);
      expect(servers[0]).toEqual(expect.objectContaining({ location: expect.any(String), vpnRange: expect.stringContaining("/") }));
      const rsc = data<Array<{ type: string }>>(await call("GET", "/api/my-company/platform-servers?filters=eq(type,rsc)", viewer, demo));
      expect(rsc.every((s) => s.type === "rsc") && rsc.length === 2).toBe(true);
      // Acme's servers are Acme's.
      const acmeList = data<Array<{ name: string }>>(await call("GET", "/api/my-company/platform-servers", acmeAdmin, acme));
      expect(acmeList.map((s) => s.name)).toEqual(["Acme MDR", "Acme RSC"]);
    });

    it("lets a platform administrator assign and take back servers, judging the VPN range", async () => {
      const bad = await call("POST", "/api/admin/platform-servers", admin, undefined, [
        { company: { publicId: holding }, name: "Ok", location: "Here", type: "rsc", vpnRange: "10.1.0.0/16" },
        { company: { publicId: holding }, name: "Bad", location: "Here", type: "rsc", vpnRange: "10.1.2.0/16" },
      ]);
      expect(bad.statusCode).toBe(400);
      expect(firstMessage(bad)).toEqual({ message: "VPN_RANGE_NOT_NETWORK", propertyName: "vpnRange", listIndex: 1 });
      expect(firstMessage(await call("POST", "/api/admin/platform-servers", admin, undefined, { company: { publicId: holding }, name: "X", location: "Y", type: "vpn", vpnRange: "nope" })).message)
        .toBe("PLATFORM_SERVER_TYPE_INVALID");
      const made = await call("POST", "/api/admin/platform-servers", admin, undefined, { company: { publicId: holding }, name: "Holding RSC", location: "Utrecht", type: "rsc", vpnRange: "10.77.0.0/16" });
      expect(made.statusCode, made.body).toBe(201);
      const id = data<Array<{ publicId: string }>>(made)[0]!.publicId;
      expect(data<Array<{ name: string }>>(await call("GET", "/api/my-company/platform-servers", admin, holding)).map((s) => s.name)).toEqual(["Holding RSC"]);
      const all = data<Array<{ publicId: string; company: { publicId: string } }>>(await call("GET", "/api/admin/platform-servers", admin));
      expect(all.find((s) => s.publicId === id)?.company.publicId).toBe(holding);
      expect((await call("DELETE", "/api/admin/platform-servers", admin, undefined, { publicId: id })).statusCode).toBe(200);
      expect(data<unknown[]>(await call("GET", "/api/my-company/platform-servers", admin, holding))).toEqual([]);
      expect((await call("POST", "/api/admin/platform-servers", acmeAdmin, undefined, { company: { publicId: acme }, name: "N", location: "L", type: "mdr", vpnRange: "10.0.0.0/8" })).statusCode).toBe(403);
    });

    it("lets a platform administrator change a server, judging it as a whole, writing one audit entry", async () => {
      const made = await call("POST", "/api/admin/platform-servers", admin, undefined, { company: { publicId: holding }, name: "Old", location: "Delft", type: "mdr", vpnRange: "10.60.0.0/16" });
      const id = data<Array<{ publicId: string }>>(made)[0]!.publicId;
      const bad = await call("PATCH", "/api/admin/platform-servers", admin, undefined, { publicId: id, vpnRange: "10.60.1.0/16", name: "" });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(data<Array<{ message: string; propertyName: string }>>(bad).map((i) => [i.propertyName, i.message]).sort())
        .toEqual([["name", "REQUIRED"], ["vpnRange", "VPN_RANGE_NOT_NETWORK"]]);
      const unknown = await call("PATCH", "/api/admin/platform-servers", admin, undefined, [{ publicId: id, name: "X" }, { publicId: "zzzzzzzzzzzz", name: "Y" }]);
      expect([unknown.statusCode, firstMessage(unknown)]).toEqual([404, expect.objectContaining({ listIndex: 1 })]);
      const audits = async () => (await t.database.db.execute(sql`select count(*)::int as n from audit_logs where topic = 'PlatformServer'`) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
      const before = await audits();
      const ok = await call("PATCH", "/api/admin/platform-servers", admin, undefined, { publicId: id, name: "Holding MDR", type: "rsc", company: { publicId: acme } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(data<unknown[]>(ok)[0]).toEqual({ publicId: id, name: "Holding MDR", location: "Delft", type: "rsc", vpnRange: "10.60.0.0/16", company: { publicId: acme, name: expect.any(String) } });
      expect(await audits()).toBe(before + 1);
      // It moved to Acme, unchanged where nothing was sent; the failed calls changed nothing.
      expect(data<Array<{ name: string }>>(await call("GET", "/api/my-company/platform-servers", admin, holding))).toEqual([]);
      expect(data<Array<{ name: string }>>(await call("GET", "/api/my-company/platform-servers", acmeAdmin, acme)).map((s) => s.name)).toContain("Holding MDR");
      expect((await call("PATCH", "/api/admin/platform-servers", acmeAdmin, undefined, { publicId: id, name: "Mine" })).statusCode).toBe(403);
      expect((await call("PATCH", "/api/admin/platform-servers", admin, undefined, { publicId: id, company: { publicId: "zzzzzzzzzzzz" } })).statusCode).toBe(404);
      expect((await call("DELETE", "/api/admin/platform-servers", admin, undefined, { publicId: id })).statusCode).toBe(200);
    });
  });

  describe("router screensavers", () => {
    it("stores an upload as a PNG fitted into 1024x600, serves it, lists it and deletes it", async () => {
      const jpeg = await sharp({ create: { width: 2048, height: 1024, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().toBuffer();
      const res = await call("POST", "/api/router-screensavers", admin, demo, { name: "night.jpg", image: `data:image/jpeg;base64,${jpeg.toString("base64")}` });
      expect(res.statusCode, res.body).toBe(201);
      const saver = data<{ publicId: string; width: number; height: number; name: string; bytes: number }>(res);
      expect([saver.width, saver.height, saver.name]).toEqual([1024, 512, "night.jpg"]);
      const image = await call("GET", `/api/router-screensavers/${saver.publicId}`, admin, demo);
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
      expect(image.rawPayload.subarray(0, 4).toString("hex")).toBe("89504e47");
      expect(image.rawPayload.length).toBe(saver.bytes);
      const list = data<Array<{ publicId: string }>>(await call("GET", "/api/router-screensavers", admin, demo));
      expect(list.map((s) => s.publicId)).toContain(saver.publicId);
      // Another company's member cannot read it, even by id.
      expect((await call("GET", `/api/router-screensavers/${saver.publicId}`, acmeAdmin, acme)).statusCode).toBe(404);
      expect((await call("DELETE", `/api/router-screensavers/${saver.publicId}`, admin, demo)).statusCode).toBe(200);
      expect((await call("GET", `/api/router-screensavers/${saver.publicId}`, admin, demo)).statusCode).toBe(404);
    });

    it("judges the content, not the name: a script is 415, more than 1 MiB is 413, a broken image 415", async () => {
      const script = await call("POST", "/api/router-screensavers", admin, demo, { name: "logo.png", image: Buffer.from("<svg onload=alert(1)></svg>").toString("base64") });
      expect([script.statusCode, firstMessage(script).message]).toEqual([415, "IMAGE_TYPE_NOT_ALLOWED"]);
      const big = await call("POST", "/api/router-screensavers", admin, demo, { name: "big.png", image: Buffer.alloc(1024 * 1024 + 10, 1).toString("base64") });
      expect(big.statusCode).toBe(413);
      const broken = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(40, 7)]);
      const bad = await call("POST", "/api/router-screensavers", admin, demo, { name: "broken.png", image: broken.toString("base64") });
      expect([bad.statusCode, firstMessage(bad).message]).toEqual([415, "IMAGE_UNREADABLE"]);
      expect(firstMessage(await call("POST", "/api/router-screensavers", admin, demo, { name: "", image: null })).message).toBe("REQUIRED");
    });
  });

  describe("backend component templates", () => {
    it("refuses a template in a company without an mdr server: 'Your company is not fully provisioned'", async () => {
      const res = await call("POST", "/api/backend-templates", admin, holding, { name: "Nope" });
      expect(res.statusCode).toBe(409);
      expect(firstMessage(res).message).toBe("Your company is not fully provisioned");
    });

    it("creates, shares read-only, configures, subscribes, and keeps one runner log per company", async () => {
      const made = await call("POST", "/api/backend-templates", admin, demo, { name: "Pump watch", description: "Watches pumps" });
      expect(made.statusCode, made.body).toBe(201);
      const id = data<Array<{ publicId: string }>>(made)[0]!.publicId;
      const mine = data<{ runner: string; shared: boolean; company: { publicId: string } }>(await call("GET", `/api/backend-templates/${id}`, admin, demo));
      expect(mine).toEqual(expect.objectContaining({ runner: `runner-${demo.toLowerCase()}-${id.toLowerCase()}`, shared: false, company: expect.objectContaining({ publicId: demo }) }));
      expect(data<Array<{ publicId: string }>>(await call("GET", "/api/backend-templates?filters=eq(name,Pump watch)", admin, demo)).map((x) => x.publicId)).toEqual([id]);

      // Acme does not see it until it is shared.
      expect((await call("GET", `/api/backend-templates/${id}`, acmeAdmin, acme)).statusCode).toBe(404);
      const own = await call("POST", "/api/template-shares", admin, demo, { template: { publicId: id }, company: { publicId: demo } });
      expect([own.statusCode, firstMessage(own).message]).toEqual([400, "SHARE_WITH_OWN_COMPANY"]);
      const share = await call("POST", "/api/template-shares", admin, demo, { template: { publicId: id }, company: { publicId: acme } });
      expect(share.statusCode, share.body).toBe(201);
      const shareId = data<Array<{ publicId: string }>>(share)[0]!.publicId;
      expect((await call("POST", "/api/template-shares", admin, demo, { template: { publicId: id }, company: { publicId: acme } })).statusCode).toBe(409);
      const theirs = data<{ shared: boolean; runner: string }>(await call("GET", `/api/backend-templates/${id}`, acmeAdmin, acme));
      expect(theirs).toEqual(expect.objectContaining({ shared: true, runner: `runner-${acme.toLowerCase()}-${id.toLowerCase()}` }));
      const readOnly = await call("PATCH", `/api/backend-templates/${id}`, acmeAdmin, acme, { name: "Mine now" });
      expect([readOnly.statusCode, firstMessage(readOnly).message]).toEqual([409, "TEMPLATE_READ_ONLY"]);
      expect((await call("DELETE", `/api/backend-templates/${id}`, acmeAdmin, acme)).statusCode).toBe(409);

      // Configs: only objects; the first is the one used; the other company reads it, cannot write.
      const bad = await call("POST", "/api/template-configs", admin, demo, { template: { publicId: id }, config: [1, 2] });
      expect([bad.statusCode, firstMessage(bad)]).toEqual([400, { message: "TEMPLATE_CONFIG_NOT_OBJECT", propertyName: "config" }]);
      const tooBig = await call("POST", "/api/template-configs", admin, demo, { template: { publicId: id }, config: { x: "y".repeat(70_000) } });
      expect(firstMessage(tooBig)).toEqual({ message: "TEMPLATE_CONFIG_TOO_LARGE", propertyName: "config" });
      await call("POST", "/api/template-configs", admin, demo, [{ template: { publicId: id }, config: { limit: 1 } }, { template: { publicId: id }, config: { limit: 2 } }]);
      const configs = data<Array<{ publicId: string; config: { limit: number } }>>(await call("GET", `/api/template-configs?filters=eq(template.publicId,${id})`, acmeAdmin, acme));
      expect(configs.map((c) => c.config.limit)).toEqual([1, 2]);
      expect((await call("PATCH", `/api/template-configs/${configs[0]!.publicId}`, acmeAdmin, acme, { config: { limit: 9 } })).statusCode).toBe(409);
      const patched = await call("PATCH", `/api/template-configs/${configs[0]!.publicId}`, admin, demo, { config: { limit: 5 } });
      expect(data<{ config: unknown }>(patched).config).toEqual({ limit: 5 });

      // Subscriptions: Acme subscribes its own messages to the shared template.
      const badTopic = await call("POST", "/api/message-subscriptions", acmeAdmin, acme, { template: { publicId: id }, topic: "plant/#/x" });
      expect(firstMessage(badTopic)).toEqual({ message: "TOPIC_FILTER_INVALID", propertyName: "topic" });
      const sub = await call("POST", "/api/message-subscriptions", acmeAdmin, acme, { template: { publicId: id }, topic: "acme/+/pressure" });
      expect(sub.statusCode, sub.body).toBe(201);
      const [acmeRow] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, acme));
      expect(await deliverMessage(t.database.db, acmeRow!.id, "acme/p1/pressure", "{\"bar\":7.5}", new Date())).toBe(1);
      expect(await deliverMessage(t.database.db, acmeRow!.id, "acme/p1/temperature", "1", new Date())).toBe(0);

      const acmeLog = await call("GET", `/api/backend-templates/${id}/logs`, acmeAdmin, acme);
      expect(acmeLog.statusCode).toBe(200);
      expect(acmeLog.headers["content-disposition"]).toBe('attachment; filename="cloud-function.log"');
      expect(acmeLog.body).toContain(`[runner-${acme.toLowerCase()}-${id.toLowerCase()}] subscribed to acme/+/pressure`);
      expect(acmeLog.body).toContain('message on acme/p1/pressure: "{\\"bar\\":7.5}"');
      const demoLog = (await call("GET", `/api/backend-templates/${id}/logs`, admin, demo)).body;
      expect(demoLog).toMatch(/deployed on MDR (Amsterdam|Frankfurt) 1/);
      expect(demoLog).toContain("config ");
      expect(demoLog).not.toContain("pressure");

      // Taking the share back takes Acme's subscription and sight of the template with it.
      expect((await call("DELETE", `/api/template-shares/${shareId}`, admin, demo)).statusCode).toBe(200);
      expect((await call("GET", `/api/backend-templates/${id}`, acmeAdmin, acme)).statusCode).toBe(404);
      expect(data<unknown[]>(await call("GET", "/api/message-subscriptions", acmeAdmin, acme))).toEqual([]);
      expect((await call("DELETE", `/api/backend-templates/${id}`, admin, demo)).statusCode).toBe(200);
    });

    it("keeps the newest TEMPLATE_LOG_MAX_LINES lines of a runner, oldest first", async () => {
      const id = data<Array<{ publicId: string }>>(await call("POST", "/api/backend-templates", admin, demo, { name: "Chatty" }))[0]!.publicId;
      const [company] = await t.database.db.select({ id: companies.id, publicId: companies.publicId }).from(companies).where(eq(companies.publicId, demo));
      const [template] = await t.database.db.select({ id: backendTemplates.id, publicId: backendTemplates.publicId }).from(backendTemplates).where(eq(backendTemplates.publicId, id));
      const entries = Array.from({ length: TEMPLATE_LOG_MAX_LINES + 5 }, (_, i) => ({ company: company!, template: template!, event: { kind: "message" as const, topic: "t", payload: `n${i}` } }));
      await appendLogs(t.database.db, new Date(), entries);
      const lines = (await logText(t.database.db, company!.id, template!.id)).trimEnd().split("\n");
      expect(lines.length).toBe(TEMPLATE_LOG_MAX_LINES);
      // The deployment line and n0 to n4 went: 1 + 1005 lines, 1000 kept.
      expect(lines[0]).toContain('"n5"');
      expect(lines.at(-1)).toContain(`"n${TEMPLATE_LOG_MAX_LINES + 4}"`);
    });

    it.skipIf(!brokerUp)("records a real MQTT message of the company's broker in the subscribed template's log", async () => {
      const root = `i13test/${Date.now()}`;
      const broker = await call("POST", "/api/mqtt-brokers", admin, demo, { name: `Runner test ${root}`, host: LOCAL_BROKER.host, port: LOCAL_BROKER.port, topics: [`${root}/#`] });
      expect(broker.statusCode, broker.body).toBe(201);
      const template = data<Array<{ publicId: string }>>(await call("POST", "/api/backend-templates", admin, demo, { name: "Live" }))[0]!.publicId;
      await call("POST", "/api/message-subscriptions", admin, demo, { template: { publicId: template }, topic: `${root}/+/level` });
      // Wait for the manager to connect the new client, then publish.
      for (let i = 0; i < 50; i++) {
        const b = data<Array<{ name: string; status: { state: string } }>>(await call("GET", "/api/mqtt-brokers", admin, demo)).find((x) => x.name.endsWith(root));
        if (b?.status.state === "connected") break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const client = await connectAsync(`mqtt://${LOCAL_BROKER.host}:${LOCAL_BROKER.port}`);
      await client.publishAsync(`${root}/tank1/level`, "42");
      await client.endAsync();
      let log = "";
      for (let i = 0; i < 50 && !log.includes("tank1"); i++) {
        await new Promise((r) => setTimeout(r, 100));
        log = (await call("GET", `/api/backend-templates/${template}/logs`, admin, demo)).body;
      }
      expect(log).toContain(`message on ${root}/tank1/level: "42"`);
    });
  });
});
