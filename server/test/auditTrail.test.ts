/**
 * The audit trail of issue 12 on PGlite and PostgreSQL: names instead of ids, filters (action,
 * topic, actor, date range) combined with paging, the CSV export (escaping, every row across
 * batches, streamed), the retention setting (rights, its own audit entry) and job, and one
 * entry per user action (a drag is one entry, opening screens writes none).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "@portal/core/wire/routes";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { pruneAuditLogs } from "../src/audit/retention";
import { AUDIT_EXPORT_BATCH } from "../src/routes/auditLogRoutes";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const DAY = 86_400_000;

/** A minimal RFC 4180 reader (quoted cells, doubled quotes, CRLF rows) to check the export. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(cell); cell = ""; } else if (c === "\r" && text[i + 1] === "\n") { row.push(cell); rows.push(row); row = []; cell = ""; i++; } else cell += c;
  }
  return rows;
}

describe.each(await featureBackends())("audit trail on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let engineer: string;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signInAs(t.app, "admin@example.com");
    engineer = await signInAs(t.app, "engineer@example.com");
    demo = t.demo.companies["demo"]!;
  });
  afterAll(async () => { await t?.close(); });
  const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, secret = admin, payload?: unknown, company = demo) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, company), ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async (query: string, secret = admin) => {
    const res = await call("GET", `/api/audit-logs?${query}`, secret);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Array<Record<string, any>>; moreAfter: string | null };
  };
  const auditCount = async () => Number((await t.database.db.execute(sql`select count(*)::int as n from audit_logs`) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  const companyId = async (publicId: string) =>
    (await t.database.db.execute(sql`select id from companies where public_id = ${publicId}`) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;

  it("answers the names of actor, target and company, also for a deleted target", async () => {
    const created = await call("POST", "/api/group-types", admin, { name: "Named type", color: "#123456" });
    const publicId = created.json().data[0].publicId as string;
    await call("PATCH", `/api/group-types/${publicId}`, admin, { name: "Renamed type" });
    const [update, create] = (await list(`filters=eq(target,${publicId})`)).data;
    expect(update).toMatchObject({ action: "UPDATE", targetName: "Renamed type", actor: { name: "Ada Admin" }, company: { publicId: demo, name: "Demo Company" } });
    expect(create).toMatchObject({ action: "CREATE", targetName: "Renamed type" });
    await t.app.inject({ method: "DELETE", url: `/api/group-types/${publicId}`, headers: apiHeaders(admin, demo) });
    const [gone] = (await list(`filters=eq(target,${publicId})`)).data;
    expect(gone).toMatchObject({ action: "DELETE", targetName: "Renamed type" });
  });

  it("filters by action, topic, actor and date range, combined with paging", async () => {
    const id = await companyId(demo);
    // 30 entries over 3 days from two actors, directly in the table (faster than 30 calls).
    await t.database.db.execute(sql`
      insert into audit_logs (public_id, company_id, actor_user_id, action, topic, target, before, after, created_at)
      select 'flt' || lpad(g::text, 9, '0'), ${id}::int,
             (select id from users where email = case when g % 2 = 0 then 'admin@example.com' else 'engineer@example.com' end),
             case when g % 3 = 0 then 'DELETE' else 'UPDATE' end, 'FilterTopic', 'tgt' || g, null, '{"n":1}'::jsonb,
             timestamptz '2020-01-01T10:00:00Z' + ((g / 10) || ' days')::interval
      from generate_series(0, 29) g`);
    const engineerId = (await list("filters=eq(topic,FilterTopic)&filters=contains(actor.name,Emil)&page-size=1")).data[0]!["actor"].publicId as string;
    const all: Array<Record<string, any>> = [];
    let after: string | null = null;
    do {
      const p = await list(`filters=eq(topic,FilterTopic)&filters=eq(action,UPDATE)&filters=eq(actor.publicId,${engineerId})&filters=gte(createdOn,2020-01-02T00:00:00Z)&filters=lt(createdOn,2020-01-03T00:00:00Z)&page-size=2${after ? `&page-after=${after}` : ""}`);
      all.push(...p.data);
      after = p.moreAfter;
    } while (after !== null);
    // Day 2 is g = 10..19; odd g (engineer) and not a multiple of 3: 11, 13, 17, 19.
    expect(all.map((e) => e["target"])).toEqual(["tgt19", "tgt17", "tgt13", "tgt11"]);
    expect(all.every((e) => e["actor"].name === "Emil Engineer")).toBe(true);
  });

  it("answers 400, not 500, for a bad filter", async () => {
    for (const f of ["gte(createdOn,yesterday)", "contains(createdOn,2020)", "eq(nope,1)", "lt(createdOn,2020-13-45T99:00Z)"]) {
      const res = await call("GET", `/api/audit-logs?filters=${encodeURIComponent(f)}`);
      expect(res.statusCode, f).toBe(400);
      expect(res.json().status).toBe("error");
      expect((await call("GET", `/api/audit-logs/export?filters=${encodeURIComponent(f)}`)).statusCode, f).toBe(400);
    }
  });

  it("exports the filtered entries as CSV with escaping, names and a file name", async () => {
    await call("POST", "/api/translations", admin, { key: "CSV_TRICKY", languages: { en: "=cmd|' /C calc'!A0, \"quoted\"\nnext line" } });
    const res = await call("GET", "/api/audit-logs/export?filters=eq(topic,Translation)&filters=eq(action,CREATE)");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="audit-trail-${demo}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(["time", "actor", "actorId", "action", "topic", "target", "targetId", "company", "changes", "before", "after", "clientAddress", "entryId"]);
    const tricky = rows.find((r) => r[5] === "CSV_TRICKY")!;
    expect(tricky).toBeDefined();
    expect(tricky.length).toBe(13);
    expect(tricky[1]).toBe("Ada Admin");
    expect(tricky[7]).toBe("Demo Company");
    expect(JSON.parse(tricky[10]!).languages.en).toBe("=cmd|' /C calc'!A0, \"quoted\"\nnext line");
    expect(tricky[8]).toContain("key: (none) -> CSV_TRICKY");
  });

  it("streams every entry of a large range across batches, newest first, chunked over HTTP", async () => {
    const id = await companyId(demo);
    const n = AUDIT_EXPORT_BATCH * 2 + 17;
    await t.database.db.execute(sql`
      insert into audit_logs (public_id, company_id, actor_user_id, action, topic, target, created_at)
      select 'big' || lpad(g::text, 9, '0'), ${id}::int, null, 'TRIGGER', 'BulkTopic', 'b' || g, now()
      from generate_series(1, ${n}::int) g`);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const res = await fetch(`${address}/api/audit-logs/export?filters=eq(topic,BulkTopic)`, { headers: apiHeaders(admin, demo) });
    expect(res.status).toBe(200);
    // Streamed: no length known up front.
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    const rows = parseCsv(await res.text()).slice(1);
    expect(rows.length).toBe(n);
    expect(rows[0]![6]).toBe(`b${n}`);
    expect(new Set(rows.map((r) => r[12])).size).toBe(n);
  });

  it("keeps the retention setting: read with the audit right, changed only by administrators, the change audited once", async () => {
    expect((await call("GET", "/api/audit-retention", engineer)).json().data).toEqual({ days: null });
    const refused = await call("PUT", "/api/audit-retention", engineer, { days: 30 });
    expect(refused.statusCode).toBe(403);
    for (const bad of [{ days: 0 }, { days: 3651 }, { days: 1.5 }, { days: "30" }, {}]) {
      expect((await call("PUT", "/api/audit-retention", admin, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const ok = await call("PUT", "/api/audit-retention", admin, { days: 90 });
    expect(ok.json().data).toEqual({ days: 90 });
    const before = await auditCount();
    await call("PUT", "/api/audit-retention", admin, { days: 90 });
    expect(await auditCount()).toBe(before);
    const [entry] = (await list("filters=eq(topic,AuditRetention)")).data;
    expect(entry).toMatchObject({ action: "UPDATE", target: demo, targetName: "Demo Company", before: { days: null }, after: { days: 90 } });
    expect((await call("GET", "/api/audit-retention", engineer)).json().data).toEqual({ days: 90 });
    // Another company's setting is its own.
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    expect((await call("GET", "/api/audit-retention", acmeAdmin, undefined, t.demo.companies["acme"])).json().data).toEqual({ days: null });
    expect((await call("GET", "/api/audit-retention", admin, undefined, t.demo.companies["acme"])).statusCode).toBe(404);
  });

  it("deletes, in the retention job, only the entries older than their company's retention", async () => {
    const demoId = await companyId(demo);
    const acmeId = await companyId(t.demo.companies["acme"]!);
    await call("PUT", "/api/audit-retention", admin, { days: 30 });
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    for (const [company, tag, daysAgo] of [[demoId, "old", 31], [demoId, "kept", 29], [acmeId, "acme-old", 400]] as const) {
      await t.database.db.execute(sql`insert into audit_logs (public_id, company_id, action, topic, target, created_at)
        values (${`ret${tag}`.padEnd(12, "x")}, ${company}::int, 'TRIGGER', 'RetentionTopic', ${tag}, ${at(daysAgo)}::timestamptz)`);
    }
    const pruned = await pruneAuditLogs({ database: t.database, clock: ClockStepped.make(now) });
    expect(pruned).toBeGreaterThanOrEqual(1);
    const left = (await t.database.db.execute(sql`select target from audit_logs where topic = 'RetentionTopic' order by target`) as unknown as { rows: Array<{ target: string }> }).rows;
    expect(left.map((r) => r.target)).toEqual(["acme-old", "kept"]);
  });

  it("writes one entry for a drag that reorders, naming the moved types", async () => {
    const types = (await call("GET", "/api/group-types?page-size=100")).json().data as Array<{ publicId: string; name: string; order: number }>;
    expect(types.length).toBeGreaterThanOrEqual(3);
    // The web's drag: the first item moved to the end, every item saved at index x 1000.
    const moved = [...types.slice(1), types[0]!].map((g, i) => ({ publicId: g.publicId, order: i * 1000 }));
    const before = await auditCount();
    expect((await call("PATCH", "/api/group-types", admin, moved)).statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    const [entry] = (await list("page-size=1")).data;
    expect(entry).toMatchObject({ action: "UPDATE", topic: "GroupTypeOrder", target: demo, targetName: "Demo Company" });
    expect(Object.keys(entry!["after"]).length).toBeGreaterThanOrEqual(2);
    // A bulk rename is still one entry per renamed item.
    await call("PATCH", "/api/group-types", admin, types.slice(0, 2).map((g) => ({ publicId: g.publicId, name: `${g.name} 2` })));
    expect(await auditCount()).toBe(before + 3);
  });

  it("writes nothing when screens are opened: every list GET of the route table", async () => {
    const before = await auditCount();
    const gets = ROUTES.filter((r) => r.auth === "session" && !r.href.includes("{") && "GET" in r.methods && !(r.methods.GET as { raw?: boolean } | undefined)?.raw && r.rel !== "EventStream");
    expect(gets.length).toBeGreaterThan(10);
    for (const r of gets) {
      const res = await call("GET", r.href);
      expect(res.statusCode, `${r.rel}: ${res.body}`).toBeLessThan(500);
    }
    expect(await call("GET", "/api/audit-logs/export").then((r) => r.statusCode)).toBe(200);
    expect(await auditCount()).toBe(before);
  });
});
