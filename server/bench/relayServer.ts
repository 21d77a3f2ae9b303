/**
 * The relay benchmark's server process (started by relayBench.ts over IPC, so the load and the
 * two tunnel ends do not share its event loop): a fresh database of one kind (argv[2]: "pglite" or
 * "postgres", a fresh database on TEST_POSTGRES_URL's server) with the demo data, the real
 * portal app listening (relay included), on a stepped clock the benchmark moves over IPC.
 *
 * Line 2 Router (no approval needed) gets three more services beside its Camera, so one agent
 * link and one client link carry every kind of test service: Camera (sink), Bench echo, Bench
 * source, Bench slow (a slow reader). Line 1 Router (approval needed) keeps its HMI panel, for
 * the revoke runs. Both get an agent credential.
 *
 * Messages (each answered with the same `id`): "memory" (process.memoryUsage after two GCs),
 * "stats" (the relay's live links), "approved-request" (moves the clock an hour, signs the
 * engineer and the approver in again, creates and approves a VPN request on Line 1 and moves the
 * clock into it), "access-check" (ms of each of 100 runs of the relay's per-stream access check,
 * accessToService, for the engineer on Line 2's echo), "stop".
 */
import { and, eq } from "drizzle-orm";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { buildApp } from "../src/buildApp";
import { agentServers, agents, companies, users } from "../src/db/schema";
import { newPublicId } from "../src/ids";
import { accessToService } from "../src/relay/relayStore";
import { apiHeaders, createTestDatabase, signInAs, type BackendKind } from "../test/testDatabase";

/** What the benchmark needs to drive the portal, sent once listening. */
export interface RelayReady {
  readonly type: "ready";
  readonly url: string;
  readonly company: string;
  readonly engineer: string;
  readonly line2: { readonly publicId: string; readonly secret: string; readonly services: Record<"sink" | "echo" | "source" | "slow", string> };
  readonly line1: { readonly publicId: string; readonly secret: string; readonly hmi: string };
}

export type RelayAsk = { id: number } & ({ type: "memory" } | { type: "stats" } | { type: "approved-request" } | { type: "access-check" } | { type: "stop" });

const MIN = 60_000;
const clock = ClockStepped.make(Math.floor(Date.now() / MIN) * MIN);
const kind = (process.argv[2] ?? "pglite") as BackendKind;
const t = await createTestDatabase(kind);
const app = await buildApp({ database: t.database, webDist: null, clock, mail: { smtpUrl: undefined } });
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
app.relay.nodeUrl = url;
const company = t.demo.companies["demo"]!;
const db = t.database.db;

const call = async (method: "GET" | "POST", path: string, token: string, payload?: object) => {
  const res = await app.inject({ method, url: path, headers: apiHeaders(token, company), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: any }).data;
};

const agentNamed = async (name: string) => (await db.select().from(agents).where(and(eq(agents.name, name))))[0]!;
const serverOf = async (agentId: number, name: string) =>
  (await db.select().from(agentServers).where(and(eq(agentServers.agentId, agentId), eq(agentServers.name, name))))[0]!.publicId;

const line2 = await agentNamed("Line 2 Router");
const line1 = await agentNamed("Line 1 Router");
const extra = { echo: "Bench echo", source: "Bench source", slow: "Bench slow" } as const;
for (const name of Object.values(extra)) {
  await db.insert(agentServers).values({ publicId: newPublicId(), agentId: line2.id, name, serviceGroup: null, requireAccessApproval: false });
}
const admin = await signInAs(app, "admin@example.com");
const secretOf = async (publicId: string) => (await call("POST", `/api/agents/${publicId}/credential`, admin)).secret as string;

const ready: RelayReady = {
  type: "ready", url, company,
  engineer: await signInAs(app, "engineer@example.com"),
  line2: {
    publicId: line2.publicId, secret: await secretOf(line2.publicId),
    services: { sink: await serverOf(line2.id, "Camera"), echo: await serverOf(line2.id, extra.echo), source: await serverOf(line2.id, extra.source), slow: await serverOf(line2.id, extra.slow) },
  },
  line1: { publicId: line1.publicId, secret: await secretOf(line1.publicId), hmi: await serverOf(line1.id, "HMI panel") },
};

/** As relay.test.ts's approvedRequest, on this process's clock: a fresh hour, so earlier requests are over. */
async function approvedRequest() {
  clock.advance(60 * MIN);
  const engineer = await signInAs(app, "engineer@example.com");
  const approver = await signInAs(app, "approver@example.com");
  const start = Math.floor(clock.current() / MIN) * MIN + MIN;
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  const [created] = (await call("POST", `/api/agents/${line1.publicId}/access-requests`, engineer, {
    allowedApprovers: [{ publicId: t.demo.users["approver"] }], servers: [], vpn: true, reason: "Bench revoke", start: iso(start), end: iso(start + 30 * MIN),
  })) as Array<{ publicId: string }>;
  await call("POST", `/api/access-requests/${created!.publicId}/approval`, approver, {});
  clock.advance(start - clock.current() + 1000);
  return { requestId: created!.publicId, engineer, approver };
}

/** Times the check the relay runs before opening each stream, alone. */
async function accessCheckMs(): Promise<number[]> {
  const [engineer] = await db.select().from(users).where(eq(users.email, "engineer@example.com"));
  const [demo] = await db.select().from(companies).where(eq(companies.publicId, company));
  const [server] = await db.select().from(agentServers).where(eq(agentServers.publicId, ready.line2.services.echo));
  const owner = { userId: engineer!.id, companyId: demo!.id, agentId: line2.id };
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const began = performance.now();
    await accessToService(db, owner, line2, server!, clock.current());
    times.push(performance.now() - began);
  }
  return times;
}

const gc = (globalThis as { gc?: () => void }).gc;
process.on("message", (ask: RelayAsk) => {
  const answer = async (): Promise<unknown> => {
    switch (ask.type) {
      case "memory":
        gc?.();
        await new Promise((r) => setTimeout(r, 50));
        gc?.();
        return process.memoryUsage();
      case "stats":
        return app.relay.stats;
      case "approved-request":
        return approvedRequest();
      case "access-check":
        return accessCheckMs();
      case "stop":
        await app.close();
        await t.close();
        setImmediate(() => process.exit(0));
        return null;
    }
  };
  answer().then((value) => process.send!({ id: ask.id, value }), (e: unknown) => process.send!({ id: ask.id, error: String(e) }));
});
process.send!(ready);
