/**
 * `pnpm bench:devices` in server/: the devices and access-request figures of issue 9, per
 * database kind (PGlite always; PostgreSQL when 127.0.0.1:5432 or DATABASE_URL answers):
 *
 * 1. The Devices list at 10,000 agents (`GET /api/agents?page-size=50`, first page and a search)
 *    under autocannon at 50 connections, against a bare Fastify route running the same SQL.
 * 2. Decision-to-notice latency with 1,000 event streams open (500 of the requester, 500 of the
 *    approver): for each of DECISIONS requests, the time from sending the approval until every
 *    one of the requester's 500 streams has the "access-request" event; p50 and p99 (target
 *    p99 < 200 ms).
 *
 * The servers run in a child process (devicesServers.ts). BENCH_SECONDS (default 10) sets each
 * list run, BENCH_DECISIONS (default 200) the number of decisions timed.
 */
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import type { DevicesReady } from "./devicesServers";

const SECONDS = Number(process.env["BENCH_SECONDS"] ?? 10);
const DECISIONS = Number(process.env["BENCH_DECISIONS"] ?? 200);
const STREAMS_EACH = 500;
/** The page size of the list runs (the baseline in devicesServers.ts serves the same). */
const PAGE_SIZE = 50;
const here = dirname(fileURLToPath(import.meta.url));
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function postgresServer(): Promise<string | undefined> {
  const candidate = process.env["DATABASE_URL"] ?? process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return candidate;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const r = await autocannon({ url, connections: 50, duration: seconds, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

/** Opens `n` event streams with these headers; `onEvent` is called with each stream's index per access-request event. */
async function openStreams(base: string, headers: Record<string, string>, n: number, onEvent: (data: string) => void) {
  const url = new URL(`${base}/api/events`);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const open: http.ClientRequest[] = [];
  await Promise.all(Array.from({ length: n }, () => new Promise<void>((resolve, reject) => {
    const request = http.get({ host: url.hostname, port: url.port, path: url.pathname, headers, agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        if (chunk.includes(": connected")) resolve();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes("event: access-request")) onEvent(block);
        }
      });
    });
    request.on("error", reject);
    open.push(request);
  })));
  return () => { for (const r of open) r.destroy(); agent.destroy(); };
}

const post = async (url: string, headers: Record<string, string>, body: unknown) => {
  const res = await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await res.json()) as { data: unknown };
  if (res.status >= 300) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
};

async function latency(ready: DevicesReady): Promise<void> {
  let waitingFor: { id: string; seen: number; done: () => void } | undefined;
  const onRequester = (block: string) => {
    if (waitingFor && block.includes(`"change":"approved"`) && block.includes(waitingFor.id) && ++waitingFor.seen === STREAMS_EACH) waitingFor.done();
  };
  const closeA = await openStreams(ready.realUrl, ready.requester, STREAMS_EACH, onRequester);
  const closeB = await openStreams(ready.realUrl, ready.approver, STREAMS_EACH, () => undefined);
  const times: number[] = [];
  try {
    for (let i = 0; i < DECISIONS; i++) {
      const start = Math.floor(Date.now() / 60_000) * 60_000 + 60 * 60_000;
      const [ref] = (await post(`${ready.realUrl}/api/agents/${ready.agentIds[i]}/access-requests`, ready.requester, {
        allowedApprovers: [{ publicId: ready.approverPublicId }], vpn: true, reason: "Bench",
        start: new Date(start).toISOString(), end: new Date(start + 30 * 60_000).toISOString(),
      })) as Array<{ publicId: string }>;
      await new Promise((r) => setTimeout(r, 20)); // let the "created" events drain first
      const arrived = new Promise<void>((resolve) => { waitingFor = { id: ref!.publicId, seen: 0, done: resolve }; });
      const sent = performance.now();
      await post(`${ready.realUrl}/api/access-requests/${ref!.publicId}/approval`, ready.approver, {});
      await arrived;
      times.push(performance.now() - sent);
    }
  } finally {
    closeA();
    closeB();
  }
  const p99 = pct(times, 99);
  console.log(`decision-to-notice, ${STREAMS_EACH * 2} streams open, ${DECISIONS} approvals: until all ${STREAMS_EACH} of the requester's streams have it`);
  console.log(`  p50 ${fmt(pct(times, 50), 1)} ms   p99 ${fmt(p99, 1)} ms   max ${fmt(Math.max(...times), 1)} ms (target p99 < 200 ms: ${p99 < 200 ? "met" : "MISSED"})`);
}

async function benchOn(kind: "pglite" | "postgres", adminUrl?: string): Promise<void> {
  console.log(`\n== ${kind === "pglite" ? "PGlite (embedded)" : `PostgreSQL (${new URL(adminUrl!).host})`} ==`);
  const child: ChildProcess = fork(join(here, "devicesServers.ts"), [kind], {
    execArgv: ["--import", "tsx"], env: { ...process.env, ...(adminUrl ? { TEST_POSTGRES_URL: adminUrl } : {}) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const ready = await new Promise<DevicesReady>((resolve, reject) => {
      child.once("message", (m) => resolve(m as DevicesReady));
      child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const list = `/api/agents?page-size=${PAGE_SIZE}`;
    console.log(`devices list at 10,000 agents, ${PAGE_SIZE} per page, 50 connections, ${SECONDS} s each (after 2 s warm-up)`);
    for (const [name, url, headers] of [
      ["bare Fastify, same SQL", ready.bareUrl + "/api/agents", {}],
      ["portal, first page", ready.realUrl + list, ready.requester],
      ["portal, search 'bench device 09'", ready.realUrl + `${list}&search=bench%20device%2009`, ready.requester],
      // One device by a name fragment (trigram index) rather than a tenth of them.
      ["portal, search 'device 09999'", ready.realUrl + `${list}&search=device%2009999`, ready.requester],
    ] as const) {
      await load(url, headers, 2);
      const r = await load(url, headers, SECONDS);
      console.log(`  ${name.padEnd(34)} ${fmt(r.rps).padStart(7)} req/s   p50 ${fmt(r.p50, 1).padStart(6)} ms   p99 ${fmt(r.p99, 1).padStart(7)} ms   failed ${r.bad}`);
    }
    await latency(ready);
  } finally {
    child.send({ type: "stop" });
    await new Promise((resolve) => { if (child.exitCode !== null) resolve(null); else child.once("exit", resolve); });
  }
}

await benchOn("pglite");
const server = await postgresServer();
if (server) await benchOn("postgres", server);
else console.log("\nPostgreSQL does not answer: skipped the PostgreSQL runs.");
