/**
 * The rate limit on self sign-up (issue 11): ten registrations per client address per hour,
 * successful ones included (each one mails an address); the eleventh is a 429 in api.md's error
 * envelope with Retry-After, and sends no mail. Another address is not affected, and the limit
 * lifts when its hour has passed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { outboxMessages, sectors } from "../src/db/schema";
import { featureBackends, createTestApp, type TestApp } from "./testDatabase";

const open = { "api-version": "2" };

describe.each(await featureBackends())("registration rate limit on %s", (kind) => {
  let t: TestApp;
  const clock = ClockStepped.make(Date.UTC(2026, 10, 26, 9, 0, 0));
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    await t.database.db.update(sectors).set({ selfSignUp: true });
  });
  afterAll(async () => { await t?.close(); });

  const register = (email: string, remoteAddress: string) => t.app.inject({
    method: "POST", url: "/api/registrations", headers: open, remoteAddress,
    payload: { name: "Nina Newcomer", email, password: "a long enough secret" },
  });

  it("takes ten registrations from one address in an hour and refuses the eleventh with a 429", async () => {
    for (let i = 0; i < 10; i++) expect((await register(`nina${i}@example.org`, "198.51.100.7")).statusCode).toBe(202);
    const refused = await register("nina10@example.org", "198.51.100.7");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("3600");
    expect(refused.json()).toEqual({ status: "error", type: "Error", data: [{ message: "Too many registrations from this address. Try again in 60 minutes." }] });
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, "nina10@example.org"))).toEqual([]);
    // Invalid forms count too: a refused address is refused before anything is checked.
    expect((await register("", "198.51.100.7")).statusCode).toBe(429);
  });

  it("does not limit another address, and lifts the limit after the hour", async () => {
    expect((await register("other@example.org", "203.0.113.9")).statusCode).toBe(202);
    clock.advance(60 * 60_000);
    expect((await register("nina10@example.org", "198.51.100.7")).statusCode).toBe(202);
  });
});
