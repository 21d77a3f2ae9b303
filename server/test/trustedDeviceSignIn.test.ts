/**
 * Trusted devices and the second factor (spec 3 "Trusted device", issue 11), through real
 * sign-ins: a browser that passed the second factor signs in again with the password alone; a
 * forgotten browser, another browser, and a browser that signed in only before two-factor was on
 * are asked again; turning two-factor off and on again asks every browser again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "@portal/fixtures/demo/demoData";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { totpCode } from "../src/auth/totp";
import { apiHeaders, featureBackends, createTestApp, type TestApp } from "./testDatabase";

const basic = (email: string, otp: string, password: string) => `Basic ${Buffer.from(`${email}:${otp}:${password}`).toString("base64")}`;
const EMAIL = "engineer@example.com";

describe.each(await featureBackends())("trusted devices skip the second factor on %s", (kind) => {
  let t: TestApp;
  const clock = ClockStepped.make(Date.UTC(2026, 10, 1, 12));
  beforeAll(async () => { t = await createTestApp(kind, { clock }); });
  afterAll(async () => { await t?.close(); });

  const signIn = (deviceId: string | null, otp = "") => t.app.inject({
    method: "POST", url: "/api/access-tokens",
    headers: { "api-version": "2", authorization: basic(EMAIL, otp, DEMO_PASSWORD), "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0", ...(deviceId ? { "api-device-id": deviceId } : {}) },
    payload: { expiresIn: 3600 },
  });
  const secretOf = (res: { json: () => unknown }) => (res.json() as { data: { secretId: string } }).data.secretId;
  const asked = async (deviceId: string | null) => {
    const res = await signIn(deviceId);
    return res.statusCode === 401 && (res.json() as { data: Array<{ message: string }> }).data[0]!.message === "TWO_FACTOR_REQUIRED";
  };
  let secret = "";
  const otpNow = () => totpCode(secret, clock.current());

  it("asks a browser that signed in before two-factor was on, trusts it once it passed the factor, until forgotten", async () => {
    // Signed in from browser A before two-factor: known, but it never proved a second factor.
    const first = await signIn("browser-A");
    expect(first.statusCode).toBe(201);
    const h = apiHeaders(secretOf(first));
    secret = (await t.app.inject({ method: "POST", url: "/api/my-user/two-factor", headers: h })).json().data.secret;
    expect((await t.app.inject({ method: "POST", url: "/api/my-user/two-factor/verification", headers: h, payload: { otp: otpNow() } })).statusCode).toBe(200);
    expect(await asked("browser-A")).toBe(true);

    clock.advance(30_000);
    const passed = await signIn("browser-A", otpNow());
    expect(passed.statusCode, passed.body).toBe(201);
    clock.advance(30_000);
    // Trusted now: the password alone, no code.
    const again = await signIn("browser-A");
    expect(again.statusCode, again.body).toBe(201);
    // Another browser, and a call without a browser id, are asked.
    expect(await asked("browser-B")).toBe(true);
    expect(await asked(null)).toBe(true);

    // Forgetting browser A (from its own session) asks it again.
    const session = apiHeaders(secretOf(again));
    const devices = (await t.app.inject({ method: "GET", url: "/api/my-trusted-devices", headers: { ...session, "api-device-id": "browser-A" } })).json().data as Array<{ publicId: string; current: boolean }>;
    const current = devices.find((d) => d.current)!;
    expect((await t.app.inject({ method: "DELETE", url: `/api/my-trusted-devices/${current.publicId}`, headers: session })).statusCode).toBe(200);
    expect(await asked("browser-A")).toBe(true);
  });

  it("a wrong code from an untrusted browser is refused and does not make it trusted", async () => {
    const wrong = otpNow() === "000000" ? "111111" : "000000";
    expect((await signIn("browser-C", wrong)).statusCode).toBe(401);
    expect(await asked("browser-C")).toBe(true);
  });

  it("turning two-factor off and on again asks every browser again", async () => {
    clock.advance(30_000);
    const session = await signIn("browser-D", otpNow());
    expect(session.statusCode).toBe(201);
    expect(await asked("browser-D")).toBe(false);
    const h = apiHeaders(secretOf(session));
    expect((await t.app.inject({ method: "DELETE", url: "/api/my-user/two-factor", headers: h, payload: { otp: otpNow() } })).statusCode).toBe(200);
    secret = (await t.app.inject({ method: "POST", url: "/api/my-user/two-factor", headers: h })).json().data.secret;
    expect((await t.app.inject({ method: "POST", url: "/api/my-user/two-factor/verification", headers: h, payload: { otp: otpNow() } })).statusCode).toBe(200);
    expect(await asked("browser-D")).toBe(true);
  });
});
