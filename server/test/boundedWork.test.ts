/**
 * Bounded work per request: the per-call item limit, linear bulk calls of the largest size,
 * audit values bounded (a digest beyond the bound), and list pages bounded in characters.
 * Large rows are written straight to the table, so these tests do not depend on how the API
 * bounds the values it accepts.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_MAX_ITEMS, LIST_PAGE_MAX_CHARS } from "@portal/core/constants";
import { AUDIT_VALUE_MAX_CHARS, boundAuditValue, writeAudit } from "../src/audit/writeAudit";
import { rowsOf } from "../src/db/Database";
import { auditLogs, companies, groups, groupTypes, translations } from "../src/db/schema";
import { ROWS_PER_READ } from "../src/routes/batchWork";
import { newPublicId } from "../src/ids";
import { apiHeaders, availableBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

describe("boundAuditValue", () => {
  it("keeps small values as they are", () => {
    const value = { publicId: "abc", key: "K", languages: { en: "Hello" } };
    expect(boundAuditValue(value)).toEqual(value);
    expect(boundAuditValue(undefined)).toBeNull();
  });

  it("cuts a long text to its start with its length and digest, keeping the shape", () => {
    const bounded = boundAuditValue({ key: "BIG", languages: { en: "x".repeat(1_000_000) } }) as { key: string; languages: { en: string } };
    expect(bounded.key).toBe("BIG");
    expect(bounded.languages.en).toMatch(/^x{200}… \[1000000 characters, sha256 [0-9a-f]{64}\]$/);
  });

  it("replaces a value still too big by a digest", () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`lang${i}`, "y".repeat(900)]));
    const bounded = boundAuditValue({ languages: many }) as { truncated: boolean; sha256: string };
    expect(bounded.truncated).toBe(true);
    expect(JSON.stringify(bounded).length).toBeLessThan(AUDIT_VALUE_MAX_CHARS);
  });
});

describe.each(await availableBackends())("bounded work on %s", (kind) => {
  let t: TestApp;
  let h: Record<string, string>;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const company = t.demo.companies["demo"]!;
    h = { ...apiHeaders(await signInAs(t.app, "admin@example.com"), company), "content-type": "application/json" };
    companyId = (await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, company)))[0]!.id;
  });
  afterAll(async () => { await t?.close(); });

  it(`refuses a bulk call of more than ${BULK_MAX_ITEMS} items (400), and takes one of exactly that many`, async () => {
    const items = (n: number, prefix: string) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}`, color: "#336699" })));
    const over = await t.app.inject({ method: "POST", url: "/api/group-types", headers: h, payload: items(BULK_MAX_ITEMS + 1, "Over") });
    expect(over.statusCode).toBe(400);
    expect(over.json().data[0].message).toBe(`At most ${BULK_MAX_ITEMS} items per call`);
    const full = await t.app.inject({ method: "POST", url: "/api/group-types", headers: h, payload: items(BULK_MAX_ITEMS, "Bulk") });
    expect(full.statusCode).toBe(201);
    expect(full.json().data).toHaveLength(BULK_MAX_ITEMS);
    // A clash at the very end of a full batch is still found, with its listIndex, and nothing is kept.
    const clash = JSON.parse(items(BULK_MAX_ITEMS, "Again")) as Array<{ name: string }>;
    clash[BULK_MAX_ITEMS - 1]!.name = "bulk 17";
    const refused = await t.app.inject({ method: "POST", url: "/api/group-types", headers: h, payload: JSON.stringify(clash) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data[0]).toMatchObject({ message: "NAME_ALREADY_IN_USE", listIndex: BULK_MAX_ITEMS - 1 });
    const [row] = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from group_types where name like 'Again %'`));
    expect(Number(row!.n)).toBe(0);
  }, 120_000);

  it("reorders 10,000 types in one PATCH, the last change of a type winning", async () => {
    const rows = rowsOf<{ public_id: string }>(await t.database.db.execute(sql`select public_id from group_types where name like 'Bulk %' order by "order"`));
    expect(rows).toHaveLength(BULK_MAX_ITEMS);
    const body = rows.map((r, i) => ({ publicId: r.public_id, order: (BULK_MAX_ITEMS - i) * 10 }));
    body[1] = { publicId: rows[0]!.public_id, order: 5 };
    const res = await t.app.inject({ method: "PATCH", url: "/api/group-types", headers: h, payload: JSON.stringify(body) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const after = new Map(rowsOf<{ public_id: string; order: number }>(await t.database.db.execute(sql`select public_id, "order" from group_types where name like 'Bulk %'`))
      .map((r) => [r.public_id, Number(r.order)]));
    expect(after.get(rows[0]!.public_id)).toBe(5);
    expect(after.get(rows[9_999]!.public_id)).toBe(10);
  }, 120_000);

  it(`reads a list of more than ${ROWS_PER_READ} types page by page, equal orders included`, async () => {
    // Every type on one order: a page boundary keyed on order alone would skip or repeat types.
    const n = 2 * ROWS_PER_READ + 1;
    await t.database.db.insert(groupTypes).values(Array.from({ length: n }, (_, i) => ({
      publicId: newPublicId(), companyId, name: `Tie ${i}`, color: "#336699", order: 7,
    })));
    const ties = rowsOf<{ public_id: string }>(await t.database.db.execute(sql`select public_id from group_types where name like 'Tie %' order by id`));
    const res = await t.app.inject({ method: "PATCH", url: "/api/group-types", headers: h, payload: JSON.stringify(ties.map((r, i) => ({ publicId: r.public_id, name: `Tied ${i}` }))) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toHaveLength(n);
    // The last type read still counts for the name rule (case-insensitive clash, 409).
    const clash = await t.app.inject({ method: "POST", url: "/api/group-types", headers: h, payload: JSON.stringify({ name: `tied ${n - 1}`, color: "#336699" }) });
    expect(clash.statusCode).toBe(409);
  }, 120_000);

  it(`deletes ${BULK_MAX_ITEMS} types in one call; one in use late in the list refuses the whole call with its listIndex`, async () => {
    const rows = rowsOf<{ id: number; public_id: string }>(await t.database.db.execute(sql`select id, public_id from group_types where name like 'Bulk %' order by "order", id`));
    expect(rows).toHaveLength(BULK_MAX_ITEMS);
    // The usage counts are read in chunks: the type in use sits past the first ones.
    const inUse = BULK_MAX_ITEMS - 3;
    await t.database.db.insert(groups).values({ publicId: newPublicId(), companyId, groupTypeId: rows[inUse]!.id, name: "Uses a bulk type" });
    const body = JSON.stringify(rows.map((r) => ({ publicId: r.public_id })));
    const refused = await t.app.inject({ method: "DELETE", url: "/api/group-types", headers: h, payload: body });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toEqual([{ message: "CANNOT_DELETE_GROUP_TYPE", listIndex: inUse }]);
    const count = async () => Number(rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from group_types where name like 'Bulk %'`))[0]!.n);
    expect(await count()).toBe(BULK_MAX_ITEMS);
    await t.database.db.delete(groups).where(eq(groups.name, "Uses a bulk type"));
    const res = await t.app.inject({ method: "DELETE", url: "/api/group-types", headers: h, payload: body });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toHaveLength(BULK_MAX_ITEMS);
    expect(await count()).toBe(0);
    const [audit] = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from audit_logs where action = 'DELETE' and topic = 'GroupType'`));
    expect(Number(audit!.n)).toBeGreaterThanOrEqual(BULK_MAX_ITEMS);
  }, 120_000);

  it.runIf(kind === "pglite")("runs PGlite without zero-filling new WAL segments (a 16 MB fill held the event loop)", async () => {
    const [row] = rowsOf<{ z: string }>(await t.database.db.execute(sql`select current_setting('wal_init_zero') as z`));
    expect(row!.z).toBe("off");
  });

  it("stores a bounded before/after in the audit trail", async () => {
    await t.database.db.transaction((tx) => writeAudit(tx, { userId: null, companyId, clientAddress: null, at: new Date() }, [
      { action: "CREATE", topic: "Translation", target: "BIGAUDIT0001", after: { key: "BIG", languages: { en: "z".repeat(1_000_000) } } },
    ]));
    const [stored] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.target, "BIGAUDIT0001"));
    expect(JSON.stringify(stored!.after).length).toBeLessThan(AUDIT_VALUE_MAX_CHARS);
    expect(JSON.stringify(stored!.after)).toContain("1000000 characters, sha256");
  });

  it("ends a list page early rather than let it grow past the character bound", async () => {
    const big = "w".repeat(200_000);
    await t.database.db.insert(translations).values(Array.from({ length: 6 }, (_, i) => ({
      publicId: newPublicId(), companyId, key: `ZZ_BIG_${i}`, languages: { en: big },
    })));
    const keys: string[] = [];
    let url = "/api/translations?page-size=20&filters=contains(key,ZZ_BIG_)";
    for (let pages = 0; pages < 10; pages++) {
      const res = await t.app.inject({ method: "GET", url, headers: h });
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeLessThan(LIST_PAGE_MAX_CHARS + 1000);
      const body = res.json();
      keys.push(...body.data.map((r: { key: string }) => r.key));
      if (body.moreAfter === null) break;
      url = `/api/translations?page-size=20&filters=contains(key,ZZ_BIG_)&page-after=${encodeURIComponent(body.moreAfter)}`;
    }
    expect(keys).toEqual(Array.from({ length: 6 }, (_, i) => `ZZ_BIG_${i}`));
  });
});
