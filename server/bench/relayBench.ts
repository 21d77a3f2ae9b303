/**
 * `pnpm bench:relay` in server/: the remote-access figures of issue 10, each beside a baseline
 * taken in the same run. Four processes: this one (the device's TCP services, the load and the
 * stopwatch), the portal with its relay (relayServer.ts, stepped clock; on PostgreSQL when
 * 127.0.0.1:5432 or TEST_POSTGRES_URL answers, else PGlite; BENCH_RELAY_DB=pglite|postgres), the device agent
 * (`portal agent`) and the local VPN client (`portal vpn-client`). A "tunnel" connection goes
 * from here to the client's local port, over the relay and the agent, back to a service here.
 *
 * 1. Throughput: BENCH_RELAY_BYTES (default 1 GiB) into a sink, direct loopback against the
 *    tunnel; MB/s, the ratio (target >= 0.5x), peak RSS of each process during the copy.
 * 2. Connect-to-first-byte: BENCH_RELAY_CONNECTS (default 500) times a new connection, 1 byte to
 *    the echo and back; p50/p99 direct and tunnel (target: under 1 ms added at the median).
 * 3. 1,000 idle tunnels: the portal's RSS and heap (after GC) before and with them open.
 * 4. Slow reader (64 KB per 100 ms for 5 s), both directions: RSS growth of each process.
 * 5. Revoke to closed stream: 20 times on Line 1 Router (approval needed), from the revocation
 *    call's answer (and from sending it) to the close of the connection at the client's port.
 */
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import pg from "pg";
import { startAgent, startClient, startServer, stopChild } from "./relayEnds";
import { CHUNK, cpuSeconds, percentile, pushFast, readSlowly, rssMb, sampleRss, startServices, SLOW_BYTES, SLOW_EVERY_MS, type Services } from "./relayServices";

const BYTES = Number(process.env["BENCH_RELAY_BYTES"] ?? 1024 ** 3);
const CONNECTS = Number(process.env["BENCH_RELAY_CONNECTS"] ?? 500);
const IDLE = Number(process.env["BENCH_RELAY_IDLE"] ?? 1000);
const ROUNDS = Number(process.env["BENCH_RELAY_ROUNDS"] ?? 3);
/** BENCH_RELAY_PARTS=1,2 runs only those parts (numbers as below); all five unless given. */
const parts = new Set((process.env["BENCH_RELAY_PARTS"] ?? "1,2,3,4,5").split(",").map(Number));
const SLOW_SECONDS = 5;
const REVOKES = 20;
type Address = { host: string; port: number };
const MB = 1024 * 1024;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const maxOf = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [k, Math.max(a[k] ?? 0, b[k] ?? 0)]));
const direct = (port: number): Address => ({ host: "127.0.0.1", port });
const rows: Array<[string, string, string, string]> = [];

/** Sends `bytes` to the sink through `to`; resolves with MB/s from the first write until the sink has seen the end. */
async function copy(services: Services, to: Address, bytes: number): Promise<number> {
  const counted = services.nextSink();
  const socket = connect(to);
  await once(socket, "connect");
  const began = performance.now();
  for (let sent = 0; sent < bytes;) {
    const chunk = bytes - sent >= CHUNK.byteLength ? CHUNK : CHUNK.subarray(0, bytes - sent);
    sent += chunk.byteLength;
    if (!socket.write(chunk)) await once(socket, "drain");
  }
  socket.end();
  const got = await counted;
  const ms = performance.now() - began;
  socket.destroy();
  if (got !== bytes) throw new Error(`the sink got ${got} bytes of ${bytes}`);
  return bytes / MB / (ms / 1000);
}

/** A new connection, 1 byte out, until it is back: ms. */
async function firstByte(to: Address): Promise<number> {
  const began = performance.now();
  const socket = connect(to);
  socket.setNoDelay(true);
  socket.write(Buffer.of(42));
  await once(socket, "data");
  const ms = performance.now() - began;
  socket.destroy();
  return ms;
}

const mbOf = (x: Record<string, number>, digits = 0) => Object.entries(x).map(([k, v]) => `${k} ${fmt(v, digits)}`).join(", ");

/** Whether PostgreSQL answers (asked here with pg alone: importing the test helpers would load the whole server into this process). */
async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres", connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const kind = (process.env["BENCH_RELAY_DB"] ?? ((await postgresAnswers()) ? "postgres" : "pglite")) as "pglite" | "postgres";
const services = await startServices();
const server = await startServer(kind);
const agent = await startAgent(server, services.ports);
const client = await startClient(server);
const pids = { portal: server.child.pid!, agent: agent.pid!, client: client.child.pid!, bench: process.pid };
const { line1, line2, engineer } = server.ready;
console.log(`relay bench: portal pid ${pids.portal} (${kind === "postgres" ? "PostgreSQL" : "PGlite"}), agent pid ${pids.agent}, VPN client pid ${pids.client}, bench pid ${pids.bench}; load average ${loadavg().map((l) => fmt(l, 1)).join(", ")} on ${availableParallelism()} cores`);

try {
  const local = await client.connect(line2.publicId, engineer);
  const tunnel = (kind: keyof typeof line2.services) => local[line2.services[kind]]!;

  // 1. Throughput, after a 64 MB warm-up each way; ROUNDS alternating copies of each, so that
  // both sides see the same machine load (other work on a shared machine changes within seconds).
  if (parts.has(1)) {
    await copy(services, direct(services.ports.sink), 64 * MB);
    await copy(services, tunnel("sink"), 64 * MB);
    const directRates: number[] = [];
    const tunnelRates: number[] = [];
    let directCpuMs = 0;
    const cpuMs: Record<string, number> = Object.fromEntries(Object.keys(pids).map((k) => [k, 0]));
    let directPeak: Record<string, number> = {};
    let tunnelRss = { first: {} as Record<string, number>, peak: {} as Record<string, number> };
    for (let round = 0; round < ROUNDS; round++) {
      let rss = sampleRss({ bench: pids.bench });
      const benchCpu = cpuSeconds(pids.bench);
      directRates.push(await copy(services, direct(services.ports.sink), BYTES));
      directCpuMs += 1000 * (cpuSeconds(pids.bench) - benchCpu);
      directPeak = maxOf(directPeak, rss.stop().peak);
      rss = sampleRss(pids);
      const cpuBefore = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuSeconds(pid)]));
      tunnelRates.push(await copy(services, tunnel("sink"), BYTES));
      for (const [k, pid] of Object.entries(pids)) cpuMs[k]! += 1000 * (cpuSeconds(pid) - cpuBefore[k]!);
      const taken = rss.stop();
      tunnelRss = { first: round === 0 ? taken.first : tunnelRss.first, peak: maxOf(tunnelRss.peak, taken.peak) };
    }
    // CPU ms each process spent per MB carried: less bound to the load beside than the rate, though
    // contention inflates it too (the direct copy's own cost moved from 1 to 5 ms per MB across runs).
    const perMb = (ms: number) => ms / ((ROUNDS * BYTES) / MB);
    const directCpu = { bench: perMb(directCpuMs) };
    const cpu = Object.fromEntries(Object.entries(cpuMs).map(([k, ms]) => [k, perMb(ms)]));
    const ratios = tunnelRates.map((r, i) => r / directRates[i]!);
    const ratio = median(ratios);
    const rates = (xs: number[]) => xs.map((x) => fmt(x)).join(", ");
    console.log(`\n1. copy ${fmt(BYTES / MB)} MB to a sink, ${ROUNDS} rounds of direct then tunnel (median; every round)`);
    console.log(`  direct  ${fmt(median(directRates))} MB/s (${rates(directRates)})   peak RSS MB: ${mbOf(directPeak)}   CPU ms per MB: ${mbOf(directCpu, 1)}`);
    console.log(`  tunnel  ${fmt(median(tunnelRates))} MB/s (${rates(tunnelRates)})   peak RSS MB: ${mbOf(tunnelRss.peak)} (before: ${mbOf(tunnelRss.first)})`);
    console.log(`  tunnel / direct ${fmt(ratio, 2)}x (rounds: ${ratios.map((r) => fmt(r, 2)).join(", ")}; target >= 0.5x: ${ratio >= 0.5 ? "met" : "MISSED"})`);
    console.log(`  CPU ms per MB carried: ${mbOf(cpu, 1)} (1,000 / the largest: the rate one core each would allow); load average now ${fmt(loadavg()[0]!, 1)}`);
    rows.push([`throughput, ${ROUNDS} copies of ${fmt(BYTES / MB)} MB`, `${fmt(median(directRates))} MB/s`, `${fmt(median(tunnelRates))} MB/s (${fmt(ratio, 2)}x; target >= 0.5x: ${ratio >= 0.5 ? "met" : "MISSED"})`,
      `rounds ${ratios.map((r) => fmt(r, 2)).join(", ")}; peak RSS MB: ${mbOf(tunnelRss.peak)}; CPU ms per MB: ${mbOf(cpu, 1)} (direct: ${mbOf(directCpu, 1)})`]);
  }

  // 2. Connect-to-first-byte, after 20 warm-up connections each way.
  if (parts.has(2)) {
    for (let i = 0; i < 20; i++) { await firstByte(direct(services.ports.echo)); await firstByte(tunnel("echo")); }
    const d: number[] = [];
    const t: number[] = [];
    for (let i = 0; i < CONNECTS; i++) {
      d.push(await firstByte(direct(services.ports.echo)));
      t.push(await firstByte(tunnel("echo")));
    }
    const added = percentile(t, 50) - percentile(d, 50);
    console.log(`\n2. connect-to-first-byte, ${CONNECTS} connections each (interleaved)`);
    console.log(`  direct  p50 ${fmt(percentile(d, 50), 2)} ms   p99 ${fmt(percentile(d, 99), 2)} ms`);
    console.log(`  tunnel  p50 ${fmt(percentile(t, 50), 2)} ms   p99 ${fmt(percentile(t, 99), 2)} ms   added at the median ${fmt(added, 2)} ms (target < 1 ms: ${added < 1 ? "met" : "MISSED"})`);
    // The same echo on a connection already open: the data path alone, without opening a stream.
    const roundTrips = async (to: Address) => {
      const socket = connect(to);
      socket.setNoDelay(true);
      await once(socket, "connect");
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const began = performance.now();
        socket.write(Buffer.of(42));
        await once(socket, "data");
        times.push(performance.now() - began);
      }
      socket.destroy();
      return times;
    };
    const dOpen = await roundTrips(direct(services.ports.echo));
    const tOpen = await roundTrips(tunnel("echo"));
    console.log(`  on an open connection, 200 round trips of 1 byte: direct p50 ${fmt(percentile(dOpen, 50), 2)} ms, tunnel p50 ${fmt(percentile(tOpen, 50), 2)} ms, p99 ${fmt(percentile(tOpen, 99), 2)} ms`);
    const check = await server.ask<number[]>("access-check");
    console.log(`  of which the relay's access check before each stream (accessToService, timed alone in the portal): p50 ${fmt(percentile(check, 50), 2)} ms, p99 ${fmt(percentile(check, 99), 2)} ms`);
    rows.push([`connect-to-first-byte, ${CONNECTS} each`, `p50 ${fmt(percentile(d, 50), 2)} ms, p99 ${fmt(percentile(d, 99), 2)} ms`,
      `p50 ${fmt(percentile(t, 50), 2)} ms, p99 ${fmt(percentile(t, 99), 2)} ms`, `+${fmt(added, 2)} ms at the median (target < 1 ms: ${added < 1 ? "met" : "MISSED"}); the access check alone p50 ${fmt(percentile(check, 50), 2)} ms; a 1-byte round trip on an open tunnel p50 ${fmt(percentile(tOpen, 50), 2)} ms (direct ${fmt(percentile(dOpen, 50), 2)} ms)`]);
  }

  // 3. Idle tunnels: each connection is proven open by one echoed byte, then left alone.
  if (parts.has(3)) {
    await until0(server);
    const before = await server.ask<NodeJS.MemoryUsage>("memory");
    const sidesBefore = { agent: rssMb(pids.agent), client: rssMb(pids.client) };
    const began = performance.now();
    const open: Socket[] = [];
    for (let from = 0; from < IDLE; from += 100) {
      await Promise.all(Array.from({ length: Math.min(100, IDLE - from) }, async () => {
        const socket = connect(tunnel("echo"));
        socket.on("error", () => undefined);
        open.push(socket);
        socket.write(Buffer.of(1));
        await once(socket, "data");
      }));
    }
    const openMs = performance.now() - began;
    const live = (await server.ask<{ streams: number }>("stats")).streams;
    const after = await server.ask<NodeJS.MemoryUsage>("memory");
    const sidesAfter = { agent: rssMb(pids.agent), client: rssMb(pids.client) };
    const perKb = (a: number, b: number) => fmt(((b - a) / 1024) / IDLE, 1);
    const heapAndBuffers = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
    console.log(`\n3. ${IDLE} idle tunnels (${live} live streams in the relay; opened in ${fmt(openMs / 1000, 1)} s, 100 at a time)`);
    console.log(`  portal RSS ${fmt(before.rss / MB)} -> ${fmt(after.rss / MB)} MB (${perKb(before.rss, after.rss)} KB a tunnel), heap used ${fmt(before.heapUsed / MB, 1)} -> ${fmt(after.heapUsed / MB, 1)} MB (${perKb(before.heapUsed, after.heapUsed)} KB a tunnel), heap + external ${perKb(heapAndBuffers(before), heapAndBuffers(after))} KB a tunnel, after GC`);
    console.log(`  agent RSS ${fmt(sidesBefore.agent)} -> ${fmt(sidesAfter.agent)} MB, VPN client RSS ${fmt(sidesBefore.client)} -> ${fmt(sidesAfter.client)} MB (no GC forced)`);
    rows.push([`${IDLE} idle tunnels, portal after GC`, `RSS ${fmt(before.rss / MB)} MB, heap ${fmt(before.heapUsed / MB, 1)} MB`,
      `RSS ${fmt(after.rss / MB)} MB, heap ${fmt(after.heapUsed / MB, 1)} MB`, `${perKb(before.heapUsed, after.heapUsed)} KB heap, ${perKb(heapAndBuffers(before), heapAndBuffers(after))} KB heap + external, ${perKb(before.rss, after.rss)} KB RSS a tunnel`]);
    for (const s of open) s.destroy();
    await until0(server);
  }

  // 4. Slow reader, both directions.
  if (parts.has(4)) {
    console.log(`\n4. slow reader (${SLOW_BYTES / 1024} KB every ${SLOW_EVERY_MS} ms) for ${SLOW_SECONDS} s`);
    for (const [name, kind] of [["client -> device", "slow"], ["device -> client", "source"]] as const) {
      const readBefore = services.slowRead();
      let rss = sampleRss({ portal: pids.portal, agent: pids.agent, client: pids.client });
      const socket = connect(tunnel(kind));
      socket.on("error", () => undefined);
      const sent = kind === "slow" ? pushFast(socket) : null;
      const read = kind === "source" ? readSlowly(socket) : () => services.slowRead() - readBefore;
      // Two halves: a buffer that grows keeps growing in the second; a bounded one has filled in the first.
      await new Promise((r) => setTimeout(r, (SLOW_SECONDS * 1000) / 2));
      const { first, peak: half } = rss.stop();
      rss = sampleRss({ portal: pids.portal, agent: pids.agent, client: pids.client });
      await new Promise((r) => setTimeout(r, (SLOW_SECONDS * 1000) / 2));
      const { peak } = rss.stop();
      const growth = Object.fromEntries(Object.keys(peak).map((k) => [k, Math.max(half[k]!, peak[k]!) - first[k]!]));
      const late = Object.fromEntries(Object.keys(peak).map((k) => [k, Math.max(0, peak[k]! - half[k]!)]));
      const inFlight = sent ? `; the sender got ${fmt(sent() / MB, 1)} MB out` : "";
      console.log(`  ${name}: read ${fmt(read() / MB, 1)} MB${inFlight}; RSS growth MB: ${mbOf(growth)}; of it in the second half: ${mbOf(late)}`);
      rows.push([`slow reader ${name}, ${SLOW_SECONDS} s`, "", `read ${fmt(read() / MB, 1)} MB${inFlight}`, `RSS growth MB: ${mbOf(growth)} (second half: ${mbOf(late)})`]);
      socket.destroy();
    }
  }
  await client.disconnect();

  // 5. Revoke to closed stream, on Line 1 Router.
  if (parts.has(5)) {
    const fromAnswer: number[] = [];
    const fromCall: number[] = [];
    for (let i = 0; i < REVOKES; i++) {
      const request = await server.ask<{ requestId: string; engineer: string; approver: string }>("approved-request");
      const hmi = (await client.connect(line1.publicId, request.engineer))[line1.hmi]!;
      const socket = connect(hmi);
      socket.on("error", () => undefined);
      socket.write(Buffer.of(1));
      await once(socket, "data");
      const closed = once(socket, "close").then(() => performance.now());
      const sent = performance.now();
      const res = await fetch(`${server.ready.url}/api/access-requests/${request.requestId}/revocation`, {
        method: "POST", body: "{}",
        headers: { "api-version": "2", authorization: `Bearer ${request.approver}`, "api-company": server.ready.company, "content-type": "application/json" },
      });
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`revocation answered ${res.status}: ${await res.text()}`);
      const at = await closed;
      fromAnswer.push(at - answered);
      fromCall.push(at - sent);
      await client.idle();
    }
    console.log(`\n5. revoke to closed stream, ${REVOKES} revocations (negative: closed before the answer arrived)`);
    console.log(`  from the answer: p50 ${fmt(percentile(fromAnswer, 50), 1)} ms, max ${fmt(Math.max(...fromAnswer), 1)} ms; from sending the call: p50 ${fmt(percentile(fromCall, 50), 1)} ms, max ${fmt(Math.max(...fromCall), 1)} ms`);
    rows.push([`revoke to closed stream, ${REVOKES} times`, "", `from the answer p50 ${fmt(percentile(fromAnswer, 50), 1)} ms, max ${fmt(Math.max(...fromAnswer), 1)} ms`,
      `from sending the call p50 ${fmt(percentile(fromCall, 50), 1)} ms, max ${fmt(Math.max(...fromCall), 1)} ms`]);
  }

  console.log("\n| figure | baseline (direct loopback) | through client, relay, agent | note |\n|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
} finally {
  await stopChild(client.child);
  await stopChild(agent);
  await server.stop();
  await services.close();
}

/** Waits until the relay has no live streams (the previous step's connections are closed). */
async function until0(s: typeof server): Promise<void> {
  for (let i = 0; i < 500 && (await s.ask<{ streams: number }>("stats")).streams > 0; i++) await new Promise((r) => setTimeout(r, 20));
}
