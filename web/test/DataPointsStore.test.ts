/**
 * The data-point store of the page components on the in-memory PortalApi: a watched device's
 * stored latest values are read; the stream's "stream" event makes the store tell the server which
 * devices it watches (one call for a burst of watches, again after a reconnect, none once nothing
 * is watched); "data-points" events update the values and keep recent samples for the graphs
 * (bounded); unreadable events change nothing. The line graph appends only samples that arrived
 * after its series was read. A "data-point-watch" event that leaves a watched device out revokes
 * it: its values are forgotten (none stale, none late), later watch calls leave it out, and it
 * resumes once it can be read again (after a rights change or a new watch).
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { PortalApiMemory } from "@portal/fixtures/memory/PortalApiMemory";
import { StorageMemory } from "@portal/fixtures/memory/StorageMemory";
import { VpnConnectorMemory } from "@portal/fixtures/memory/VpnConnectorMemory";
import { linePoints } from "../src/features/pages/components/LineGraphView";
import { DataPointsStore, RECENT_MAX } from "../src/stores/DataPointsStore";
import { RootStore } from "../src/stores/RootStore";
import { company, flush, ManualTimers, START } from "./harness";
import { ENGLISH_MESSAGES } from "@portal/core/messages/englishMessages";

function harness() {
  const clock = ClockStepped.make(START);
  const api = PortalApiMemory.makeSync({ signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }] }, clock);
  const root = new RootStore({
    messages: ENGLISH_MESSAGES,
    ports: { api, connector: VpnConnectorMemory.make({ reachable: false }), clock, storage: StorageMemory.make(clock) },
    navigate: () => undefined,
    env: { hostname: "portal.example.com", isProduction: false, webRootUrl: null, platform: "web" },
    brandingHost: "portal.example.com",
    online: { isOnline: () => true, subscribe: () => () => undefined },
    timers: new ManualTimers(),
  });
  runInAction(() => {
    root.session.rights = [...ALL_RIGHTS];
    root.session.selectedCompanyId = "companyAAAAA";
  });
  return { api, root };
}

const live = (values: Array<{ agent: string; name: string; ts: string; value: number }>) => JSON.stringify({ values });

describe("DataPointsStore", () => {
  it("reads a watched device's latest values and tells the stream which devices it watches", async () => {
    const { api, root } = harness();
    api.dataPointState.samples.push({ agent: "agentAAAAAAA", name: "temperature", ts: START - 1000, value: 21.5 });
    const dp = root.get(DataPointsStore);
    const stopA = dp.watch("agentAAAAAAA");
    const stopA2 = dp.watch("agentAAAAAAA");
    const stopB = dp.watch("agentBBBBBBB");
    await flush();
    expect(dp.value("agentAAAAAAA", "temperature")?.value).toBe(21.5);
    expect(api.dataPointState.watches.size).toBe(0); // no stream yet
    dp.streamOpened(JSON.stringify({ stream: "s1" }));
    await flush();
    expect(api.dataPointState.watches.get("s1")).toEqual(["agentAAAAAAA", "agentBBBBBBB"]);
    stopB();
    stopA();
    await flush();
    expect(api.dataPointState.watches.get("s1")).toEqual(["agentAAAAAAA"]);
    stopA2();
    await flush();
    expect(api.dataPointState.watches.get("s1")).toEqual([]);
    // A reconnect (new stream id) tells the watches again.
    const again = dp.watch("agentAAAAAAA");
    dp.streamOpened(JSON.stringify({ stream: "s2" }));
    await flush();
    expect(api.dataPointState.watches.get("s2")).toEqual(["agentAAAAAAA"]);
    again();
  });

  it("forgets a device the server stopped watching, leaves it out of later watches, and resumes it when it can be read again", async () => {
    const { api, root } = harness();
    api.dataPointState.samples.push({ agent: "agentAAAAAAA", name: "temperature", ts: START - 1000, value: 21.5 });
    api.dataPointState.samples.push({ agent: "agentBBBBBBB", name: "level", ts: START - 1000, value: 7 });
    const dp = root.get(DataPointsStore);
    const stopA = dp.watch("agentAAAAAAA");
    dp.watch("agentBBBBBBB");
    root.events.receive({ id: null, event: "stream", data: JSON.stringify({ stream: "s1" }) });
    await flush();
    dp.applyLive(live([{ agent: "agentAAAAAAA", name: "temperature", ts: new Date(START).toISOString(), value: 22 }]));
    expect(dp.recentOf("agentAAAAAAA", "temperature")).toHaveLength(1);
    // The user lost the right to see A: the server's event names only B.
    api.dataPointState.refused.add("agentAAAAAAA");
    root.events.receive({ id: null, event: "data-point-watch", data: JSON.stringify({ stream: "other", agents: [] }) });
    expect(dp.isRevoked("agentBBBBBBB")).toBe(false); // another stream's event is not this tab's
    root.events.receive({ id: null, event: "data-point-watch", data: JSON.stringify({ stream: "s1", agents: ["agentBBBBBBB"] }) });
    expect([dp.isRevoked("agentAAAAAAA"), dp.isRevoked("agentBBBBBBB")]).toEqual([true, false]);
    expect(dp.value("agentAAAAAAA", "temperature")).toBeUndefined();
    expect(dp.recentOf("agentAAAAAAA", "temperature")).toEqual([]);
    expect(dp.value("agentBBBBBBB", "level")?.value).toBe(7);
    // A value already on its way is not shown.
    dp.applyLive(live([{ agent: "agentAAAAAAA", name: "temperature", ts: new Date(START + 1000).toISOString(), value: 23 }]));
    expect(dp.value("agentAAAAAAA", "temperature")).toBeUndefined();
    // A new device watched: the watch call leaves A out (the server would refuse the whole call).
    const stopC = dp.watch("agentCCCCCCC");
    await flush();
    expect(api.dataPointState.watches.get("s1")).toEqual(["agentBBBBBBB", "agentCCCCCCC"]);
    // Rights changed but A is still hidden: it stays revoked.
    root.events.receive({ id: null, event: "rights-changed", data: JSON.stringify({ company: "companyAAAAA" }) });
    await flush();
    expect(dp.isRevoked("agentAAAAAAA")).toBe(true);
    // Access given back: the next rights change reads A again, watches it again, and live values resume.
    api.dataPointState.refused.delete("agentAAAAAAA");
    root.events.receive({ id: null, event: "rights-changed", data: JSON.stringify({ company: "companyAAAAA" }) });
    await flush();
    expect(dp.isRevoked("agentAAAAAAA")).toBe(false);
    expect(dp.value("agentAAAAAAA", "temperature")?.value).toBe(21.5);
    expect(api.dataPointState.watches.get("s1")).toEqual(["agentAAAAAAA", "agentBBBBBBB", "agentCCCCCCC"]);
    dp.applyLive(live([{ agent: "agentAAAAAAA", name: "temperature", ts: new Date(START + 2000).toISOString(), value: 24 }]));
    expect(dp.value("agentAAAAAAA", "temperature")?.value).toBe(24);
    stopC();
    stopA();
  });

  it("a read that started before a revocation does not bring the device back", async () => {
    const { api, root } = harness();
    api.dataPointState.samples.push({ agent: "agentAAAAAAA", name: "temperature", ts: START - 1000, value: 21.5 });
    const dp = root.get(DataPointsStore);
    dp.watch("agentAAAAAAA");
    dp.streamOpened(JSON.stringify({ stream: "s1" }));
    // The stream's reopen read is under way when the revocation arrives.
    dp.watchChanged(JSON.stringify({ stream: "s1", agents: [] }));
    await flush();
    expect(dp.isRevoked("agentAAAAAAA")).toBe(true);
    expect(dp.value("agentAAAAAAA", "temperature")).toBeUndefined();
    // A new watch of it reads it again (now after the revocation): it resumes.
    dp.watch("agentAAAAAAA");
    await flush();
    expect(dp.isRevoked("agentAAAAAAA")).toBe(true); // still counted as shown: no new read from a second watcher
    dp.retryRevoked();
    await flush();
    expect(dp.isRevoked("agentAAAAAAA")).toBe(false);
    expect(dp.value("agentAAAAAAA", "temperature")?.value).toBe(21.5);
  });

  it("applies live values, keeps recent samples bounded, and ignores unreadable events", () => {
    const { root } = harness();
    const dp = root.get(DataPointsStore);
    dp.applyLive(live([{ agent: "a", name: "pressure", ts: "2026-11-26T04:00:00.000Z", value: 3 }]));
    dp.applyLive(live([{ agent: "a", name: "pressure", ts: "2026-11-26T03:59:00.000Z", value: 1 }]));
    expect(dp.value("a", "pressure")?.value).toBe(3); // an older sample never replaces a newer value
    dp.applyLive("not json");
    dp.applyLive(JSON.stringify({ values: [{ agent: "a", name: "pressure", value: "x" }] }));
    expect(dp.value("a", "pressure")?.value).toBe(3);
    for (let i = 0; i < RECENT_MAX + 10; i++) dp.applyLive(live([{ agent: "a", name: "level", ts: new Date(START + i * 500).toISOString(), value: i }]));
    expect(dp.recentOf("a", "level")).toHaveLength(RECENT_MAX);
    expect(dp.recentOf("a", "level").at(-1)?.value).toBe(RECENT_MAX + 9);
    expect(dp.valuesOf("a").map((v) => v.name)).toEqual(["level", "pressure"]);
  });

  it("draws bucket means, then the live samples that arrived after the series was read", () => {
    const series = {
      name: "t", from: "2026-11-26T00:00:00.000Z", until: "2026-11-27T00:00:00.000Z", bucketMs: 300_000, before: null,
      buckets: [{ ts: "2026-11-26T04:00:00.000Z", min: 1, max: 3, avg: 2, last: 3, count: 3 }],
    };
    const t = Date.parse("2026-11-26T04:01:00.000Z");
    const points = linePoints(series, 1000, [{ ts: t, value: 9, at: 999 }, { ts: t + 500, value: 10, at: 1001 }, { ts: Date.parse(series.until) + 1, value: 11, at: 1002 }]);
    expect(points).toEqual([{ t: t + 500, v: 10 }, { t: Date.parse("2026-11-26T04:02:30.000Z"), v: 2 }]);
  });
});
