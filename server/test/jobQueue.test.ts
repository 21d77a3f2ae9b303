/**
 * pg-boss's `db` option over PGlite (src/reports/jobQueue.ts): parameterised statements and
 * multi-statement texts both answer rows, and a locked text that fails half-way leaves the one
 * connection usable (no aborted transaction).
 */
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteJobDb } from "../src/reports/jobQueue";
import { createTestDatabase, type TestDatabase } from "./testDatabase";

describe("pg-boss on PGlite", () => {
  // A PGlite from the run's empty template: a new PGlite() runs initdb, seconds of this file.
  let t: TestDatabase;
  let client: PGlite;
  let db: ReturnType<typeof pgliteJobDb>;
  beforeAll(async () => {
    t = await createTestDatabase("pglite", { demo: false });
    client = t.database.pglite!;
    db = pgliteJobDb(client);
  });
  afterAll(async () => { await t?.close(); });

  it("runs parameterised statements and multi-statement texts", async () => {
    expect((await db.executeSql("select $1::int + 1 as n", [41])).rows).toEqual([{ n: 42 }]);
    expect((await db.executeSql("create temp table t (x int); insert into t values (7); select x from t;", [])).rows).toEqual([{ x: 7 }]);
  });

  it("ends a transaction that a failing text left open", async () => {
    await expect(db.executeSql("begin; select 1; select * from no_such_table; commit;", [])).rejects.toThrow(/no_such_table/);
    expect(client.isInTransaction()).toBe(false);
    expect((await db.executeSql("select 2 as x", [1].slice(1))).rows).toEqual([{ x: 2 }]);
  });
});
