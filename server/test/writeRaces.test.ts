/**
 * Writes that read, decide, then write, against a change that commits in between (PostgreSQL: a
 * second connection holds the other change's transaction open across the request, as a
 * concurrent request or a second server process would). Each case failed before its fix:
 * - custom field values checked against a property whose type was being changed were stored
 *   under the new type ("abc" as a number);
 * - a subscription to a shared template written beside the share's revocation outlived it;
 * - two-factor verification enabled the factor with a secret that a new enrolment had replaced.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { totpCode } from "../src/auth/totp";
import { customFieldValues, messageSubscriptions, users } from "../src/db/schema";
import { apiHeaders, availableBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const postgres = (await availableBackends()).includes("postgres");
type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

describe.runIf(postgres)("writes across a concurrent change on postgres", () => {
  let t: TestApp;
  let other: pg.Client;
  let admin: string;
  let acmeAdmin: string;
  let demo: string;
  let acme: string;
  beforeAll(async () => {
    t = await createTestApp("postgres");
    other = new pg.Client({ connectionString: t.url! });
    await other.connect();
    admin = await signInAs(t.app, "admin@example.com");
    acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  const call = (method: Method, url: string, payload?: unknown, secret = admin, company = demo) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, company), ...(payload === undefined ? {} : { payload: payload as object }) });
  /** Runs `statements` in a transaction on the other connection, sends `request` meanwhile, and commits 400 ms later. */
  const across = async (statements: Array<[string, unknown[]?]>, request: () => Promise<LightMyRequestResponse>) => {
    await other.query("begin");
    try {
      for (const [text, values] of statements) await other.query(text, values);
      const pending = request();
      await new Promise((r) => setTimeout(r, 400));
      await other.query("commit");
      return await pending;
    } catch (e) {
      await other.query("rollback").catch(() => undefined);
      throw e;
    }
  };

  it("custom field values are checked against the property as it is when they are written", async () => {
    const made = await call("POST", "/api/company-custom-properties", { name: "Race note", type: "text", target: "device" });
    expect(made.statusCode, made.body).toBe(201);
    const property = (made.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    const device = ((await call("GET", "/api/agents?page-size=1")).json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    // The property's change as PATCH makes it while the property has no values: company locked, type set.
    const [company] = (await other.query("select id from companies where public_id = $1", [demo])).rows as Array<{ id: number }>;
    const res = await across([
      ["select id from companies where id = $1 for update", [company!.id]],
      ["update custom_properties set type = 'number' where public_id = $1", [property]],
    ], () => call("PUT", `/api/agents/${device}/custom-field-values`, { values: { [property]: "abc" } }));
    expect(res.statusCode, res.body).toBe(400);
    const stored = await t.database.db.select().from(customFieldValues).where(eq(customFieldValues.value, "abc"));
    expect(stored).toEqual([]);
  });

  it("a subscription to a shared template does not outlive the share's revocation", async () => {
    const made = await call("POST", "/api/backend-templates", { name: "Race watch", description: "" });
    expect(made.statusCode, made.body).toBe(201);
    const template = (made.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    const shared = await call("POST", "/api/template-shares", { template: { publicId: template }, company: { publicId: acme } });
    expect(shared.statusCode, shared.body).toBe(201);
    const share = (shared.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    // The revocation as DELETE /api/template-shares/{id} writes it: the company's subscriptions, then the share.
    const res = await across([
      ["select id from template_shares where public_id = $1 for update", [share]],
      ["delete from message_subscriptions where template_id = (select template_id from template_shares where public_id = $1)", [share]],
      ["delete from template_shares where public_id = $1", [share]],
    ], () => call("POST", "/api/message-subscriptions", { template: { publicId: template }, topic: "plant/race/#" }, acmeAdmin, acme));
    expect(res.statusCode, res.body).toBe(404);
    expect(await t.database.db.select().from(messageSubscriptions).where(eq(messageSubscriptions.topic, "plant/race/#"))).toEqual([]);
  });

  it("two-factor verification enables the factor only with the secret its code was checked against", async () => {
    const engineer = await signInAs(t.app, "engineer@example.com");
    const enrol = await call("POST", "/api/my-user/two-factor", {}, engineer);
    expect(enrol.statusCode, enrol.body).toBe(201);
    const first = (enrol.json() as { data: { secret: string } }).data.secret;
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "engineer@example.com"));
    // Another tab starts the enrolment again: a new secret, which the user's app does not have.
    const res = await across([
      ["update users set totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' where id = $1", [user!.id]],
    ], () => call("POST", "/api/my-user/two-factor/verification", { otp: totpCode(first, Date.now()) }, engineer));
    expect(res.statusCode, res.body).toBe(400);
    const [after] = await t.database.db.select({ enabled: users.totpEnabled }).from(users).where(eq(users.id, user!.id));
    expect(after!.enabled).toBe(false);
  });
});
