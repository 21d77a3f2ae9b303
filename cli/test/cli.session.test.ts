/**
 * The real `portal` binary against the real server: login, logout, the credentials file,
 * PORTAL_TOKEN, exit codes, and the group-types commands.
 */
import { chmodSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, freshConfigDir, runPortal, startPortalServer, type PortalServer } from "./support/portal";

let server: PortalServer;
beforeAll(async () => { server = await startPortalServer(); }, 120_000);
afterAll(async () => { await server?.stop(); });

const loginAs = async (email: string, extra: string[] = []) => {
  const dir = freshConfigDir();
  const env = { PORTAL_CONFIG_DIR: dir };
  const r = await runPortal(["login", "--url", server.url, "--email", email, "--password-stdin", ...extra], { env, input: `${DEMO_PASSWORD}\n` });
  expect(r.code, r.stderr).toBe(0);
  return { dir, env };
};

const lines = (text: string) => text.split("\n").filter((l) => l.trim() !== "");

describe("login and logout", () => {
  it("login keeps url, company and token in a 0600 file", async () => {
    const { dir } = await loginAs("admin@example.com");
    const path = join(dir, "credentials.json");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(path, "utf8"));
    expect(saved).toMatchObject({ url: server.url, company: expect.any(String), token: { publicId: expect.any(String), secretId: expect.any(String), expiresOn: expect.any(String) } });
  });

  it("a wrong password exits 3 with one line and writes no file", async () => {
    const dir = freshConfigDir();
    const r = await runPortal(["login", "--url", server.url, "--email", "admin@example.com", "--password-stdin"], { env: { PORTAL_CONFIG_DIR: dir }, input: "wrong\n" });
    expect(r.code).toBe(3);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: Not signed in: Invalid email or password/)]);
    expect(() => statSync(join(dir, "credentials.json"))).toThrow();
  });

  it("--json answers one JSON object, on success and on failure", async () => {
    const dir = freshConfigDir();
    const ok = await runPortal(["--json", "login", "--url", server.url, "--email", "translator@example.com", "--password-stdin"], { env: { PORTAL_CONFIG_DIR: dir }, input: `${DEMO_PASSWORD}\n` });
    expect(JSON.parse(ok.stdout)).toMatchObject({ status: "success", email: "translator@example.com", company: { name: "Demo Company" } });
    const bad = await runPortal(["--json", "group-types", "remove", "nope"], { env: { PORTAL_CONFIG_DIR: dir } });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ status: "error", exitCode: 1, error: "NotFound" });
  });

  it("logout ends the token on the server and deletes the file", async () => {
    const { dir, env } = await loginAs("admin@example.com");
    const secret = JSON.parse(readFileSync(join(dir, "credentials.json"), "utf8")).token.secretId as string;
    const out = await runPortal(["logout"], { env });
    expect(out.code).toBe(0);
    expect(() => statSync(join(dir, "credentials.json"))).toThrow();
    const after = await runPortal(["group-types", "list", "--url", server.url], { env: { ...env, PORTAL_TOKEN: secret } });
    expect(after.code).toBe(3);
    const again = await runPortal(["logout"], { env });
    expect([again.code, again.stdout.trim()]).toEqual([0, "Not logged in; nothing to do."]);
  });

  it("PORTAL_TOKEN overrides the file, with PORTAL_URL", async () => {
    const { dir } = await loginAs("admin@example.com");
    const secret = JSON.parse(readFileSync(join(dir, "credentials.json"), "utf8")).token.secretId as string;
    const r = await runPortal(["--json", "group-types", "list"], { env: { PORTAL_CONFIG_DIR: freshConfigDir(), PORTAL_TOKEN: secret, PORTAL_URL: server.url } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).map((g: { name: string }) => g.name)).toContain("Department");
  });

  it("refuses a credentials file others can read (exit 3)", async () => {
    const { dir, env } = await loginAs("admin@example.com");
    chmodSync(join(dir, "credentials.json"), 0o644);
    const r = await runPortal(["group-types", "list"], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/readable by others \(mode 644\)/);
  });

  it("exit codes: 3 without login, 2 for usage, 4 when the server cannot be reached", async () => {
    const env = { PORTAL_CONFIG_DIR: freshConfigDir() };
    expect((await runPortal(["group-types", "list", "--url", server.url], { env })).code).toBe(3);
    expect((await runPortal(["group-types", "frobnicate"], { env })).code).toBe(2);
    expect((await runPortal(["translations", "export", "--format", "xml", "--url", server.url], { env: { ...env, PORTAL_TOKEN: "x" } })).code).toBe(2);
    expect((await runPortal(["group-types", "add"], { env })).code).toBe(2);
    const down = await runPortal(["group-types", "list", "--url", "http://127.0.0.1:9"], { env: { ...env, PORTAL_TOKEN: "x" } });
    expect(down.code).toBe(4);
    expect(lines(down.stderr)).toEqual(["error: Cannot reach the portal API (network error or time-out)"]);
  });
});

describe("group-types", () => {
  it("list, add, rename, reorder and remove as an administrator", async () => {
    const { env } = await loginAs("admin@example.com");
    const list = async () => JSON.parse((await runPortal(["--json", "group-types", "list"], { env })).stdout) as Array<{ publicId: string; name: string; color: string | null; order: number }>;
    const before = await list();
    expect(before.map((g) => g.name).slice(0, 2)).toEqual(["Department", "Location"]);

    const plain = await runPortal(["group-types", "list"], { env });
    expect(lines(plain.stdout)[0]).toMatch(/^ID\s+NAME\s+COLOR\s+ORDER$/);

    // The administrator holds manage:subgroups, so the colour is required (core's rule, checked before sending).
    const noColor = await runPortal(["group-types", "add", "Line"], { env });
    expect([noColor.code, lines(noColor.stderr)]).toEqual([1, ["error: Rejected: color: REQUIRED (pass --color #rrggbb)"]]);
    const added = await runPortal(["--json", "group-types", "add", "Line", "--color", "#AABBCC"], { env });
    expect(added.code, added.stderr).toBe(0);
    const id = JSON.parse(added.stdout).publicId as string;
    const clash = await runPortal(["group-types", "add", " department ", "--color", "#123456"], { env });
    expect([clash.code, clash.stderr]).toEqual([1, expect.stringContaining("NAME_ALREADY_IN_USE")]);

    expect((await runPortal(["group-types", "rename", id, "Production line"], { env })).code).toBe(0);
    const renamed = (await list()).find((g) => g.publicId === id);
    expect(renamed).toMatchObject({ name: "Production line", color: "#aabbcc", order: before.at(-1)!.order + 1000 });

    const reordered = await runPortal(["--json", "group-types", "reorder", id, before[1]!.publicId], { env });
    expect(reordered.code, reordered.stderr).toBe(0);
    const after = await list();
    expect(after.map((g) => g.publicId).slice(0, 3)).toEqual([id, before[1]!.publicId, before[0]!.publicId]);
    expect(after.map((g) => g.order)).toEqual(after.map((_, i) => i * 1000));

    const inUse = await runPortal(["group-types", "remove", before[0]!.publicId], { env });
    expect([inUse.code, inUse.stderr]).toEqual([1, expect.stringContaining("CANNOT_DELETE_GROUP_TYPE")]);
    expect((await runPortal(["group-types", "remove", id], { env })).code).toBe(0);
    expect((await list()).some((g) => g.publicId === id)).toBe(false);
  });

  it("a translator (no manage:subgroups) adds without a colour; an engineer is refused with exit 3", async () => {
    const translator = await loginAs("translator@example.com");
    const r = await runPortal(["group-types", "add", "Shift team"], { env: translator.env });
    expect(r.code, r.stderr).toBe(0);
    const engineer = await loginAs("engineer@example.com");
    const refused = await runPortal(["group-types", "add", "Another"], { env: engineer.env });
    expect(refused.code).toBe(3);
    expect(lines(refused.stderr)).toEqual([expect.stringMatching(/^error: Not allowed/)]);
  });
});
