/**
 * `portal translations export|import` with the real binary against the real server: the whole
 * file is checked before anything is written, failing entries are named by line, batches are
 * upserted, dry runs write nothing, --create-only leaves existing keys, and a network fault
 * midway leaves earlier batches written and is completed by running the import again.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
  const r = await runPortal(["login", "--url", server.url, "--email", "translator@example.com", "--password-stdin"], { env, input: `${DEMO_PASSWORD}\n` });
  expect(r.code, r.stderr).toBe(0);
}, 120_000);
afterAll(async () => { await server?.stop(); });

type Entry = { key: string; languages: Record<string, string> };
const exported = async (): Promise<Entry[]> => {
  const r = await runPortal(["translations", "export"], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const jsonFile = (name: string, entries: unknown[]) => file(name, `[\n${entries.map((e) => `  ${JSON.stringify(e)}`).join(",\n")}\n]\n`);
const lines = (text: string) => text.split("\n").filter((l) => l.trim() !== "");

describe("translations import", () => {
  it("rejects a file with failing entries, names their lines, and writes nothing (even from clean batches)", async () => {
    const before = await exported();
    const entries: unknown[] = Array.from({ length: 25 }, (_, i) => ({ key: `BATCH_OK_${i}`, languages: { en: `ok ${i}` } }));
    entries[21] = { key: "bad key", languages: { en: "x" } };
    entries[22] = { key: "NO_EN", languages: { de: "nur deutsch" } };
    entries[24] = { key: "BATCH_OK_3", languages: { en: "again" } };
    // Entry i sits on line i + 2; with 10 per batch the failures are in batch 3 only.
    const r = await runPortal(["translations", "import", jsonFile("bad.json", entries), "--batch-size", "10"], { env });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      "line 23 (bad key): key: Value does not match regex expression",
      "line 24 (NO_EN): languages: Required language missing: en",
      "line 26 (BATCH_OK_3): key: Duplicate",
      "error: 3 of 25 entries are rejected (first at line 23); nothing was written",
    ]);
    expect(await exported()).toEqual(before);
  });

  it("imports JSON in batches, then a second run changes nothing", async () => {
    const entries = Array.from({ length: 2500 }, (_, i) => ({ key: `BULK_${String(i).padStart(5, "0")}`, languages: { en: `Text ${i}`, de: `Text ${i} de`, nl: `Tekst ${i}` } }));
    const path = jsonFile("bulk.json", entries);
    const first = await runPortal(["--json", "translations", "import", path], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ status: "success", total: 2500, batches: 3, added: 2500, changed: 0, unchanged: 0 });
    const plain = await runPortal(["translations", "import", path], { env });
    expect(plain.code).toBe(0);
    expect(lines(plain.stderr)).toEqual(["batch 1/3: 1000/2500 entries", "batch 2/3: 2000/2500 entries", "batch 3/3: 2500/2500 entries"]);
    expect(plain.stdout).toMatch(/^Imported 2500 entries in 3 batches: added 0, changed 0, unchanged 2500 \(/);
    const stored = new Map((await exported()).map((t) => [t.key, t.languages]));
    expect(stored.get("BULK_01234")).toEqual({ en: "Text 1234", de: "Text 1234 de", nl: "Tekst 1234" });
  });

  it("dry run prints what would be added, changed and left, and writes nothing; --create-only leaves existing keys", async () => {
    await runPortal(["translations", "import", jsonFile("seed.json", [{ key: "DRY_SAME", languages: { en: "same" } }, { key: "DRY_CHANGE", languages: { en: "old", de: "alt" } }])], { env });
    const path = jsonFile("dry.json", [
      { key: "DRY_SAME", languages: { en: "same" } },
      { key: "DRY_CHANGE", languages: { en: "new", de: "alt" } },
      { key: "DRY_NEW", languages: { en: "new one" } },
    ]);
    const before = await exported();
    const dry = await runPortal(["translations", "import", path, "--dry-run"], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(lines(dry.stdout)).toEqual([
      "add     DRY_NEW",
      "change  DRY_CHANGE (en)",
      "Dry run: would add 1, change 1 and leave 1 of 3 entries; nothing was written.",
    ]);
    const dryJson = JSON.parse((await runPortal(["--json", "translations", "import", path, "--dry-run", "--create-only"], { env })).stdout);
    expect(dryJson).toMatchObject({ dryRun: true, createOnly: true, add: ["DRY_NEW"], change: [], leave: ["DRY_CHANGE", "DRY_SAME"] });
    expect(await exported()).toEqual(before);

    const createOnly = await runPortal(["--json", "translations", "import", path, "--create-only"], { env });
    expect(JSON.parse(createOnly.stdout)).toMatchObject({ added: 1, changed: 0, unchanged: 2 });
    const stored = new Map((await exported()).map((t) => [t.key, t.languages]));
    expect(stored.get("DRY_CHANGE")).toEqual({ en: "old", de: "alt" });
    expect(stored.get("DRY_NEW")).toEqual({ en: "new one" });
  });

  it("CSV with quoting round-trips through export and import", async () => {
    const path = file("quoted.csv", 'key,en,de\r\nCSV_COMMA,"Hello, world","Hallo, Welt"\r\nCSV_QUOTE,"Say ""hi""",\r\nCSV_LINES,"two\nlines",zwei\r\n');
    const r = await runPortal(["translations", "import", path], { env });
    expect(r.code, r.stderr).toBe(0);
    const stored = new Map((await exported()).map((t) => [t.key, t.languages]));
    expect(stored.get("CSV_COMMA")).toEqual({ en: "Hello, world", de: "Hallo, Welt" });
    expect(stored.get("CSV_QUOTE")).toEqual({ en: 'Say "hi"' });
    expect(stored.get("CSV_LINES")).toEqual({ en: "two\nlines", de: "zwei" });

    const csv = await runPortal(["translations", "export", "--format", "csv"], { env });
    expect(csv.stdout.split("\n")[0]).toBe("key,en,de,nl");
    const again = await runPortal(["--json", "translations", "import", file("export.csv", csv.stdout), "--format", "csv"], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ added: 0, changed: 0 });
  });

  it("a CSV row with the wrong number of cells is reported by line", async () => {
    const r = await runPortal(["translations", "import", file("short.csv", "key,en,de\nOK_ROW,a,b\nSHORT_ROW,a\n")], { env });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)[0]).toBe("line 3 (SHORT_ROW): Expected 3 cells as in the header, found 2");
  });

  it("a missing file is rejected input (exit 1); an engineer without manage:translations gets exit 3", async () => {
    const missing = await runPortal(["translations", "import", join(dir, "nope.json")], { env });
    expect([missing.code, lines(missing.stderr)]).toEqual([1, [`error: No such file: ${join(dir, "nope.json")}`]]);
    const engineer = { PORTAL_CONFIG_DIR: freshConfigDir() };
    await runPortal(["login", "--url", server.url, "--email", "engineer@example.com", "--password-stdin"], { env: engineer, input: `${DEMO_PASSWORD}\n` });
    const refused = await runPortal(["translations", "import", jsonFile("one.json", [{ key: "ENG_KEY", languages: { en: "x" } }])], { env: engineer });
    expect(refused.code).toBe(3);
  });
});

describe("a network fault midway", () => {
  let proxy: Server;
  let proxyUrl: string;
  let upserts = 0;
  beforeAll(async () => {
    // Forwards to the real server, but drops the connection of the third upsert request.
    const target = new URL(server.url);
    proxy = createServer((req, res) => {
      if (req.method === "POST" && req.url?.includes("mode=upsert") && ++upserts === 3) {
        req.socket.destroy();
        return;
      }
      const forward = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it("leaves earlier batches written, nothing of the failed one, exits 4, and a rerun completes it", async () => {
    const secret = JSON.parse(readFileSync(join(dir, "credentials.json"), "utf8")).token.secretId as string;
    const entries = Array.from({ length: 50 }, (_, i) => ({ key: `NET_${String(i).padStart(2, "0")}`, languages: { en: `n ${i}` } }));
    const path = jsonFile("net.json", entries);
    const stopped = await runPortal(["translations", "import", path, "--batch-size", "10", "--url", proxyUrl], { env: { ...env, PORTAL_TOKEN: secret } });
    expect(stopped.code).toBe(4);
    expect(lines(stopped.stderr).at(-1)).toMatch(/^error: Cannot reach the portal API .*stopped at batch 3 of 5 \(from line 22\): 20 entries of earlier batches stay written.*running the same import again completes it/);
    const keys = new Set((await exported()).map((t) => t.key));
    expect(entries.filter((e) => keys.has(e.key)).map((e) => e.key)).toEqual(entries.slice(0, 20).map((e) => e.key));

    const rerun = await runPortal(["--json", "translations", "import", path, "--batch-size", "10"], { env });
    expect(JSON.parse(rerun.stdout)).toMatchObject({ total: 50, added: 30, unchanged: 20 });
  });
});
