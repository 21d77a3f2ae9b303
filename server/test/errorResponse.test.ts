/**
 * Failures the client caused answer 4xx, whatever layer refuses them: core's tagged errors
 * through core's table, and the database's data exceptions by SQLSTATE (read through drizzle's
 * wrapping), on both backends with real errors. Anything else stays a fault (500).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimited } from "@portal/core/errors";
import { MALFORMED_TEXT } from "@portal/core/wire/bounds";
import { errorResponse } from "../src/http/errorResponse";
import { featureBackends, createTestDatabase, type TestDatabase } from "./testDatabase";

const thrown = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error("expected the statement to fail");
};

describe("errorResponse", () => {
  it("takes tagged errors through core's table, with Retry-After", () => {
    const r = errorResponse(new RateLimited({ message: "Too many sign-in attempts", retryAfterSeconds: 61.2 }));
    expect(r).toMatchObject({ status: 429, headers: { "Retry-After": "62" }, fault: false });
    expect(errorResponse(new Error("boom"))).toMatchObject({ status: 500, fault: true });
  });

  it("maps SQLSTATEs inside drizzle's wrapping", () => {
    const wrapped = (code: string) => ({ message: "Failed query", cause: { code } });
    expect(errorResponse(wrapped("22P02"))).toMatchObject({ status: 400, issues: [{ message: MALFORMED_TEXT }] });
    expect(errorResponse(wrapped("22003")).status).toBe(400);
    expect(errorResponse(wrapped("23505"))).toMatchObject({ status: 409, issues: [{ message: "Duplicate" }] });
    expect(errorResponse(wrapped("40001"))).toMatchObject({ status: 500, fault: true });
  });
});

describe.each(await featureBackends())("database refusals on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(kind, { demo: false }); });
  afterAll(async () => { await t?.close(); });

  it("a bad cast, an out-of-range number and a lone surrogate in jsonb are 400, not faults", async () => {
    const db = t.database.db;
    for (const statement of [sql`select 'x'::int`, sql`select 99999999999::int`, sql`select ${'"\\ud800"'}::jsonb`]) {
      const r = errorResponse(await thrown(() => db.execute(statement)));
      expect(r.fault, JSON.stringify(r.issues)).toBe(false);
      expect(r.status).toBe(400);
    }
  });
});
