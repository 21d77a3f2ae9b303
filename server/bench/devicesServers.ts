/**
 * The devices benchmark's server process (started by devicesBench.ts over IPC, so the load
 * generator does not share this event loop): a fresh database of one kind with the demo data plus
 * 10,000 agents in the demo company (one server each, every tenth in group Hall A, every third
 * online), the real portal app listening, and a bare Fastify route that runs the same SQL as the
 * Devices list handler (agentViewQuery: the page of agents with their servers, assets, groups and
 * the caller's requests; then the caller's group roles) with no authentication, rights, rules or
 * envelope.
 *
 * argv[2]: "pglite" | "postgres" (a fresh database on TEST_POSTGRES_URL's server, dropped after).
 */
import Fastify from "fastify";
import { asc, sql } from "drizzle-orm";
import { foldForSearch } from "@portal/core/rules/approvers";
import { buildApp } from "../src/buildApp";
import { rowsOf } from "../src/db/Database";
import { agents, companies, groups, users } from "../src/db/schema";
import { agentViewQuery } from "../src/devices/agentViews";
import { groupGrantsOf } from "../src/devices/deviceAccess";
import { newPublicId } from "../src/ids";
import { createTestDatabase, type BackendKind } from "../test/testDatabase";

export const AGENTS = 10_000;
export const PAGE_SIZE = 50;

export interface DevicesReady {
  readonly type: "ready";
  readonly realUrl: string;
  readonly bareUrl: string;
  /** Headers of the requester (engineer) and of an approver (Anna), in the demo company. */
  readonly requester: Record<string, string>;
  readonly approver: Record<string, string>;
  readonly approverPublicId: string;
  /** publicIds of agents the latency run may request access to (one request each). */
  readonly agentIds: string[];
}

const kind = (process.argv[2] ?? "pglite") as BackendKind;
const t = await createTestDatabase(kind);
const db = t.database.db;
const [demo] = await db.select({ id: companies.id }).from(companies).where(sql`${companies.publicId} = ${t.demo.companies["demo"]!}`);
const [hallA] = await db.select({ id: groups.id }).from(groups).where(sql`${groups.companyId} = ${demo!.id} and ${groups.name} = 'Hall A'`);

// 10,000 agents in statements of 1,000 rows (one JSON parameter each), with a server each.
for (let from = 0; from < AGENTS; from += 1000) {
  const rows = Array.from({ length: 1000 }, (_, k) => {
    const i = from + k;
    const name = `Bénch device ${String(i).padStart(5, "0")}`;
    return { public_id: newPublicId(), name, search_name: foldForSearch(name), vpn_address: i % 3 === 0 ? `10.20.${i >> 8}.${i & 255}` : null };
  });
  await db.execute(sql`
    with a as (
      insert into agents (public_id, company_id, name, search_name, vpn_address, rsc_server_name, rsc_server_public_id)
      select x.public_id, ${demo!.id}, x.name, x.search_name, x.vpn_address, 'rsc-bench', 'rscBench0001'
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(public_id text, name text, search_name text, vpn_address text)
      returning id, name)
    , s as (insert into agent_servers (public_id, agent_id, name) select substr(md5(random()::text), 1, 12), id, 'HMI' from a returning agent_id)
    insert into agent_groups (agent_id, group_id) select id, ${hallA!.id} from a where right(name, 1) = '0'`);
}
await db.execute(sql`analyze`);

const app = await buildApp({ database: t.database, webDist: null, maxStreamsPerUser: 10_000, mail: { smtpUrl: undefined } });
await app.listen({ port: 0, host: "127.0.0.1" });
const realUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const signIn = async (email: string) => {
  const res = await fetch(`${realUrl}/api/access-tokens`, {
    method: "POST",
    headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from(`${email}::portal-demo`).toString("base64")}` },
    body: JSON.stringify({ expiresIn: 86_400 }),
  });
  const secret = ((await res.json()) as { data: { secretId: string } }).data.secretId;
  return { "api-version": "2", authorization: `Bearer ${secret}`, "api-company": t.demo.companies["demo"]! };
};
const requester = await signIn("engineer@example.com");
const approver = await signIn("approver@example.com");
const [engineer] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = 'engineer@example.com'`);

// The baseline: the handler's statements (agentViewQuery, then the caller's group roles), rows
// straight to JSON: no token, membership, rights, rules, paging cursor or envelope checks.
const bare = Fastify({ logger: false });
bare.get("/api/agents", async () => {
  const rows = rowsOf(await db.execute(agentViewQuery(engineer!.id, sql`${agents.companyId} = ${demo!.id}`, [asc(agents.name), asc(agents.publicId)], PAGE_SIZE + 1)));
  await groupGrantsOf(db, engineer!.id, demo!.id);
  return { status: "success", type: "Agent", data: rows.slice(0, PAGE_SIZE) };
});
await bare.listen({ port: 0, host: "127.0.0.1" });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

const agentIds = rowsOf<{ public_id: string }>(await db.execute(sql`
  select public_id from agents where company_id = ${demo!.id} and name like 'Bénch%' order by id limit 1000`)).map((r) => r.public_id);
const ready: DevicesReady = { type: "ready", realUrl, bareUrl, requester, approver, approverPublicId: t.demo.users["approver"]!, agentIds };
process.send!(ready);

process.on("message", (message: { type: string }) => {
  if (message.type === "stop") {
    void (async () => {
      await bare.close();
      await app.close();
      await t.close();
      process.exit(0);
    })();
  }
});
