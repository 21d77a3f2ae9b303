/**
 * What users hear of access requests: the "access-request" event on the SSE stream of the
 * requester and of the approvers (not of others), and the mails, sent through a real in-process
 * SMTP server (smtp-server) by the outbox worker, or kept in the outbox without SMTP and read by
 * an administrator at GET /api/outbox-messages.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/buildApp";
import { outboxMessages } from "../src/db/schema";
import { openStream } from "./sseClient";
import { apiHeaders, featureBackends, createTestDatabase, signInAs, type TestDatabase } from "./testDatabase";

interface Received { from: string; to: string[]; raw: string }

/** An SMTP server on a free port that keeps what arrives; `refuse` addresses are refused at RCPT TO. */
async function startSmtp(refuse: ReadonlyArray<string> = []) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS", "AUTH"], logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuse.includes(address.address) ? Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const MIN = 60_000;

describe.each(await featureBackends())("access request notices on %s", (kind) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let demo: string;
  let line1: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startSmtp(["viewer@example.com"]);
    app = await buildApp({ database: t.database, webDist: null, mail: { smtpUrl: smtp.url, origin: "https://portal.test", from: "portal@portal.test" } });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
    demo = t.demo.companies["demo"]!;
    const secret = await signInAs(app, "engineer@example.com");
    const list = (await app.inject({ method: "GET", url: "/api/agents?page-size=100", headers: apiHeaders(secret, demo) })).json() as { data: Array<{ name: string; publicId: string }> };
    line1 = list.data.find((a) => a.name === "Line 1 Router")!.publicId;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await t?.close();
  });

  const send = async (secret: string, minutesAhead: number) => {
    const start = Math.floor(Date.now() / MIN) * MIN + minutesAhead * MIN;
    const res = await app.inject({
      method: "POST", url: `/api/agents/${line1}/access-requests`, headers: apiHeaders(secret, demo),
      payload: {
        allowedApprovers: [{ publicId: t.demo.users["approver"] }, { publicId: t.demo.users["shiftLead"] }], vpn: true,
        reason: "Check the PLC", start: new Date(start).toISOString(), end: new Date(start + 30 * MIN).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
  };

  it("streams the event to the requester and the device's approvers, not to others", async () => {
    const [engineer, approver, shiftLead, translator] = await Promise.all(
      ["engineer", "approver", "shift-lead", "translator"].map((u) => signInAs(app, `${u}@example.com`)));
    // Each stream starts after the newest event as of its request (eventRoutes): no pause needed.
    const streams = await Promise.all([engineer, approver, shiftLead, translator].map((s) => openStream(base, s!)));
    const id = await send(engineer!, 60);
    for (const s of streams.slice(0, 3)) {
      const [e] = await s.waitFor(1);
      expect(e).toMatchObject({ event: "access-request", data: { change: "created", actor: { name: "Emil Engineer" }, request: { request: { publicId: id, status: "pending" } } } });
    }
    const decided = await app.inject({ method: "POST", url: `/api/access-requests/${id}/rejection`, headers: apiHeaders(approver!, demo), payload: { comment: "Later" } });
    expect(decided.statusCode).toBe(200);
    const [, second] = await streams[0]!.waitFor(2);
    expect(second).toMatchObject({ event: "access-request", data: { change: "rejected", actor: { name: "Anna Approver" }, request: { request: { comment: "Later" } } } });
    await new Promise((r) => setTimeout(r, 200));
    expect(streams[3]!.events).toEqual([]);
    for (const s of streams) s.close();
  });

  it("mails each addressed approver a link to the request, and the requester the decision, through SMTP", async () => {
    const engineer = await signInAs(app, "engineer@example.com");
    const before = smtp.received.length;
    const id = await send(engineer, 120);
    // The worker's own poll may have sent them already, or be sending them (claimed, in flight:
    // runOnce then finds nothing to claim); runOnce sends whatever is still queued.
    await app.portal.mailWorker!.runOnce();
    const notices = await vi.waitFor(() => {
      const found = smtp.received.slice(before).filter((m) => m.raw.includes(id));
      expect(found.flatMap((m) => m.to).sort()).toEqual(["approver@example.com", "shift-lead@example.com"]);
      return found;
    }, { timeout: 10_000, interval: 50 });
    expect(notices[0]!.from).toBe("portal@portal.test");
    expect(notices[0]!.raw.replace(/=\r?\n/g, "")).toContain(`https://portal.test/access-requests/${id}`);
    const approver = await signInAs(app, "approver@example.com");
    expect((await app.inject({ method: "POST", url: `/api/access-requests/${id}/approval`, headers: apiHeaders(approver, demo) })).statusCode).toBe(200);
    await app.portal.mailWorker!.runOnce();
    await vi.waitFor(() => {
      const decision = smtp.received.slice(before).find((m) => m.to.includes("engineer@example.com") && m.raw.includes(id));
      expect(decision?.raw).toMatch(/Subject: Access request approved: Line 1 Router/);
    }, { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => {
      const rows = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, "shift-lead@example.com"));
      expect(rows.every((r) => r.status === "sent" && r.sentAt !== null && r.attempts === 1)).toBe(true);
    }, { timeout: 10_000, interval: 50 });
  });

  it("keeps a refused mail queued with its error, to be retried later", async () => {
    // A fresh id per attempt: vitest's retry of this test inserts again.
    const [row] = await t.database.db.insert(outboxMessages).values({
      publicId: `refused${Math.random().toString(36).slice(2, 8)}`, companyId: null, to: "viewer@example.com", subject: "Hello", text: "Refused", createdAt: new Date(),
    }).returning();
    // runOnce joins a pass already under way (the worker's own timer), which may have claimed before
    // this row was in (failed once in CI that way): run until this row has been tried, three passes at most.
    let after: typeof outboxMessages.$inferSelect | undefined;
    for (let pass = 0; pass < 3 && after?.attempts !== 1; pass++) {
      await app.portal.mailWorker!.runOnce();
      [after] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
    }
    expect(after).toMatchObject({ status: "queued", attempts: 1, sentAt: null });
    expect(after!.error).toMatch(/550|Mailbox unavailable/);
    // Not claimable again before its retry delay.
    expect(await app.portal.mailWorker!.runOnce()).toBe(0);
  });
});

describe("outbox without SMTP", () => {
  it("keeps the mails for an administrator to read at GET /api/outbox-messages", async () => {
    const t = await createTestDatabase("pglite");
    const app = await buildApp({ database: t.database, webDist: null, mail: { smtpUrl: undefined, origin: "https://portal.test" } });
    try {
      const demo = t.demo.companies["demo"]!;
      const engineer = await signInAs(app, "engineer@example.com");
      const agents = (await app.inject({ method: "GET", url: "/api/agents?search=warehouse", headers: apiHeaders(engineer, demo) })).json() as { data: Array<{ publicId: string }> };
      const start = Math.floor(Date.now() / MIN) * MIN + 30 * MIN;
      const created = await app.inject({
        method: "POST", url: `/api/agents/${agents.data[0]!.publicId}/access-requests`, headers: apiHeaders(engineer, demo),
        payload: { allowedApprovers: [{ publicId: t.demo.users["admin"] }], vpn: true, reason: "Stock count", start: new Date(start).toISOString(), end: new Date(start + 30 * MIN).toISOString() },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(app.portal.mailWorker).toBeUndefined();
      const admin = await signInAs(app, "admin@example.com");
      const outbox = (await app.inject({ method: "GET", url: "/api/outbox-messages", headers: apiHeaders(admin, demo) })).json() as { data: Array<{ to: string; status: string; text: string }> };
      expect(outbox.data).toHaveLength(1);
      expect(outbox.data[0]).toMatchObject({ to: "admin@example.com", status: "kept" });
      expect(outbox.data[0]!.text).toContain("https://portal.test/access-requests/");
      const acme = await signInAs(app, "acme-admin@example.com");
      const foreign = (await app.inject({ method: "GET", url: "/api/outbox-messages", headers: apiHeaders(acme, t.demo.companies["acme"]!) })).json() as { data: unknown[] };
      expect(foreign.data).toEqual([]);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
