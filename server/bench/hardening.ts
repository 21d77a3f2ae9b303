/**
 * The hardening figures of `pnpm bench` (issue 14), run against a bench server child:
 *
 * - mixedLoad: 50 connections reading lists and 5 creating translations at once for
 *   BENCH_MIXED_SECONDS (default 60); req/s, p99 and errors of each side, then the rows under
 *   the run's key prefix counted in the database against the 201 answers (no write lost).
 * - bulkUnderWatch: one POST of BULK_MAX_ITEMS group types while GET /api/health is asked every
 *   25 ms; the server's worst event-loop delay (perf_hooks.monitorEventLoopDelay) and the health
 *   latencies; and 1,000 items against 10,000, time per item.
 * - fanOut: 5,000 open event streams of one user; the time from publishing one event until every
 *   stream has it.
 */
import http from "node:http";
import autocannon from "autocannon";
import { BULK_MAX_ITEMS } from "@portal/core/constants";
import type { Count, LoopDelay, Ready } from "./benchServers";

export interface Channel {
  send(message: object): void;
  next<M>(): Promise<M>;
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function mixedLoad(ready: Ready, channel: Channel, seconds: number, run: string): Promise<void> {
  const prefix = `MIX${run}_`;
  let next = 0;
  const answered: string[] = [];
  const readers = autocannon({
    url: ready.realUrl, connections: 50, duration: seconds, headers: ready.headers,
    requests: [
      { method: "GET", path: "/api/group-types?fields=color,name,order&page-size=100" },
      { method: "GET", path: "/api/translations?page-size=50" },
      { method: "GET", path: "/api/asset-types" },
    ],
  });
  const writers = autocannon({
    url: ready.realUrl, connections: 5, duration: seconds, headers: { ...ready.headers, "content-type": "application/json" },
    requests: [{
      method: "POST", path: "/api/translations",
      // The key of a connection's request in flight is kept in its context until the answer.
      setupRequest: (request, context: { key?: string }) => {
        context.key = `${prefix}${next++}`;
        return { ...request, body: JSON.stringify({ key: context.key, languages: { en: "Mixed load", de: "Gemischte Last" } }) };
      },
      onResponse: (status, _body, context: { key?: string }) => { if (status === 201 && context.key) answered.push(context.key); },
    }],
  });
  const [r, w] = await Promise.all([readers, writers]);
  channel.send({ type: "count", prefix, keys: answered });
  const { rows, ofKeys } = await channel.next<Count>();
  const line = (name: string, x: autocannon.Result) =>
    console.log(`  ${name.padEnd(34)} ${fmt(x.requests.average).padStart(7)} req/s   p50 ${fmt(x.latency.p50, 1).padStart(6)} ms   p99 ${fmt(x.latency.p99, 1).padStart(7)} ms   non-2xx ${x.non2xx}, errors ${x.errors}, timeouts ${x.timeouts}`);
  console.log(`mixed load, ${seconds} s (BENCH_MIXED_SECONDS):`);
  line("50 readers (3 lists in turn)", r);
  line("5 writers (POST /api/translations)", w);
  const lost = answered.length - ofKeys;
  console.log(`  writes sent ${next}, answered 201: ${answered.length}; of those in the database: ${ofKeys} (${lost === 0 ? "no write lost" : `${lost} LOST`}); ` +
    `rows under ${prefix}: ${rows} (the ${rows - answered.length} more were in flight when the run stopped)`);
}

async function bulkPost(ready: Ready, items: number, prefix: string): Promise<{ ms: number; status: number }> {
  const body = JSON.stringify(Array.from({ length: items }, (_, i) => ({ name: `${prefix} ${i}`, color: "#4477aa" })));
  const started = performance.now();
  const res = await fetch(`${ready.realUrl}/api/group-types`, { method: "POST", headers: { ...ready.headers, "content-type": "application/json" }, body });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

export async function bulkUnderWatch(ready: Ready, channel: Channel, run: string): Promise<void> {
  const small = await bulkPost(ready, 1000, `Warm ${run}`);
  channel.send({ type: "loop-start" });
  await channel.next();
  const health: number[] = [];
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${ready.realUrl}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const big = await bulkPost(ready, BULK_MAX_ITEMS, `Bulk ${run}`);
  done = true;
  await poll;
  channel.send({ type: "loop-stop" });
  const loop = await channel.next<LoopDelay>();
  const sorted = [...health].sort((a, b) => a - b);
  console.log(`bulk POST /api/group-types: 1,000 items ${fmt(small.ms)} ms (${fmt(small.ms / 1000, 3)} ms/item, ${small.status}); ` +
    `${fmt(BULK_MAX_ITEMS)} items ${fmt(big.ms)} ms (${fmt(big.ms / BULK_MAX_ITEMS, 3)} ms/item, ${big.status})`);
  console.log(`  server event-loop delay during the ${fmt(BULK_MAX_ITEMS)}-item call: max ${fmt(loop.maxMs, 1)} ms, p99 ${fmt(loop.p99Ms, 1)} ms, mean ${fmt(loop.meanMs, 1)} ms (target: max < 50 ms)`);
  console.log(`  GET /api/health meanwhile: ${health.length} answers, median ${fmt(sorted[Math.floor(sorted.length / 2)] ?? 0, 1)} ms, max ${fmt(sorted[sorted.length - 1] ?? 0, 1)} ms`);
}

export async function fanOut(ready: Ready, channel: Channel, streams: number): Promise<void> {
  const url = new URL(`${ready.realUrl}/api/events`);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let received = 0;
  let allReceived: () => void = () => {};
  const everyone = new Promise<void>((resolve) => { allReceived = resolve; });
  const open: http.ClientRequest[] = [];
  const opened = performance.now();
  // Opened 250 at a time: 5,000 connects at once overflow the listen backlog (ECONNRESET).
  const openOne = () => new Promise<void>((resolve, reject) => {
    const request = http.get({ host: url.hostname, port: url.port, path: url.pathname, headers: ready.headers, agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let seen = false;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (chunk.includes(": connected")) resolve();
        if (!seen && chunk.includes("event: BenchEvent")) {
          seen = true;
          if (++received === streams) allReceived();
        }
      });
    });
    request.on("error", reject);
    open.push(request);
  });
  for (let i = 0; i < streams; i += 250) await Promise.all(Array.from({ length: Math.min(250, streams - i) }, openOne));
  const openMs = performance.now() - opened;
  // Let the servers' subscriptions settle (each replays from its start position first).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const started = performance.now();
  channel.send({ type: "publish" });
  await channel.next();
  await everyone;
  const ms = performance.now() - started;
  for (const request of open) request.destroy();
  agent.destroy();
  console.log(`event fan-out: ${fmt(streams)} open streams of one user (opened in ${fmt(openMs)} ms); one event reached all of them in ${fmt(ms)} ms`);
}
