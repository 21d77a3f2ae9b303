/**
 * The mail form component (issue 13) over HTTP on PGlite with a real in-process SMTP server
 * (smtp-server): the message reaches exactly the recipients configured on the page's component
 * (whatever the request says), names the device and the sender; a draft form only for those who
 * manage pages; no recipients 409; an unknown component 400; 5 mails per user per 10 minutes,
 * then 429 with Retry-After.
 */
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAIL_FORM_PER_USER } from "@portal/core/rules/mailForm";
import { buildApp } from "../src/buildApp";
import { apiHeaders, createTestDatabase, signInAs, type TestDatabase } from "./testDatabase";

interface Received { to: string[]; raw: string }

async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS", "AUTH"], logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("mail form", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let demo: string;
  let admin: string;
  let engineer: string;
  let approver: string;
  let line1: string;
  let page: string;
  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    smtp = await startSmtp();
    app = await buildApp({ database: t.database, webDist: null, mail: { smtpUrl: smtp.url, origin: "https://portal.test", from: "portal@portal.test" } });
    demo = t.demo.companies["demo"]!;
    admin = await signInAs(app, "admin@example.com");
    engineer = await signInAs(app, "engineer@example.com");
    approver = await signInAs(app, "approver@example.com");
    const agents = (await app.inject({ method: "GET", url: "/api/agents?page-size=100", headers: apiHeaders(admin, demo) })).json() as { data: Array<{ name: string; publicId: string }> };
    line1 = agents.data.find((a) => a.name === "Line 1 Router")!.publicId;
    // A dashboard with two mail forms: one with recipients, one without; published.
    const created = await app.inject({ method: "POST", url: "/api/pages", headers: apiHeaders(admin, demo), payload: { title: "Service desk" } });
    page = (created.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    const draft = (await app.inject({ method: "GET", url: `/api/pages/${page}`, headers: apiHeaders(admin, demo) })).json() as { data: { draft: Record<string, unknown> } };
    const form = (id: string, recipients: string) => ({ id, kind: "mail-form", x: 0, y: 0, w: 4, h: 5, config: { title: "Contact service", recipients, subject: "Service request" } });
    const patched = await app.inject({
      method: "PATCH", url: `/api/pages/${page}`, headers: apiHeaders(admin, demo),
      payload: { draft: { ...draft.data.draft, components: [form("f1", "Service@Example.com; desk@example.com, service@example.com"), form("f2", "")] } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await app.inject({ method: "POST", url: `/api/pages/${page}/publication`, headers: apiHeaders(admin, demo) })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await t?.close();
  });

  const send = (secret: string, body: Record<string, unknown>) =>
    app.inject({ method: "POST", url: `/api/agents/${line1}/mail-form-messages`, headers: apiHeaders(secret, demo), payload: { page, component: "f1", message: "The pump is noisy.", ...body } });

  it("mails the configured recipients (not the request's), naming the device and the sender", async () => {
    const res = await send(engineer, { subject: "Noisy pump\r\nBcc: victim@example.com", recipients: ["attacker@example.com"] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ data: { recipients: 2 } });
    await vi.waitFor(() => expect(smtp.received.length).toBe(2), { timeout: 15_000, interval: 200 });
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(["desk@example.com", "service@example.com"]);
    // The body is quoted-printable: undo its soft line breaks before reading it.
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, "");
    expect(raw).toContain("Subject: [Line 1 Router] Noisy pump Bcc: victim@example.com");
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toContain("Emil Engineer <engineer@example.com>");
    expect(raw).toContain("The pump is noisy.");
    expect(raw).toContain(`https://portal.test/devices/${line1}`);
  });

  it("refuses a form without recipients (409), an unknown component (400), a draft for a non-editor (403), a blank message (400)", async () => {
    expect((await send(approver, { component: "f2" })).statusCode).toBe(409);
    const unknown = await send(approver, { component: "nope" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ data: [{ message: "MAIL_FORM_NOT_FOUND", propertyName: "component" }] });
    expect((await send(approver, { version: "draft" })).statusCode).toBe(403);
    expect((await send(approver, { message: "   " })).statusCode).toBe(400);
  });

  it(`lets one user send ${MAIL_FORM_PER_USER.maxAttempts} per window, then answers 429 with Retry-After`, async () => {
    // The admin has sent nothing yet; every attempt counts.
    for (let i = 0; i < MAIL_FORM_PER_USER.maxAttempts; i++) expect((await send(admin, { version: "draft" })).statusCode).toBe(201);
    const refused = await send(admin, {});
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ data: [{ message: "You have sent too many messages. Try again in 10 minutes." }] });
    // Another user is not limited by it.
    expect((await send(engineer, {})).statusCode).toBe(201);
  });
});
