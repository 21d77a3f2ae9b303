/**
 * Atomicity of bulk calls: a POST, PATCH or DELETE of a list whose item k is bad answers the
 * error naming listIndex k and writes nothing - neither the list's rows nor the audit trail.
 * (The kill test - a process killed in the middle of a large batch - is killMidBatch.test.ts.)
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/Database";
import { apiHeaders, availableBackends, createTestApp, type TestApp } from "../testDatabase";
import { countRows, emailOf, expectErrorEnvelope, signIn } from "./suiteHelpers";

const RUNS = 12;

/** One bulk list resource: a good item, a bad one for POST and a bad change for PATCH. */
interface BulkList {
  readonly href: string;
  readonly table: "group_types" | "asset_types" | "translations";
  good(tag: string): Record<string, unknown>;
  readonly badCreate: Record<string, unknown>;
  /** A valid change of an item (for PATCH). */
  change(tag: string): Record<string, unknown>;
  readonly badChange: Record<string, unknown>;
}

const LISTS: ReadonlyArray<BulkList> = [
  {
    href: "/api/group-types", table: "group_types",
    good: (tag) => ({ name: `Atom ${tag}`, color: "#336699" }), badCreate: { name: "", color: "#336699" },
    change: (tag) => ({ name: `Renamed ${tag}` }), badChange: { color: "not a colour" },
  },
  {
    href: "/api/asset-types", table: "asset_types",
    good: (tag) => ({ name: `Atom ${tag}` }), badCreate: { name: 42 },
    change: (tag) => ({ name: `Renamed ${tag}` }), badChange: { order: "first" },
  },
  {
    href: "/api/translations", table: "translations",
    good: (tag) => ({ key: `ATOM_${tag}`, languages: { en: `Text ${tag}` } }), badCreate: { key: "bad key!", languages: { en: "x" } },
    change: (tag) => ({ languages: { en: `Changed ${tag}` } }), badChange: { languages: { de: "no en" } },
  },
];

let tagCounter = 0;
const nextTag = () => `${Date.now().toString(36).toUpperCase()}_${tagCounter++}`;

describe.each(await availableBackends())("bulk atomicity on %s", (kind) => {
  let t: TestApp;
  let secret: string;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    secret = (await signIn(t.app, emailOf("admin"))).secretId;
    demo = t.demo.companies["demo"]!;
  });
  afterAll(async () => { await t?.close(); });

  const call = (method: "POST" | "PATCH" | "DELETE", url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, demo), payload: payload as object });
  /** Everything the list and the audit trail hold, to compare before and after. */
  const snapshot = async (list: BulkList) => ({
    rows: rowsOf(await t.database.db.execute(sql.raw(`select * from ${list.table} order by id`))),
    audit: await countRows(t.database.db, "audit_logs"),
  });
  const createItems = async (list: BulkList, n: number): Promise<string[]> => {
    const res = await call("POST", list.href, Array.from({ length: n }, () => list.good(nextTag())));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Array<{ publicId: string }> }).data.map((d) => d.publicId);
  };
  const expectRefusedAt = (res: { statusCode: number; body: string }, k: number, status: number[]) => {
    expect(status, res.body).toContain(res.statusCode);
    expectErrorEnvelope(res, "bulk");
    const issues = (JSON.parse(res.body) as { data: Array<{ listIndex?: number }> }).data;
    expect(issues.map((i) => i.listIndex)).toEqual(issues.map(() => k));
  };
  const sizeAndIndex = fc.integer({ min: 1, max: 8 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n - 1 })));

  describe.each(LISTS.map((l) => [l.href, l] as const))("%s", (_, list) => {
    it("property: a POST with one bad item at k writes nothing and names listIndex k", async () => {
      await fc.assert(fc.asyncProperty(sizeAndIndex, async ([n, k]) => {
        const before = await snapshot(list);
        const items = Array.from({ length: n }, (_, i) => (i === k ? list.badCreate : list.good(nextTag())));
        expectRefusedAt(await call("POST", list.href, items), k, [400]);
        expect(await snapshot(list)).toEqual(before);
      }), { numRuns: RUNS });
    });

    it("property: a PATCH with one bad or unknown item at k writes nothing and names listIndex k", async () => {
      await fc.assert(fc.asyncProperty(sizeAndIndex, fc.boolean(), async ([n, k], unknown) => {
        const ids = await createItems(list, n);
        const before = await snapshot(list);
        const items = ids.map((publicId, i) => (i !== k ? { publicId, ...list.change(nextTag()) }
          : unknown ? { publicId: "AAAAAAAAAAAA", ...list.change(nextTag()) } : { publicId, ...list.badChange }));
        expectRefusedAt(await call("PATCH", list.href, items), k, unknown ? [404] : [400]);
        expect(await snapshot(list)).toEqual(before);
      }), { numRuns: RUNS });
    });

    it("property: a DELETE with one unknown or repeated item at k deletes nothing and names listIndex k", async () => {
      await fc.assert(fc.asyncProperty(sizeAndIndex, fc.boolean(), async ([n, k], repeat) => {
        const ids = await createItems(list, n);
        const before = await snapshot(list);
        // A repeat needs an earlier item to repeat; at k = 0 the item is unknown instead.
        const items = ids.map((publicId, i) => ({ publicId: i !== k ? publicId : repeat && k > 0 ? ids[0]! : "AAAAAAAAAAAA" }));
        expectRefusedAt(await call("DELETE", list.href, items), k, repeat && k > 0 ? [404, 409] : [404]);
        expect(await snapshot(list)).toEqual(before);
      }), { numRuns: RUNS });
    });
  });

  it("writes all items and one audit row each when nothing is bad (the control)", async () => {
    const before = await countRows(t.database.db, "audit_logs");
    const ids = await createItems(LISTS[2]!, 5);
    expect(await countRows(t.database.db, "audit_logs")).toBe(before + ids.length);
  });
});
