/**
 * Attempt limits under concurrency (core's rules/attemptLimits, counted in SQL before the check)
 * and derived tokens bound to their sign-in session. Each describe block moves the clock past
 * the 15-minute windows so that its counts start afresh.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countAttempt, type AttemptCounter, type AttemptPolicy } from "@portal/core/rules/attemptLimits";
import { DEMO_PASSWORD } from "@portal/fixtures/demo/demoData";
import { countAttemptIn } from "../src/auth/attemptCounters";
import { passwordCheckCount } from "../src/auth/secrets";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { apiHeaders, featureBackends, createTestApp, type TestApp } from "./testDatabase";

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}::${password}`).toString("base64")}`;
const WINDOW = 15 * 60_000;

describe.each(await featureBackends())("attempt limits on %s", (kind) => {
  let t: TestApp;
  const clock = ClockStepped.make(Date.UTC(2026, 5, 1, 12));
  beforeAll(async () => { t = await createTestApp(kind, { clock }); });
  afterAll(async () => { await t?.close(); });

  const signIn = (email: string, password: string, remoteAddress = "127.0.0.1", expiresIn = 3600) => t.app.inject({
    method: "POST", url: "/api/access-tokens", remoteAddress,
    headers: { "api-version": "2", authorization: basic(email, password) }, payload: { expiresIn },
  });

  it("checks at most ten passwords of 200 parallel guesses at one account", async () => {
    clock.advance(WINDOW);
    const before = passwordCheckCount();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => signIn("engineer@example.com", `wrong-${i}`, `10.0.${i % 4}.1`)));
    const checks = passwordCheckCount() - before;
    expect(checks).toBe(10);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(190);
    expect(refused[0]!.json()).toEqual({ status: "error", type: "Error", data: [{ message: "Too many failed sign-ins: this account is locked for 15 more minutes. Try again later." }] });
    expect(refused[0]!.headers["retry-after"]).toBe("900");
    // The right password is refused too while the lock holds, and is not checked.
    const during = await signIn("engineer@example.com", DEMO_PASSWORD, "10.0.9.1");
    expect(during.statusCode).toBe(429);
    expect(passwordCheckCount() - before).toBe(10);
    clock.advance(WINDOW);
    expect((await signIn("engineer@example.com", DEMO_PASSWORD, "10.0.9.1")).statusCode).toBe(201);
  });

  it("limits an unknown email exactly like a real one", async () => {
    clock.advance(WINDOW);
    const known = [];
    const unknown = [];
    for (let i = 0; i < 11; i++) known.push(await signIn("approver@example.com", "wrong", "10.1.0.1"));
    for (let i = 0; i < 11; i++) unknown.push(await signIn("nobody-here@example.com", "wrong", "10.1.0.2"));
    expect(known.map((r) => r.statusCode)).toEqual(unknown.map((r) => r.statusCode));
    expect(unknown[10]!.statusCode).toBe(429);
    expect(unknown[10]!.body).toBe(known[10]!.body);
  });

  it("limits failed sign-ins per client address across accounts, not successes", async () => {
    clock.advance(WINDOW);
    for (let i = 0; i < 49; i++) expect((await signIn(`guess-${i}@example.com`, "wrong", "10.2.0.1")).statusCode).toBe(401);
    // Successful sign-ins are refunded: a busy shared address is not limited by them. Counted,
    // these three would be attempts 50 to 52 and the second of them refused.
    for (let i = 0; i < 3; i++) expect((await signIn("translator@example.com", DEMO_PASSWORD, "10.2.0.1")).statusCode).toBe(201);
    expect((await signIn("guess-49@example.com", "wrong", "10.2.0.1")).statusCode).toBe(401);
    const refused = await signIn("guess-x@example.com", "wrong", "10.2.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().data[0].message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    // So is a success once the address is limited; another address is not.
    expect((await signIn("translator@example.com", DEMO_PASSWORD, "10.2.0.1")).statusCode).toBe(429);
    expect((await signIn("guess-x@example.com", "wrong", "10.2.0.2")).statusCode).toBe(401);
    // About fifty scrypt checks, slow on purpose: seconds alone, 30 s on a busy machine.
  }, 120_000);

  it("limits wrong old passwords on a password change (429 after ten, even for the right one)", async () => {
    clock.advance(WINDOW);
    const session = (await signIn("admin@example.com", DEMO_PASSWORD, "10.3.0.1")).json().data.secretId as string;
    const change = (oldPassword: string) => t.app.inject({
      method: "POST", url: "/api/my-user/password", remoteAddress: "10.3.0.1", headers: apiHeaders(session),
      payload: { oldPassword, newPassword: "another-password", deleteAccessTokens: false },
    });
    for (let i = 0; i < 10; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    const refused = await change(DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().data[0].message).toBe("Too many password change attempts. Try again in 15 minutes.");
    expect(refused.headers["retry-after"]).toBe("900");
  });

  it("property: the SQL counter agrees with core's countAttempt", async () => {
    const policy: AttemptPolicy = { maxAttempts: 3, windowMs: 10_000, lockMs: 7_000, onSuccess: "reset" };
    let run = 0;
    await fc.assert(fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 6_000 }), { minLength: 1, maxLength: 15 }), async (gaps) => {
      const key = `property-${kind}-${run++}`;
      let now = Date.UTC(2026, 0, 1);
      let expected: AttemptCounter | null = null;
      for (const gap of gaps) {
        now += gap;
        expected = countAttempt(expected, now, policy);
        expect(await countAttemptIn(t.database.db, now, { scope: "test", key, policy, action: "sign-in-account" })).toEqual(expected);
      }
    }), { numRuns: 25 });
  });
});

describe.each(await featureBackends())("derived tokens on %s", (kind) => {
  let t: TestApp;
  const clock = ClockStepped.make(Date.UTC(2026, 5, 1, 12));
  beforeAll(async () => { t = await createTestApp(kind, { clock }); });
  afterAll(async () => { await t?.close(); });

  const mint = async (authorization: string, expiresIn: number) => {
    const res = await t.app.inject({ method: "POST", url: "/api/access-tokens", headers: { "api-version": "2", authorization }, payload: { expiresIn } });
    expect(res.statusCode).toBe(201);
    return res.json().data as { publicId: string; secretId: string; expiresOn: string };
  };
  const works = async (secret: string) => (await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(secret) })).statusCode === 200;
  const end = (publicId: string, secret: string) => t.app.inject({ method: "DELETE", url: `/api/access-tokens/${publicId}`, headers: apiHeaders(secret) });

  it("a token minted from a 60-second token expires with it", async () => {
    const parent = await mint(basic("engineer@example.com", DEMO_PASSWORD), 60);
    const child = await mint(`Bearer ${parent.secretId}`, 5_184_000);
    expect(child.expiresOn).toBe(parent.expiresOn);
    clock.advance(61_000);
    expect(await works(child.secretId)).toBe(false);
  });

  it("logout ends the tokens derived from the session; jump-start keeps working (spec 7)", async () => {
    const session = await mint(basic("engineer@example.com", DEMO_PASSWORD), 3600);
    // Jump link: 60 s from the session; jump-start: 30 days from the link, then the link is removed.
    const link = await mint(`Bearer ${session.secretId}`, 60);
    const jump = await mint(`Bearer ${link.secretId}`, 2_592_000);
    expect(jump.expiresOn).toBe(session.expiresOn);
    expect((await end(link.publicId, jump.secretId)).statusCode).toBe(200);
    clock.advance(120_000);
    expect(await works(jump.secretId)).toBe(true);
    const other = await mint(`Bearer ${session.secretId}`, 86_400);
    expect((await end(session.publicId, session.secretId)).statusCode).toBe(200);
    expect(await works(jump.secretId)).toBe(false);
    expect(await works(other.secretId)).toBe(false);
  });
});
