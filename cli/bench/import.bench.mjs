#!/usr/bin/env node
// `npm run bench` (cli): imports 100,000 keys x 3 languages through the real `portal` binary
// into the real server (a child process on a fresh PGlite with the demo data) and prints wall
// time, entries/s and the CLI's peak RSS (reported by the CLI itself with PORTAL_REPORT_RSS=1).
// Baseline measured in the same run: the same rows sent by this plain script as one raw HTTP
// upsert per 1,000 rows, into a second company (so both runs add every key).
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const KEYS = Number(process.env.BENCH_KEYS ?? 100_000);
const BATCH = 1000;
const TARGET_RSS_MB = 300;
const cli = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(cli, "..");
const work = mkdtempSync(join(tmpdir(), "portal-cli-bench-"));

const entry = (i) => ({ key: `BENCH_KEY_${String(i).padStart(6, "0")}`, languages: { en: `English text ${i}`, de: `Deutscher Text ${i}`, nl: `Nederlandse tekst ${i}` } });

function startServer() {
  const child = spawn(process.execPath, [join(root, "server", "bin", "server.mjs")], {
    cwd: join(root, "server"),
    env: { ...process.env, PORT: "0", DATA_DIR: join(work, "data"), INIT_CWD: work, PORTAL_DEMO: "1", LOG: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
      const m = /Portal is running at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1].replace("localhost", "127.0.0.1"), child });
    });
    child.stderr.on("data", (c) => { out += c; });
    child.once("exit", (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
}

function portal(args, { env = {}, input = "" } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(cli, "bin", "portal.mjs"), ...args], { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => { stdout += c; });
    child.stderr.on("data", (c) => { stderr += c; });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

async function writeFile(path) {
  const out = createWriteStream(path);
  out.write("[\n");
  for (let i = 0; i < KEYS; i++) {
    if (!out.write(`${i === 0 ? "" : ",\n"}  ${JSON.stringify(entry(i))}`)) await once(out, "drain");
  }
  out.end("\n]\n");
  await once(out, "finish");
}

const { url, child: server } = await startServer();
try {
  const env = { PORTAL_CONFIG_DIR: join(work, "config") };
  const login = await portal(["--json", "login", "--url", url, "--email", "admin@example.com", "--password-stdin"], { env, input: "portal-demo\n" });
  if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
  const company = JSON.parse(login.stdout).company.publicId;
  const { token } = JSON.parse((await import("node:fs")).readFileSync(join(work, "config", "credentials.json"), "utf8"));
  const headers = { "Api-Version": "2", Authorization: `Bearer ${token.secretId}`, "Content-Type": "application/json" };
  const companies = (await (await fetch(`${url}/api/my-companies`, { headers })).json()).data;
  const other = companies.find((c) => c.publicId !== company);
  if (!other) throw new Error("the baseline needs a second company of the admin");

  const file = join(work, "translations.json");
  await writeFile(file);

  // Baseline: the same rows, one raw upsert per batch, from this script.
  let started = performance.now();
  for (let from = 0; from < KEYS; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(KEYS, from + BATCH); i++) rows.push(entry(i));
    const r = await fetch(`${url}/api/translations?mode=upsert`, { method: "POST", headers: { ...headers, "Api-Company": other.publicId }, body: JSON.stringify(rows) });
    if (!r.ok) throw new Error(`baseline upsert failed: ${r.status} ${await r.text()}`);
  }
  const baselineSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  const run = await portal(["--json", "translations", "import", file], { env: { ...env, PORTAL_REPORT_RSS: "1" } });
  const cliSeconds = (performance.now() - started) / 1000;
  if (run.code !== 0) throw new Error(`import failed (${run.code}): ${run.stderr}`);
  const result = JSON.parse(run.stdout);
  const rss = Number(/portal-peak-rss-bytes (\d+)/.exec(run.stderr)?.[1] ?? NaN) / 1024 / 1024;

  const rate = (s) => Math.round(KEYS / s).toLocaleString("en-US");
  console.log(`\nportal translations import: ${KEYS.toLocaleString("en-US")} keys x 3 languages (${BATCH} per batch)`);
  console.log(`  CLI (real binary, whole-file check + upserts): ${cliSeconds.toFixed(1)} s wall, ${rate(cliSeconds)} entries/s, added ${result.added}`);
  console.log(`    of which the import itself (after start-up):  ${result.seconds.toFixed(1)} s`);
  console.log(`  CLI peak RSS: ${rss.toFixed(0)} MB (target under ${TARGET_RSS_MB} MB: ${rss < TARGET_RSS_MB ? "met" : "NOT met"})`);
  console.log(`  baseline (raw HTTP upsert per batch from a script): ${baselineSeconds.toFixed(1)} s, ${rate(baselineSeconds)} entries/s`);
  console.log(`  CLI / baseline: ${(cliSeconds / baselineSeconds).toFixed(2)}x`);
  if (!(rss < TARGET_RSS_MB)) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await Promise.race([once(server, "exit"), new Promise((r) => setTimeout(r, 5000))]);
  rmSync(work, { recursive: true, force: true });
}
