/**
 * `portal login` for a user enrolled in TOTP two-factor: the real binary against the real server
 * (its own fresh PGlite database, so the enrolment touches no other test). The user is enrolled
 * through the API as the web does it (enrol -> secret, verify a code -> enabled); the codes come
 * from an RFC 6238 implementation of the test's own (support/totp.ts). The terminal path runs
 * the binary under util-linux `script`, which gives it a pseudo-terminal.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, PORTAL_BIN, freshConfigDir, runPortal, startPortalServer, type PortalServer } from "./support/portal";
import { totpAt, wrongTotpAt } from "./support/totp";

const EMAIL = "approver@example.com";

let server: PortalServer;
let secret: string;
let backupCodes: string[];

/** One API call with the api.md headers; answers status and the envelope's data. */
async function api(method: string, path: string, auth: string, body?: unknown): Promise<{ status: number; data: any }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { "api-version": "2", authorization: auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, data: ((await res.json()) as { data: unknown }).data };
}

const basic = (otp: string) => `Basic ${Buffer.from(`${EMAIL}:${otp}:${DEMO_PASSWORD}`).toString("base64")}`;

beforeAll(async () => {
  server = await startPortalServer();
  const session = await api("POST", "/api/access-tokens", basic(""), { expiresIn: 3600 });
  expect(session.status).toBe(201);
  const bearer = `Bearer ${session.data.secretId as string}`;
  const enrol = await api("POST", "/api/my-user/two-factor", bearer);
  expect(enrol.status).toBe(201);
  secret = enrol.data.secret;
  const verified = await api("POST", "/api/my-user/two-factor/verification", bearer, { otp: totpAt(secret, Date.now()) });
  expect(verified.status, JSON.stringify(verified.data)).toBe(200);
  backupCodes = verified.data.backupCodes;
  // The precondition of every test below: the server now wants a code from this user.
  const without = await api("POST", "/api/access-tokens", basic(""), { expiresIn: 3600 });
  expect([without.status, without.data]).toEqual([401, [{ message: "TWO_FACTOR_REQUIRED", propertyName: "otp" }]]);
}, 120_000);
afterAll(async () => { await server?.stop(); });

const lines = (text: string) => text.split("\n").filter((l) => l.trim() !== "");
const credentialsIn = (dir: string) => join(dir, "credentials.json");
const login = (dir: string, extra: string[], input: string, json = false) =>
  runPortal([...(json ? ["--json"] : []), "login", "--url", server.url, "--email", EMAIL, "--password-stdin", ...extra], { env: { PORTAL_CONFIG_DIR: dir }, input });

describe("the test's code generator", () => {
  it("gives RFC 6238's SHA-1 codes (appendix B, last 6 digits)", () => {
    const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"; // base32 of the ASCII "12345678901234567890"
    expect([59, 1111111109, 1111111111, 1234567890, 2000000000, 20000000000].map((s) => totpAt(rfcSecret, s * 1000)))
      .toEqual(["287082", "081804", "050471", "005924", "279037", "353130"]);
  });
});

describe("portal login with two-factor", () => {
  it("--otp with the current code logs in, and a later command works with the stored token", async () => {
    const dir = freshConfigDir();
    const r = await login(dir, ["--otp", totpAt(secret, Date.now())], `${DEMO_PASSWORD}\n`, true);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "success", email: EMAIL, company: { name: "Demo Company" } });
    const saved = JSON.parse(readFileSync(credentialsIn(dir), "utf8"));
    const list = await runPortal(["--json", "group-types", "list"], { env: { PORTAL_CONFIG_DIR: dir } });
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).map((g: { name: string }) => g.name)).toContain("Department");
    // It is the saved token that works: once ended on the server, the same command is refused.
    expect((await api("DELETE", `/api/access-tokens/${saved.token.publicId as string}`, `Bearer ${saved.token.secretId as string}`)).status).toBe(200);
    expect((await runPortal(["group-types", "list"], { env: { PORTAL_CONFIG_DIR: dir } })).code).toBe(3);
  });

  it("reads the code from the line after the password when it is piped", async () => {
    const dir = freshConfigDir();
    const r = await login(dir, [], `${DEMO_PASSWORD}\n${totpAt(secret, Date.now())}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([expect.stringMatching(new RegExp(`^Logged in to .* as ${EMAIL}, company Demo Company`))]);
    expect((await runPortal(["group-types", "list"], { env: { PORTAL_CONFIG_DIR: dir } })).code).toBe(0);
  });

  it("a wrong code exits 3 with one clear line and writes no file, by --otp or on stdin", async () => {
    for (const [extra, input] of [
      [["--otp", wrongTotpAt(secret, Date.now())], `${DEMO_PASSWORD}\n`],
      [[], `${DEMO_PASSWORD}\n${wrongTotpAt(secret, Date.now())}\n`],
    ] as const) {
      const dir = freshConfigDir();
      const r = await login(dir, [...extra], input);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stdout).toBe("");
      expect(lines(r.stderr)).toEqual(["error: Not signed in: the one-time code is wrong or has expired (TWO_FACTOR_INVALID)"]);
      expect(existsSync(credentialsIn(dir))).toBe(false);
    }
    const dir = freshConfigDir();
    const json = await login(dir, ["--otp", wrongTotpAt(secret, Date.now())], `${DEMO_PASSWORD}\n`, true);
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: "error", exitCode: 3, error: "Unauthenticated", message: expect.stringContaining("TWO_FACTOR_INVALID") });
  });

  it("without a code it is refused with a line that says how to give one, and writes no file", async () => {
    const dir = freshConfigDir();
    const r = await login(dir, [], `${DEMO_PASSWORD}\n`);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `error: ${EMAIL} signs in with two-factor authentication: give the one-time code with --otp CODE or on the line after the password`,
    ]);
    expect(existsSync(credentialsIn(dir))).toBe(false);
    // An empty --otp is sent as no code: the server's refusal is said in words, exit 3.
    const empty = await login(dir, ["--otp", ""], `${DEMO_PASSWORD}\n`);
    expect([empty.code, lines(empty.stderr)]).toEqual([3, ["error: Not signed in: this account needs a one-time code (TWO_FACTOR_REQUIRED): pass --otp CODE"]]);
  });

  it("a backup code stands in for the code once", async () => {
    const first = await login(freshConfigDir(), ["--otp", backupCodes[0]!], `${DEMO_PASSWORD}\n`);
    expect(first.code, first.stderr).toBe(0);
    const again = await login(freshConfigDir(), ["--otp", backupCodes[0]!], `${DEMO_PASSWORD}\n`);
    expect([again.code, lines(again.stderr)]).toEqual([3, ["error: Not signed in: the one-time code is wrong or has expired (TWO_FACTOR_INVALID)"]]);
  });
});

// util-linux `script` gives the binary a pseudo-terminal: stdin.isTTY, raw mode, echo as a person sees it.
const hasScript = spawnSync("script", ["--version"]).status === 0;
if (!hasScript) console.info("skipping the terminal two-factor test: util-linux `script` is not installed");

describe.skipIf(!hasScript)("portal login with two-factor on a terminal", () => {
  it("asks the password without echo, then the one-time code, and logs in", async () => {
    const dir = freshConfigDir();
    const command = [process.execPath, PORTAL_BIN, "login", "--url", server.url, "--email", EMAIL].map((a) => `'${a}'`).join(" ");
    const child = spawn("script", ["-qec", command, "/dev/null"], { env: { ...process.env, PORTAL_CONFIG_DIR: dir }, stdio: ["pipe", "pipe", "pipe"] });
    let screen = "";
    child.stdout.on("data", (c: Buffer) => { screen += c.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const waitFor = async (text: string) => {
      for (let waited = 0; !screen.includes(text); waited += 50) {
        if (waited > 20_000 || child.exitCode !== null) throw new Error(`no "${text}" on the terminal; it shows:\n${screen}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      // The prompt is written just before raw mode is switched on: let that happen before typing.
      await new Promise((r) => setTimeout(r, 300));
    };
    try {
      await waitFor("Password: ");
      child.stdin.write(`${DEMO_PASSWORD}\r`);
      await waitFor("One-time code: ");
      const code = totpAt(secret, Date.now());
      child.stdin.write(`${code}\r`);
      expect(await exited, screen).toBe(0);
      expect(screen).not.toContain(DEMO_PASSWORD);
      // readline redraws the prompt line with cursor codes; what a person reads is the text.
      expect(screen.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "")).toContain(`One-time code: ${code}`);
      expect(screen).toMatch(new RegExp(`Logged in to .* as ${EMAIL}, company Demo Company`));
      expect(existsSync(credentialsIn(dir))).toBe(true);
    } finally {
      child.stdin.end();
      if (child.exitCode === null) child.kill();
    }
  });
});
