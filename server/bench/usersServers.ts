/**
 * The users benchmark's server process (started by usersBench.ts over IPC, so the load generator
 * does not share this event loop): a fresh database of one kind with the demo data plus 10,000
 * members of the demo company, the real portal app listening, and a bare Fastify route that runs
 * the same SQL as the users list handler (one row per member, name order, page of 50) with no
 * authentication, rights, cursor or envelope checks.
 *
 * argv[2]: "pglite" | "postgres" (a fresh database on TEST_POSTGRES_URL's server, dropped after).
 */
import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/buildApp";
import { rowsOf } from "../src/db/Database";
import { companies, roles } from "../src/db/schema";
import { newPublicId } from "../src/ids";
import { createTestDatabase, type BackendKind } from "../test/testDatabase";

export const MEMBERS = 10_000;
export const PAGE_SIZE = 50;

export interface UsersReady {
  readonly type: "ready";
  readonly realUrl: string;
  readonly bareUrl: string;
  readonly admin: Record<string, string>;
}

const kind = (process.argv[2] ?? "pglite") as BackendKind;
const t = await createTestDatabase(kind);
const db = t.database.db;
const [demo] = await db.select({ id: companies.id }).from(companies).where(sql`${companies.publicId} = ${t.demo.companies["demo"]!}`);
const [viewer] = await db.select({ id: roles.id }).from(roles).where(sql`${roles.companyId} = ${demo!.id} and ${roles.name} = 'Viewer'`);

// 10,000 users with a membership each, in statements of 1,000 rows (one JSON parameter each).
for (let from = 0; from < MEMBERS; from += 1000) {
  const rows = Array.from({ length: 1000 }, (_, k) => {
    const i = from + k;
    return { public_id: newPublicId(), name: `Bench Person ${String(i).padStart(5, "0")}`, email: `bench${i}@load.example.com` };
  });
  await db.execute(sql`
    with u as (
      insert into users (public_id, name, email, password_hash)
      select x.public_id, x.name, x.email, 'x' from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(public_id text, name text, email text)
      returning id)
    insert into memberships (public_id, user_id, company_id, role_id) select substr(md5(random()::text), 1, 12), id, ${demo!.id}, ${viewer!.id} from u`);
}
await db.execute(sql`analyze`);

const app = await buildApp({ database: t.database, webDist: null, mail: { smtpUrl: undefined } });
await app.listen({ port: 0, host: "127.0.0.1" });
const realUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const res = await fetch(`${realUrl}/api/access-tokens`, {
  method: "POST",
  headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from("admin@example.com::portal-demo").toString("base64")}` },
  body: JSON.stringify({ expiresIn: 86_400 }),
});
const secret = ((await res.json()) as { data: { secretId: string } }).data.secretId;
const admin = { "api-version": "2", authorization: `Bearer ${secret}`, "api-company": t.demo.companies["demo"]! };

// The baseline: the handler's statement (members of the company, one row each, name order),
// rows straight to JSON.
const bare = Fastify({ logger: false });
bare.get("/api/users", async () => {
  const rows = rowsOf(await db.execute(sql`
    select u.public_id, u.name, u.email, r.public_id as role_id, r.name as role_name, m.expires_on
    from memberships m join users u on u.id = m.user_id join roles r on r.id = m.role_id
    where m.company_id = ${demo!.id} and (m.expires_on is null or m.expires_on > now())
      and not exists (select 1 from memberships m2 where m2.company_id = m.company_id and m2.user_id = m.user_id and m2.id < m.id)
    order by lower(u.name) collate "C", u.public_id collate "C" limit ${PAGE_SIZE + 1}`));
  return { status: "success", type: "User", data: rows.slice(0, PAGE_SIZE) };
});
await bare.listen({ port: 0, host: "127.0.0.1" });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

const ready: UsersReady = { type: "ready", realUrl, bareUrl, admin };
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
