/**
 * Where a long event-loop delay came from: the longest runs of a V8 CPU profile without an idle
 * sample (each is one stretch during which the event loop could not turn), with the functions
 * that had the most self time inside each. Used by benchServers.ts (BENCH_LOOP_PROFILE=1) around
 * the bulk call of the hardening bench.
 */
import type { Profiler } from "node:inspector";

/** Prints the `count` longest busy runs of `profile` longer than `minMs`. */
export function busyRuns(profile: Profiler.Profile, count = 5, minMs = 20): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const runs: Array<{ start: number; end: number; ms: number }> = [];
  let t = 0;
  let runStart = -1;
  let runStartT = 0;
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    const idle = byId.get(samples[i]!)?.callFrame.functionName === "(idle)";
    if (!idle && runStart < 0) { runStart = i; runStartT = t; }
    if (idle && runStart >= 0) { runs.push({ start: runStart, end: i, ms: (t - runStartT) / 1000 }); runStart = -1; }
  }
  if (runStart >= 0) runs.push({ start: runStart, end: samples.length, ms: (t - runStartT) / 1000 });
  const name = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*node_modules\/\.pnpm\/([^/]+)\/.*$/, "$1").replace(/^.*\/(server|core|adapters)\/src\//, "$1/src/")}:${f.lineNumber + 1}`;
  };
  const stack = (id: number) => {
    const out: string[] = [];
    for (let cur: number | undefined = id; cur !== undefined && out.length < 14; cur = parent.get(cur)) out.push(name(cur));
    return out.join(" < ");
  };
  return runs.filter((r) => r.ms >= minMs).sort((a, b) => b.ms - a.ms).slice(0, count).map((r) => {
    const self = new Map<string, number>();
    const deep = new Map<string, number>();
    for (let i = r.start; i < r.end; i++) {
      const k = name(samples[i]!);
      self.set(k, (self.get(k) ?? 0) + (deltas[i] ?? 0) / 1000);
      const s = stack(samples[i]!);
      deep.set(s, (deep.get(s) ?? 0) + (deltas[i] ?? 0) / 1000);
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, ms]) => `    ${ms.toFixed(1).padStart(6)} ms  ${k}`).join("\n");
    const stacks = [...deep].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, ms]) => `    ${ms.toFixed(1).padStart(6)} ms  ${k}`).join("\n");
    return `  busy ${r.ms.toFixed(1)} ms (${r.end - r.start} samples)\n${top}\n   stacks:\n${stacks}`;
  }).join("\n");
}
