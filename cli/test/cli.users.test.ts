/**
 * `portal users list|export|invite|import` with the real binary against the real server: the
 * import checks every row first and writes nothing when one is bad (each row's result reported),
 * --dry-run writes nothing, a good file is one transaction, a server refusal (a member already)
 * names its row, and --json prints one object.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, freshConfigDir, runPortal, startPortalServer, type PortalServer } from "./support/portal";

let server: PortalServer;
let env: NodeJS.ProcessEnv;
let dir: string;
beforeAll(async () => {
  server = await startPortalServer();
  dir = freshConfigDir();
  env = { PORTAL_CONFIG_DIR: dir };
  const r = await runPortal(["login", "--url", server.url, "--email", "admin@example.com", "--password-stdin", "--company", "Demo Company"], { env, input: `${DEMO_PASSWORD}\n` });
  expect(r.code, r.stderr).toBe(0);
}, 120_000);
afterAll(async () => { await server?.stop(); });

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const invites = async (): Promise<string[]> => {
  const r = await runPortal(["users", "list", "--json"], { env });
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as Array<{ email: string }>).map((u) => u.email);
};

describe("portal users", () => {
  it("lists members with search and sort, and exports CSV with the header", async () => {
    const r = await runPortal(["users", "list", "--search", "ENGINEER", "--json"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject([{ email: "engineer@example.com", role: { name: "Engineer" } }]);
    const csv = await runPortal(["users", "export"], { env });
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split("\n");
    expect(lines[0]).toBe("email,name,role,expiresOn");
    expect(lines).toContain("admin@example.com,Ada Admin,Administrator,");
  });

  it("imports nothing when one row is bad, reporting each row; --dry-run writes nothing; a good file is one call", async () => {
    const bad = file("bad.csv", "email,name,role,expiresOn\nnew-a@example.com,New A,Viewer,\nnot-an-address,B,Viewer,\nnew-c@example.com,C,Nobody,\nnew-d@example.com,D,viewer,2001-01-01\n");
    const r = await runPortal(["users", "import", bad], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("line 2 new-a@example.com: not sent");
    expect(r.stderr).toContain("line 3 not-an-address: rejected - email: Enter an e-mail address such as name@example.com.");
    expect(r.stderr).toContain("line 4 new-c@example.com: rejected - role: This role does not exist in the company.");
    expect(r.stderr).toContain("line 5 new-d@example.com: rejected - expiresOn: The temporary access must end in the future");
    expect(r.stderr).toContain("3 of 4 rows rejected; nothing was written");

    const good = file("good.csv", "email,name,role,expiresOn\nnew-a@example.com,New A,Viewer,\n\"new-b@example.com\",\"B, the second\",engineer,2099-12-31\n");
    const dry = await runPortal(["users", "import", good, "--dry-run", "--json"], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ status: "success", dryRun: true, invited: 0, rows: [{ line: 2, result: "would invite" }, { line: 3, result: "would invite" }] });

    const done = await runPortal(["users", "import", good], { env });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain("Invited 2 users in one transaction.");
    // Invited, not yet members: running it again is refused by the server, naming the rows.
    const again = await runPortal(["users", "import", good, "--json"], { env });
    expect(again.code).toBe(1);
    const out = JSON.parse(again.stdout) as { status: string; issues: Array<{ line: number; message: string }> };
    expect(out.status).toBe("error");
    expect(out.issues.map((i) => i.line)).toEqual([2, 3]);
    expect(out.issues[0]!.message).toMatch(/pending invite/);
    expect(await invites()).not.toContain("new-a@example.com");
  });

  it("invites addresses given on the command line; a member already is refused and names the address", async () => {
    const r = await runPortal(["users", "invite", "cli-one@example.com", "cli-two@example.com", "--role", "Viewer"], { env });
    expect(r.code, r.stderr).toBe(0);
    const member = await runPortal(["users", "invite", "cli-three@example.com", "engineer@example.com", "--role", "Viewer"], { env });
    expect(member.code).toBe(1);
    expect(member.stderr).toContain("line 2 engineer@example.com: rejected - email: This person is already a member of this company.");
    const usage = await runPortal(["users", "invite", "x@example.com"], { env });
    expect(usage.code).toBe(2);
  });

  it("--role names any role of the company's roles list, also one no member holds yet", async () => {
    // "Group approver" is held only inside a group in the demo: no member has it as company role.
    const r = await runPortal(["users", "invite", "cli-group-approver@example.com", "--role", "group approver", "--json"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "success", invited: 1 });
    const unknown = await runPortal(["users", "invite", "cli-nobody@example.com", "--role", "Astronaut"], { env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("role");
  });
});
