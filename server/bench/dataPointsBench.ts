/**
 * `pnpm bench` (and `bench:data-points`): device data points (issue 13) against the real app and
 * the machine's Mosquitto, with baselines measured in the same run.
 *
 * A dashboard of COMPONENTS live components on one device, each data point updated RATE times a
 * second (20 x 10 = 200 MQTT messages a second), watched by DASHBOARDS open dashboards (event
 * streams). Printed:
 * - server CPU while the dashboards only stay open (baseline) and under the load;
 * - live fan-out latency, device publish to event-stream receipt, p50 / p99, against a plain MQTT
 *   subscriber of the same topic (baseline: the broker's own delivery) and the throttle's beat;
 * - live events per dashboard per second (the throttle: 2 a second per data point at most,
 *   carried in one event per flush);
 * - ingest capacity: a burst of BURST samples stored through the batched ingest, against the
 *   same number written with one INSERT each (baseline: an ingest without batching).
 * - browser frames: a dashboard of the COMPONENTS live values in Chromium (dataPointsFrames.ts),
 *   requestAnimationFrame callbacks and dropped frames while nothing is published (baseline) and
 *   under the load; skipped, saying why, without web/dist or Chromium.
 * BENCH_DP_SECONDS (default 10), BENCH_DP_DASHBOARDS (default 50).
 */
import { fork } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect } from "mqtt";
import { dataPointTopic } from "@portal/core/domain/DataPoint";
import { LIVE_INTERVAL_MS } from "@portal/core/rules/dataPoints";
import { answers, LOCAL_BROKER } from "../test/mosquitto";
import { measureFrames } from "./dataPointsFrames";

const SECONDS = Number(process.env["BENCH_DP_SECONDS"] ?? 10);
const DASHBOARDS = Number(process.env["BENCH_DP_DASHBOARDS"] ?? 50);
const COMPONENTS = 20;
const RATE = 10;
const BURST = 20_000;
const NAIVE = 2000;
const here = dirname(fileURLToPath(import.meta.url));

if (!(await answers(LOCAL_BROKER.host, LOCAL_BROKER.port))) {
  console.log(`data points bench: no MQTT broker on ${LOCAL_BROKER.host}:${LOCAL_BROKER.port}; skipped.`);
  process.exit(0);
}

const child = fork(join(here, "dataPointsServer.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
// The server process never outlives this one (an error here would leave it holding the terminal).
process.on("exit", () => child.kill());
const ask = <T>(type: string, extra: object = {}): Promise<T> => new Promise((resolve) => {
  const on = (m: { type: string }) => {
    if (m.type !== type) return;
    child.off("message", on);
    resolve(m as T);
  };
  child.on("message", on);
  child.send({ type, ...extra });
});
const ready = await new Promise<{ url: string; secret: string; company: string; agent: string }>((resolve) => child.once("message", (m) => resolve(m as never)));
const headers = { "api-version": "2", authorization: `Bearer ${ready.secret}`, "api-company": ready.company };

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The dashboards: one event stream each, watching the device.
const liveLatency: number[] = [];
let liveEvents = 0;
let measuring = false;
const controllers: AbortController[] = [];
for (let d = 0; d < DASHBOARDS; d++) {
  const controller = new AbortController();
  controllers.push(controller);
  const res = await fetch(`${ready.url}/api/events`, { headers, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const stream = await new Promise<string>((resolve) => {
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === "stream" && data) resolve((JSON.parse(data) as { stream: string }).stream);
            if (event === "data-points" && data && measuring) {
              const now = Date.now();
              liveEvents++;
              for (const v of (JSON.parse(data) as { values: Array<{ name: string; value: number }> }).values) if (v.name === "p0") liveLatency.push(now - v.value);
            }
          }
        }
      } catch { /* closed */ }
    })();
  });
  const put = await fetch(`${ready.url}/api/event-streams/${stream}/data-point-watches`, {
    method: "PUT", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ agents: [ready.agent] }),
  });
  if (put.status !== 200) throw new Error(`watch: ${put.status} ${await put.text()}`);
}

// The baseline subscriber: the broker's own delivery of the same messages.
const mqttLatency: number[] = [];
const subscriber = connect(`mqtt://${LOCAL_BROKER.host}:${LOCAL_BROKER.port}`);
await new Promise<void>((r) => subscriber.once("connect", () => r()));
await new Promise<void>((r) => subscriber.subscribe(dataPointTopic(ready.agent), () => r()));
subscriber.on("message", (_topic, payload) => {
  if (!measuring) return;
  const m = JSON.parse(payload.toString()) as { values: Record<string, number> };
  if (m.values["p0"] !== undefined) mqttLatency.push(Date.now() - m.values["p0"]);
});
const device = connect(`mqtt://${LOCAL_BROKER.host}:${LOCAL_BROKER.port}`);
await new Promise<void>((r) => device.once("connect", () => r()));
await sleep(500);

const cpuPercent = async (ms: number, during: () => void = () => undefined) => {
  const a = await ask<{ cpu: NodeJS.CpuUsage; at: number }>("cpu");
  during();
  await sleep(ms);
  const b = await ask<{ cpu: NodeJS.CpuUsage; at: number }>("cpu");
  return (((b.cpu.user - a.cpu.user) + (b.cpu.system - a.cpu.system)) / 1000 / (b.at - a.at)) * 100;
};

// 1. Baseline: dashboards open, nothing published.
const idleCpu = await cpuPercent(SECONDS * 1000);

// 2. Load: COMPONENTS data points at RATE a second each, one message per data point.
const before = await ask<{ stats: { stored: number }; sent: number }>("stats");
let timer: NodeJS.Timeout | null = null;
measuring = true;
const loadCpu = await cpuPercent(SECONDS * 1000, () => {
  timer = setInterval(() => {
    const now = Date.now();
    for (let i = 0; i < COMPONENTS; i++) device.publish(dataPointTopic(ready.agent), JSON.stringify({ ts: now, values: { [`p${i}`]: i === 0 ? now : Math.sin(now / 1000 + i) } }));
  }, 1000 / RATE);
});
clearInterval(timer!);
await sleep(LIVE_INTERVAL_MS * 3);
measuring = false;
const after = await ask<{ stats: { stored: number; dropped: number }; sent: number }>("stats");

// 3. Ingest capacity: a burst of BURST samples (messages of 20 values) as fast as the broker takes them.
const burstStart = performance.now();
const target = after.stats.stored + BURST;
for (let m = 0; m < BURST / COMPONENTS; m++) {
  device.publish(dataPointTopic(ready.agent), JSON.stringify({ values: Object.fromEntries(Array.from({ length: COMPONENTS }, (_, i) => [`b${i}`, m])) }));
}
for (;;) {
  const s = await ask<{ stats: { stored: number } }>("stats");
  if (s.stats.stored >= target || performance.now() - burstStart > 60_000) break;
  await sleep(50);
}
const burstMs = performance.now() - burstStart;
const naive = await ask<{ ms: number }>("naive", { count: NAIVE });

const published = SECONDS * RATE * COMPONENTS;
const stored = after.stats.stored - before.stats.stored;
const f = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(`\nData points: ${DASHBOARDS} dashboards of ${COMPONENTS} live components, ${RATE} updates/s each (${RATE * COMPONENTS} MQTT messages/s), ${SECONDS} s, PGlite`);
console.log(`  ingest under load        ${f(stored / SECONDS)} samples/s stored of ${f(published / SECONDS)} published (dropped ${after.stats.dropped})`);
console.log(`  server CPU               ${f(loadCpu, 1)}% under load   vs ${f(idleCpu, 1)}% baseline (dashboards open, nothing published)`);
console.log(`  fan-out latency          p50 ${f(percentile(liveLatency, 50))} ms, p99 ${f(percentile(liveLatency, 99))} ms to ${DASHBOARDS} streams   vs MQTT subscriber p50 ${f(percentile(mqttLatency, 50))} ms, p99 ${f(percentile(mqttLatency, 99))} ms (baseline); throttle beat ${LIVE_INTERVAL_MS} ms`);
console.log(`  live events per dashboard ${f(liveEvents / DASHBOARDS / SECONDS, 2)}/s (each carrying up to ${COMPONENTS} values)   vs ${RATE * COMPONENTS} messages/s published: the throttle's ${f(1000 / LIVE_INTERVAL_MS)}/s per data point`);
console.log(`  ingest capacity (burst)  ${f(BURST / (burstMs / 1000))} samples/s batched   vs ${f(NAIVE / (naive.ms / 1000))} samples/s with one INSERT each (baseline): ${f((BURST / burstMs) / (NAIVE / naive.ms), 1)}x`);
// 4. Browser frames of one dashboard, idle (baseline) and under the same load.
let frameTimer: NodeJS.Timeout | null = null;
const frames = await measureFrames(ready.url, headers, ready.agent, COMPONENTS, Math.min(SECONDS, 5), (on) => {
  if (frameTimer) clearInterval(frameTimer);
  frameTimer = on ? setInterval(() => {
    for (let i = 0; i < COMPONENTS; i++) device.publish(dataPointTopic(ready.agent), JSON.stringify({ values: { [`p${i}`]: Math.round(Math.random() * 1000) / 10 } }));
  }, 1000 / RATE) : null;
});
if ("unavailable" in frames) console.log(`  browser frames           not measured: ${frames.unavailable}`);
else {
  console.log(`  browser frames (1 tab)   ${f(frames.load.frames)} frames, ${f(frames.load.dropped)} dropped, longest ${f(frames.load.longestMs)} ms under load`
    + `   vs ${f(frames.idle.frames)} frames, ${f(frames.idle.dropped)} dropped, longest ${f(frames.idle.longestMs)} ms idle (baseline), ${Math.min(SECONDS, 5)} s each`);
}

for (const c of controllers) c.abort();
subscriber.end(true);
device.end(true);
child.send({ type: "stop" });
await new Promise((r) => child.once("exit", r));
