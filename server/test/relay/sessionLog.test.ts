/**
 * The relay's session records written in batches (sessions.ts, SessionLog): nothing is written
 * before the batch, a start and its end in one batch or in two, each with its audit entry and
 * its actor, and an administrator's Disconnect written first keeps its reason.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentServers, agents, auditLogs, companies, tunnelSessions, users } from "../../src/db/schema";
import { markDisconnected, SESSION_AUDIT_TOPIC, SessionLog, type SessionStart } from "../../src/relay/sessions";
import { availableBackends, createTestDatabase, type TestDatabase } from "../testDatabase";

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

describe.each(await availableBackends())("relay session log on %s", (kind) => {
  let t: TestDatabase;
  let start: SessionStart;
  const errors: unknown[] = [];
  let log: SessionLog;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const db = t.database.db;
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, t.demo.companies["demo"]!));
    const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, "engineer@example.com"));
    const [service] = await db.select({ agentId: agents.id, agent: agents.name, serverId: agentServers.id, name: agentServers.name })
      .from(agentServers).innerJoin(agents, eq(agents.id, agentServers.agentId)).where(eq(agents.companyId, company!.id)).limit(1);
    start = {
      companyId: company!.id, userId: user!.id, agentId: service!.agentId, serverId: service!.serverId, node: "test-node", clientAddress: "127.0.0.9",
      names: { user: user!.name, agent: service!.agent, service: service!.name },
    };
    // A delay no test waits for: every write below happens at an explicit flush.
    log = new SessionLog(db, (e) => errors.push(e), 60_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowOf = async (publicId: string) => (await t.database.db.select().from(tunnelSessions).where(eq(tunnelSessions.publicId, publicId)))[0];
  const auditOf = async (publicIds: string[]) => t.database.db.select().from(auditLogs)
    .where(and(eq(auditLogs.topic, SESSION_AUDIT_TOPIC), inArray(auditLogs.target, publicIds)));

  it("writes nothing before the batch, then a start and its end from the same batch with both audit entries", async () => {
    const a = log.started(start, T0);
    const b = log.started({ ...start, clientAddress: null }, T0 + 1000);
    log.ended(a, { reason: "closed", bytesToDevice: 12, bytesFromDevice: 345 }, T0 + 5000);
    expect(await rowOf(a)).toBeUndefined();
    await log.flush();
    expect(await rowOf(a)).toMatchObject({ startedAt: new Date(T0), endedAt: new Date(T0 + 5000), endReason: "closed", bytesToDevice: 12, bytesFromDevice: 345, node: "test-node" });
    expect(await rowOf(b)).toMatchObject({ startedAt: new Date(T0 + 1000), endedAt: null, endReason: null });
    const audit = await auditOf([a, b]);
    const created = audit.find((x) => x.target === a && x.action === "CREATE")!;
    expect(created).toMatchObject({ actorUserId: start.userId, companyId: start.companyId, clientAddress: "127.0.0.9", createdAt: new Date(T0) });
    expect(created.after).toEqual({ user: start.names.user, device: start.names.agent, service: start.names.service, start: new Date(T0).toISOString() });
    const ended = audit.find((x) => x.target === a && x.action === "UPDATE")!;
    expect(ended).toMatchObject({ actorUserId: start.userId, companyId: start.companyId, clientAddress: null, createdAt: new Date(T0 + 5000) });
    expect(ended.after).toEqual({ end: new Date(T0 + 5000).toISOString(), reason: "closed", bytesToDevice: 12, bytesFromDevice: 345 });
    expect(audit.filter((x) => x.target === b).map((x) => x.action)).toEqual(["CREATE"]);

    // b ends in a later batch.
    log.ended(b, { reason: "revoked", bytesToDevice: 1, bytesFromDevice: 2 }, T0 + 9000);
    await log.flush();
    expect(await rowOf(b)).toMatchObject({ endedAt: new Date(T0 + 9000), endReason: "revoked", bytesToDevice: 1, bytesFromDevice: 2 });
    expect((await auditOf([b])).map((x) => x.action).sort()).toEqual(["CREATE", "UPDATE"]);
    expect(errors).toEqual([]);
  });

  it("keeps an administrator's Disconnect written before the stream's own end", async () => {
    const c = log.started(start, T0);
    await log.flush();
    expect(await markDisconnected(t.database.db, (await rowOf(c))!.id, T0 + 2000)).toBe(true);
    log.ended(c, { reason: "reset", bytesToDevice: 7, bytesFromDevice: 8 }, T0 + 3000);
    await log.flush();
    expect(await rowOf(c)).toMatchObject({ endedAt: new Date(T0 + 2000), endReason: "disconnected", bytesToDevice: 7, bytesFromDevice: 8 });
    expect((await auditOf([c])).find((x) => x.action === "UPDATE")!.after).toMatchObject({ reason: "disconnected", end: new Date(T0 + 2000).toISOString() });
  });

  it("writes by itself after its delay, and a batch that fails is reported, not thrown", async () => {
    const quick = new SessionLog(t.database.db, (e) => errors.push(e), 20);
    const d = quick.started(start, T0);
    for (let i = 0; i < 100 && !(await rowOf(d)); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await rowOf(d)).toBeDefined();
    // A user that does not exist: the foreign key refuses the batch.
    quick.started({ ...start, userId: 2_000_000_000 }, T0);
    await quick.flush();
    expect(errors).toHaveLength(1);
    errors.length = 0;
  });
});
