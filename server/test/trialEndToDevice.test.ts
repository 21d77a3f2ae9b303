/**
 * A trial that runs out tells the device (issue 12): with a stepped clock, the job's message
 * reaches the agent's live relay link once (however often the job runs, two at once included);
 * the agent's acknowledgement is audited once; an agent offline at the time is told when it links
 * again, and not again once it acknowledged. A licence that ends and another company's device get
 * nothing. The agents are the real multiplexer on real WebSockets.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { Mux } from "@portal/adapters/tunnel/Mux";
import { WebSocket } from "ws";
import { tellEndedActivations } from "../src/licences/activationExpiry";
import { agentActivations, agentMessages, agents, auditLogs } from "../src/db/schema";
import { apiHeaders, createTestApp, signInAs, type TestApp } from "./testDatabase";

interface Message { type: string; key: string; body: { kind: string; feature: string; expiresOn: string } }
interface Device { publicId: string; messages: Message[]; ws: WebSocket; mux: Mux }
const DAY = 86_400_000;

describe("a trial's end told to the device", () => {
  const clock = ClockStepped.make(Date.UTC(2026, 10, 26, 9, 0, 0));
  let t: TestApp;
  let base: string;
  let admin: string;
  let demo: string;
  const secrets = new Map<string, string>();
  let trialAgent: string;
  let licenceAgent: string;
  let acmeAgent: string;
  let trialEnd: number;

  const call = (method: "GET" | "POST", url: string, who: string, company: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: apiHeaders(who, company), ...(payload === undefined ? {} : { payload: payload as object }) });
  const tell = () => tellEndedActivations({ database: t.database, clock });

  /** Links an agent; with `ack`, it acknowledges each message as the real agent does. */
  async function link(publicId: string, ack: boolean): Promise<Device> {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/relay/agent`, { headers: { authorization: `Agent ${publicId}:${secrets.get(publicId)!}` } });
    const messages: Message[] = [];
    return new Promise((resolve, reject) => {
      ws.once("unexpected-response", (_req, res) => reject(new Error(`agent refused: ${res.statusCode}`)));
      ws.once("error", reject);
      const mux: Mux = new Mux(ws, {
        side: "odd",
        onNotice: (v) => {
          const n = v as Message;
          if (n.type === "linked") resolve({ publicId, messages, ws, mux });
          if (n.type === "message") {
            messages.push(n);
            if (ack) mux.notice({ type: "message-ack", key: n.key });
          }
        },
      });
    });
  }
  const unlink = async (d: Device) => {
    d.ws.close();
    await new Promise((r) => d.ws.once("close", r));
    // The relay forgets the link (relay_links row gone) before the agent is taken as offline.
    for (let i = 0; i < 100 && t.app.relay.stats.agents > 0; i++) await sleep(20);
  };
  const until = async (what: string, ok: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 250; i++) {
      if (await ok()) return;
      await sleep(20);
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const owed = async (publicId: string) => {
    const [agent] = await t.database.db.select({ id: agents.id }).from(agents).where(eq(agents.publicId, publicId));
    return t.database.db.select().from(agentMessages).where(eq(agentMessages.agentId, agent!.id));
  };
  const audits = (target: string) => t.database.db.select().from(auditLogs).where(and(eq(auditLogs.topic, "AgentMessage"), eq(auditLogs.target, target)));

  beforeAll(async () => {
    t = await createTestApp("pglite", { clock });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    t.app.relay.nodeUrl = base;
    demo = t.demo.companies["demo"]!;
    const acme = t.demo.companies["acme"]!;
    admin = await signInAs(t.app, "admin@example.com");
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    // The seeded devices: one runs a trial of alarming, one a licence activation of logging.
    const states = await Promise.all(((await call("GET", "/api/agents?page-size=100", admin, demo)).json().data as Array<{ publicId: string }>)
      .map(async (a) => (await call("GET", `/api/agents/${a.publicId}/licences`, admin, demo)).json().data as { publicId: string; activations: Array<{ method: string; expiresOn: string }> }));
    const withTrial = states.find((s) => s.activations.some((a) => a.method === "trial"))!;
    trialAgent = withTrial.publicId;
    trialEnd = Date.parse(withTrial.activations.find((a) => a.method === "trial")!.expiresOn);
    licenceAgent = states.find((s) => s.activations.some((a) => a.method === "licence"))!.publicId;
    acmeAgent = ((await call("GET", "/api/agents?page-size=100", acmeAdmin, acme)).json().data as Array<{ publicId: string }>)[0]!.publicId;
    for (const [agent, who, company] of [[trialAgent, admin, demo], [licenceAgent, admin, demo], [acmeAgent, acmeAdmin, acme]] as const) {
      const cred = await call("POST", `/api/agents/${agent}/credential`, who, company);
      expect(cred.statusCode, cred.body).toBe(201);
      secrets.set(agent, cred.json().data.secret as string);
    }
    // The licence ends a minute before the trial: both are past when the job runs.
    const [licensed] = await t.database.db.select({ id: agents.id }).from(agents).where(eq(agents.publicId, licenceAgent));
    await t.database.db.update(agentActivations).set({ expiresOn: new Date(trialEnd - 60_000) }).where(eq(agentActivations.agentId, licensed!.id));
  });
  afterAll(async () => { await t?.close(); });

  it("reaches the linked agent once, audits its acknowledgement once, and tells no licence and no other company", async () => {
    const device = await link(trialAgent, true);
    const licensed = await link(licenceAgent, true);
    const foreign = await link(acmeAgent, true);
    clock.set(trialEnd - 1);
    expect(await tell()).toBe(1); // the licence only
    clock.set(trialEnd);
    // Two jobs at once and one more later: the trial's end is claimed once.
    const counts = await Promise.all([tell(), tell()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await tell()).toBe(0);
    await until("the message", () => device.messages.length > 0);
    await until("the acknowledgement", async () => (await owed(trialAgent))[0]?.deliveredAt != null);
    // A full recheck of the relay (the 30 s timer's work) sends nothing already sent or acknowledged.
    await (t.app.relay as unknown as { sendOwed(): Promise<void> }).sendOwed();
    await sleep(200);
    expect(device.messages).toHaveLength(1);
    expect(device.messages[0]!.key).toBe(`trial-end:${(await owed(trialAgent))[0]!.dedupeKey.split(":")[1]}:${new Date(trialEnd).toISOString()}`);
    expect(device.messages[0]!.body).toEqual({ kind: "trial-ended", feature: "alarming", expiresOn: new Date(trialEnd).toISOString() });
    expect(licensed.messages).toEqual([]);
    expect(foreign.messages).toEqual([]);
    expect(await owed(licenceAgent)).toEqual([]);
    expect(await owed(acmeAgent)).toEqual([]);
    // A repeated acknowledgement changes nothing: one audit entry, of the demo company, by the system.
    device.mux.notice({ type: "message-ack", key: device.messages[0]!.key });
    // Another agent acknowledging this key (a foreign device guessing it) records nothing either.
    foreign.mux.notice({ type: "message-ack", key: device.messages[0]!.key });
    await sleep(200);
    const entries = await audits(trialAgent);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "TRIGGER", actorUserId: null, after: { kind: "trial-ended", feature: "alarming", deliveredOn: new Date(trialEnd).toISOString() } });
    expect(entries[0]!.companyId).toBe((await t.database.db.select({ c: agents.companyId }).from(agents).where(eq(agents.publicId, trialAgent)))[0]!.c);
    expect(await audits(acmeAgent)).toEqual([]);
    // The trail names the device.
    const trail = await t.app.inject({ method: "GET", url: "/api/audit-logs?filters=eq(topic,AgentMessage)", headers: apiHeaders(await signInAs(t.app, "admin@example.com"), demo) });
    expect(trail.statusCode, trail.body).toBe(200);
    const names = trail.json().data as Array<{ target: string; targetName: string }>;
    expect(names.map((e) => e.target)).toEqual([trialAgent]);
    expect(names[0]!.targetName).toBe((await t.database.db.select({ name: agents.name }).from(agents).where(eq(agents.publicId, trialAgent)))[0]!.name);
    for (const d of [device, licensed, foreign]) await unlink(d);
  });

  it("tells an agent that was offline when it links again, until it acknowledges, and then never again", async () => {
    // A logging trial on the same device, started now, ends while the agent is away.
    admin = await signInAs(t.app, "admin@example.com");
    const started = await call("POST", "/api/logging-activations", admin, demo, { publicId: trialAgent, trial: true });
    expect(started.statusCode, started.body).toBe(200);
    const state = (await call("GET", `/api/agents/${trialAgent}/licences`, admin, demo)).json().data as { activations: Array<{ feature: string; expiresOn: string }> };
    const ends = Date.parse(state.activations.find((a) => a.feature === "logging")!.expiresOn);
    expect(ends).toBeGreaterThan(clock.current());
    clock.set(ends + DAY);
    expect(await tell()).toBe(1);
    const pending = (await owed(trialAgent)).filter((m) => m.deliveredAt === null);
    expect(pending.map((m) => m.body)).toEqual([{ kind: "trial-ended", feature: "logging", expiresOn: new Date(ends).toISOString() }]);
    // Back without acknowledging (a link lost at once): told; back again: told again, same key.
    const first = await link(trialAgent, false);
    await until("the owed message", () => first.messages.length === 1);
    expect(first.messages[0]!.body.feature).toBe("logging");
    await unlink(first);
    const second = await link(trialAgent, true);
    await until("the owed message again", () => second.messages.length === 1);
    expect(second.messages[0]!.key).toBe(first.messages[0]!.key);
    await until("the acknowledgement", async () => (await owed(trialAgent)).every((m) => m.deliveredAt !== null));
    await unlink(second);
    const third = await link(trialAgent, true);
    await sleep(300);
    expect(third.messages).toEqual([]);
    expect((await audits(trialAgent)).map((e) => (e.after as { feature: string }).feature).sort()).toEqual(["alarming", "logging"]);
    await unlink(third);
  });
});
