/**
 * Where the time goes: runs the bench server process (benchServers.ts) under V8's CPU profiler,
 * puts one load on it, and prints the functions with the most self time and the packages they
 * belong to. `npx tsx bench/profile.ts hit|miss|bare|sql|upsert [seconds] [pglite|postgres]` in server/; the .cpuprofile
 * file stays in the printed folder (open it in Chrome's DevTools for a flame graph).
 */
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { Ready } from "./benchServers";
import { LIST_URL } from "./benchShared";

const scenario = process.argv[2] ?? "hit";
const seconds = Number(process.argv[3] ?? 8);
const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "portal-profile-"));

const kind = process.argv[4] ?? "pglite";
const child = fork(join(here, "benchServers.ts"), [kind], {
  execArgv: ["--import", "tsx"],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const next = <M>() => new Promise<M>((resolve) => child.once("message", (m) => resolve(m as M)));
const ready = await next<Ready>();
const file = join(dir, `${scenario}.cpuprofile`);
// "bare": the baseline of the hit (bare Fastify sending the same bytes), to compare profiles.
// "sql": the miss's baseline (bare Fastify running the same SQL).
const url = scenario === "bare" ? `${ready.bareUrl}/api/group-types` : scenario === "sql" ? `${ready.bareUrl}/sql/group-types` : (scenario === "miss" ? ready.missUrl : ready.realUrl) + LIST_URL;
// Warm first, then profile the load alone (not the start of the process).
if (scenario !== "upsert") await autocannon({ url, connections: 50, duration: 2, headers: ready.headers });
child.send({ type: "prof-start" });
await next();
if (scenario === "upsert") {
  child.send({ type: "upsert", runs: 5 });
  await next();
} else {
  const result = await autocannon({ url, connections: 50, duration: seconds, headers: ready.headers });
  console.log(`answers: ${result.requests.total} (${Math.round(result.requests.average)} req/s)`);
}
child.send({ type: "prof-stop", file });
await next();
child.send({ type: "stop" });
await new Promise((resolve) => child.once("exit", resolve));

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const us = self.get(node.id) ?? 0;
  if (us === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*node_modules\/\.pnpm\/([^/]+)\/.*$/, "$1").replace(/^.*\/(server|core)\/src\//, "$1/src/");
  const fn = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const pkg = url === "" ? functionName : url.includes("node_modules") ? where : url.startsWith("node:") ? "node internals" : where.split("/").slice(0, 2).join("/");
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)
  .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`).join("\n");
console.log(`profile of "${scenario}" (${(total / 1e6).toFixed(1)} s of samples): ${file}`);
console.log("by package:\n" + top(byPackage, 15));
console.log("by function (self time):\n" + top(byFunction, 30));
