/** Sign-in, access tokens, lockout, TOTP two-factor and password change, on a stepped clock. */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "@portal/fixtures/demo/demoData";
import { DEFAULT_SCRYPT_N, hashPassword, scryptCost, verifyPassword } from "../src/auth/secrets";
import { parseBasic } from "../src/auth/signIn";
import { base32Decode, base32Encode, totpCode, verifyTotp } from "../src/auth/totp";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { isPublicId, newPublicId } from "../src/ids";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const basic = (email: string, otp: string, password: string) => `Basic ${Buffer.from(`${email}:${otp}:${password}`).toString("base64")}`;

describe("secrets, ids and TOTP", () => {
  it("hashes passwords with scrypt and verifies them", async () => {
    const hash = await hashPassword("portal-demo");
    expect(hash.startsWith("scrypt$")).toBe(true);
    expect(hash).not.toContain("portal-demo");
    expect(await verifyPassword("portal-demo", hash)).toBe(true);
    expect(await verifyPassword("portal-demO", hash)).toBe(false);
  });

  it("hashes at Node's default scrypt cost unless PORTAL_SCRYPT_N names another power of two; a hash of any cost verifies", async () => {
    expect(DEFAULT_SCRYPT_N).toBe(16384);
    expect(scryptCost({})).toBe(16384);
    expect(scryptCost({ PORTAL_SCRYPT_N: "" })).toBe(16384);
    expect(scryptCost({ PORTAL_SCRYPT_N: "1024" })).toBe(1024);
    expect(scryptCost({ PORTAL_SCRYPT_N: "131072" })).toBe(131072);
    for (const bad of ["1000", "512", "2097152", "16384.5", "abc", "-1024"]) expect(() => scryptCost({ PORTAL_SCRYPT_N: bad })).toThrow(/PORTAL_SCRYPT_N/);
    // This run hashes at the suite's cost (vitest.config.ts); a hash made at full cost still verifies.
    expect((await hashPassword("x")).split("$")[1]).toBe(process.env["PORTAL_SCRYPT_N"] ?? "16384");
    const fullCost = "scrypt$16384$8$1$c2FsdDAxMjM0NTY3ODlhYg==$" + (await import("node:crypto")).scryptSync("portal-demo", Buffer.from("c2FsdDAxMjM0NTY3ODlhYg==", "base64"), 32, { N: 16384, r: 8, p: 1 }).toString("base64");
    expect(await verifyPassword("portal-demo", fullCost)).toBe(true);
    expect(await verifyPassword("portal-demO", fullCost)).toBe(false);
  });

  it("matches the RFC 6238 test vector (SHA-1, 59 s)", () => {
    const secret = base32Encode(Buffer.from("12345678901234567890"));
    // RFC 6238 gives 94287082 for 8 digits; the 6-digit code is its last six digits.
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(verifyTotp(secret, "287082", 59_000 + 30_000)).toBe(true);
    expect(verifyTotp(secret, "287082", 59_000 + 90_000)).toBe(false);
  });

  it("property: base32 decode after encode is identity", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      expect([...base32Decode(base32Encode(bytes))]).toEqual([...bytes]);
    }));
  });

  it("property: publicIds are 12 characters of [A-Za-z0-9]", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1000 }), () => { expect(isPublicId(newPublicId())).toBe(true); }));
  });

  it("property: Basic credentials decode to what was encoded, colons in the password included", () => {
    const part = fc.string().filter((s) => !s.includes(":"));
    fc.assert(fc.property(part, part, fc.string(), (email, otp, password) => {
      expect(parseBasic(basic(email, otp, password))).toEqual({ email, otp, password });
    }));
  });
});

describe.each(await featureBackends())("sign-in on %s", (kind) => {
  let t: TestApp;
  const clock = ClockStepped.make(Date.UTC(2025, 5, 1, 12));
  beforeAll(async () => { t = await createTestApp(kind, { clock }); });
  afterAll(async () => { await t?.close(); });

  const signIn = (email: string, password: string, otp = "", expiresIn: unknown = 3600) => t.app.inject({
    method: "POST", url: "/api/access-tokens",
    headers: { "api-version": "2", authorization: basic(email, otp, password) }, payload: { expiresIn },
  });

  it("mints a token from email and password and ends it on logout", async () => {
    const res = await signIn("Admin@Example.com", DEMO_PASSWORD, "", 120);
    expect(res.statusCode).toBe(201);
    const token = res.json().data;
    expect(Object.keys(token).sort()).toEqual(["expiresOn", "publicId", "secretId"]);
    expect(token.expiresOn).toBe(new Date(clock.current() + 120_000).toISOString());
    const me = await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(token.secretId) });
    expect(me.json().data).toMatchObject({ email: "admin@example.com", name: "Ada Admin", twoFactorEnabled: false });
    const out = await t.app.inject({ method: "DELETE", url: `/api/access-tokens/${token.publicId}`, headers: apiHeaders(token.secretId) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(token.secretId) });
    expect(after.statusCode).toBe(401);
  });

  it("stores only the hash of a token secret", async () => {
    const res = await signIn("admin@example.com", DEMO_PASSWORD);
    const { secretId } = res.json().data;
    const rows = await t.database.db.query.accessTokens.findMany();
    expect(rows.some((r) => r.secretHash === secretId)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(secretId);
  });

  it("expires tokens with the clock", async () => {
    const { secretId } = (await signIn("admin@example.com", DEMO_PASSWORD, "", 60)).json().data;
    clock.advance(61_000);
    const res = await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(secretId) });
    expect(res.statusCode).toBe(401);
  });

  it("answers 401 'Invalid email or password' for an unknown email or a wrong password", async () => {
    for (const res of [await signIn("nobody@example.com", "x"), await signIn("admin@example.com", "wrong")]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().data).toEqual([{ message: "Invalid email or password" }]);
    }
  });

  it("accepts expiresIn from 60 to 5,184,000 seconds only", async () => {
    expect((await signIn("admin@example.com", DEMO_PASSWORD, "", 59)).statusCode).toBe(400);
    expect((await signIn("admin@example.com", DEMO_PASSWORD, "", 5_184_001)).statusCode).toBe(400);
    expect((await signIn("admin@example.com", DEMO_PASSWORD, "", "60")).statusCode).toBe(400);
    expect((await signIn("admin@example.com", DEMO_PASSWORD, "", 5_184_000)).statusCode).toBe(201);
  });

  it("derives jump-start (30 days) and jump-link (60 s) tokens from a Bearer secret, never outliving the session", async () => {
    const session = await signIn("engineer@example.com", DEMO_PASSWORD, "", 5_184_000).then((r) => r.json().data.secretId as string);
    for (const expiresIn of [2_592_000, 60]) {
      const res = await t.app.inject({ method: "POST", url: "/api/access-tokens?fields=expiresOn,publicId,secretId", headers: apiHeaders(session), payload: { expiresIn } });
      expect(res.statusCode).toBe(201);
      const derived = res.json().data;
      expect(derived.expiresOn).toBe(new Date(clock.current() + expiresIn * 1000).toISOString());
      const me = await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(derived.secretId) });
      expect(me.json().data.email).toBe("engineer@example.com");
    }
    const bad = await t.app.inject({ method: "POST", url: "/api/access-tokens", headers: apiHeaders("not-a-secret"), payload: { expiresIn: 60 } });
    expect(bad.statusCode).toBe(401);
  });

  it("cannot end another user's token (404)", async () => {
    const mine = (await signIn("approver@example.com", DEMO_PASSWORD)).json().data;
    const other = await signInAs(t.app, "engineer@example.com");
    const res = await t.app.inject({ method: "DELETE", url: `/api/access-tokens/${mine.publicId}`, headers: apiHeaders(other) });
    expect(res.statusCode).toBe(404);
  });

  it("locks the account for 15 minutes after ten failed sign-ins (429 naming the minutes)", async () => {
    for (let i = 0; i < 10; i++) expect((await signIn("engineer@example.com", "wrong")).statusCode).toBe(401);
    const locked = await signIn("engineer@example.com", DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().data[0].message).toMatch(/locked for 15 more minutes/);
    expect(locked.headers["retry-after"]).toBe("900");
    clock.advance(14 * 60_000);
    expect((await signIn("engineer@example.com", DEMO_PASSWORD)).json().data[0].message).toMatch(/1 more minute\b/);
    clock.advance(60_000);
    expect((await signIn("engineer@example.com", DEMO_PASSWORD)).statusCode).toBe(201);
    // A success resets the count: nine more failures do not lock.
    for (let i = 0; i < 9; i++) await signIn("engineer@example.com", "wrong");
    expect((await signIn("engineer@example.com", DEMO_PASSWORD)).statusCode).toBe(201);
  });

  it("enrols TOTP, then requires and checks the code; backup codes work once", async () => {
    const session = await signInAs(t.app, "approver@example.com");
    const h = apiHeaders(session);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user/two-factor", headers: h })).json().data).toEqual({ enabled: false, pending: false });
    const enrol = await t.app.inject({ method: "POST", url: "/api/my-user/two-factor", headers: h });
    expect(enrol.statusCode).toBe(201);
    const { secret, otpauthUri } = enrol.json().data;
    expect(otpauthUri).toContain(`secret=${secret}`);
    const wrong = await t.app.inject({ method: "POST", url: "/api/my-user/two-factor/verification", headers: h, payload: { otp: "000000" === totpCode(secret, clock.current()) ? "111111" : "000000" } });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({ method: "POST", url: "/api/my-user/two-factor/verification", headers: h, payload: { otp: totpCode(secret, clock.current()) } });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().data.backupCodes;
    expect(codes).toHaveLength(10);

    const missing = await signIn("approver@example.com", DEMO_PASSWORD);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().data).toEqual([{ message: "TWO_FACTOR_REQUIRED", propertyName: "otp" }]);
    const bad = await signIn("approver@example.com", DEMO_PASSWORD, "123456" === totpCode(secret, clock.current()) ? "654321" : "123456");
    expect(bad.json().data).toEqual([{ message: "TWO_FACTOR_INVALID", propertyName: "otp" }]);
    expect((await signIn("approver@example.com", DEMO_PASSWORD, totpCode(secret, clock.current()))).statusCode).toBe(201);
    expect((await signIn("approver@example.com", DEMO_PASSWORD, codes[0]!)).statusCode).toBe(201);
    expect((await signIn("approver@example.com", DEMO_PASSWORD, codes[0]!)).statusCode).toBe(401);
    const rows = await t.database.db.query.backupCodes.findMany();
    expect(JSON.stringify(rows)).not.toContain(codes[1]!.replace("-", ""));

    const me = await t.app.inject({ method: "GET", url: "/api/my-user", headers: h });
    expect(me.json().data.twoFactorEnabled).toBe(true);
    const renewed = await t.app.inject({ method: "POST", url: "/api/my-user/two-factor/backup-codes", headers: h, payload: { otp: totpCode(secret, clock.current()) } });
    expect(renewed.json().data.backupCodes).toHaveLength(10);
    expect((await signIn("approver@example.com", DEMO_PASSWORD, codes[1]!)).statusCode).toBe(401);
    const off = await t.app.inject({ method: "DELETE", url: "/api/my-user/two-factor", headers: h, payload: { otp: totpCode(secret, clock.current()) } });
    expect(off.statusCode).toBe(200);
    expect((await signIn("approver@example.com", DEMO_PASSWORD)).statusCode).toBe(201);
  });

  it("changes my password, checking the old one, and can end my other tokens", async () => {
    const session = await signInAs(t.app, "translator@example.com");
    const other = await signInAs(t.app, "translator@example.com");
    const h = apiHeaders(session);
    const wrongOld = await t.app.inject({ method: "POST", url: "/api/my-user/password", headers: h, payload: { oldPassword: "nope", newPassword: "a-new-password", deleteAccessTokens: true } });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().data[0].propertyName).toBe("oldPassword");
    const short = await t.app.inject({ method: "POST", url: "/api/my-user/password", headers: h, payload: { oldPassword: DEMO_PASSWORD, newPassword: "short", deleteAccessTokens: false } });
    expect(short.json().data[0].propertyName).toBe("newPassword");
    const ok = await t.app.inject({ method: "POST", url: "/api/my-user/password", headers: h, payload: { oldPassword: DEMO_PASSWORD, newPassword: "a-new-password", deleteAccessTokens: true } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: h })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: apiHeaders(other) })).statusCode).toBe(401);
    expect((await signIn("translator@example.com", DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signIn("translator@example.com", "a-new-password")).statusCode).toBe(201);
  });
});
