/**
 * The usage screen's store on the in-memory PortalApi (which buckets with core's rules, as the
 * server's SQL does): presets in the user's time zone, totals equal to the records, the chart's
 * zero days, a bad custom period asks nothing and says why, a failed load can be tried again,
 * and the CSV export saves the file.
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { GatewayTimeout } from "@portal/core/errors";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { PortalApiMemory, type UsageRecord } from "@portal/fixtures/memory/PortalApiMemory";
import { StorageMemory } from "@portal/fixtures/memory/StorageMemory";
import { VpnConnectorMemory } from "@portal/fixtures/memory/VpnConnectorMemory";
import { RootStore } from "../src/stores/RootStore";
import { company, ManualTimers, START } from "./harness";
import { UsageStore } from "../src/stores/UsageStore";
import { ENGLISH_MESSAGES } from "@portal/core/messages/englishMessages";

const pump = { publicId: "agentPump001", name: "Pump" };
const line = { publicId: "agentLine001", name: "Line 1 Router" };
const session = (at: string, agent: typeof pump, to: number, from: number): UsageRecord => ({ at, agent, vpnSessions: 1, bytesToDevice: to, bytesFromDevice: from, apiCalls: 0, reportRuns: 0 });
// START is 2026-11-21T10:00Z. 23:30 UTC on the 20th is already the 21st in Amsterdam (UTC+1).
const RECORDS: UsageRecord[] = [
  session("2026-11-20T23:30:00.000Z", pump, 100, 1000),
  session("2026-11-21T08:00:00.000Z", line, 5000, 20),
  session("2026-11-15T12:00:00.000Z", line, 7, 3),
  session("2026-09-01T12:00:00.000Z", pump, 1, 1),
  { at: "2026-11-21T09:00:00.000Z", agent: null, vpnSessions: 0, bytesToDevice: 0, bytesFromDevice: 0, apiCalls: 42, reportRuns: 0 },
  // Report runs: one of the Pump (the same day as its session), one of no device (the company's).
  { at: "2026-11-21T07:00:00.000Z", agent: pump, vpnSessions: 0, bytesToDevice: 0, bytesFromDevice: 0, apiCalls: 0, reportRuns: 1 },
  { at: "2026-11-18T07:00:00.000Z", agent: null, vpnSessions: 0, bytesToDevice: 0, bytesFromDevice: 0, apiCalls: 0, reportRuns: 1 },
];

/** The test DOM's Blob has no text(): read it as a browser without it would. */
const readText = (file: Blob): Promise<string> => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error);
  reader.readAsText(file);
});

function harness() {
  const clock = ClockStepped.make(START);
  const api = PortalApiMemory.makeSync({ signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }], usageRecords: RECORDS }, clock);
  const saved: Array<{ name: string; text: Promise<string> }> = [];
  const root = new RootStore({
    messages: ENGLISH_MESSAGES,
    ports: { api, connector: VpnConnectorMemory.make({ reachable: false }), clock, storage: StorageMemory.make(clock) },
    navigate: () => undefined,
    env: { hostname: "portal.example.com", isProduction: false, webRootUrl: null, platform: "web" },
    brandingHost: "portal.example.com",
    online: { isOnline: () => true, subscribe: () => () => undefined },
    timers: new ManualTimers(),
    saveFile: (name, file) => saved.push({ name, text: readText(file) }),
  });
  runInAction(() => {
    root.session.rights = [...ALL_RIGHTS];
    root.session.selectedCompanyId = "companyAAAAA";
    root.session.user = { ...(root.session.user ?? {}), timeZone: "Europe/Amsterdam" } as never;
  });
  return { api, root, saved };
}

describe("UsageStore", () => {
  it("shows the last 7 days by day in the user's zone, with zero days, totals equal to the records inside", async () => {
    const { root } = harness();
    const usage = root.get(UsageStore);
    usage.setPreset("7d");
    await usage.ensure();
    expect(usage.state).toBe("ready");
    expect(usage.shownPeriod).toMatchObject({ fromDay: "2026-11-15", toDay: "2026-11-21", timeZone: "Europe/Amsterdam", granularity: "day" });
    expect(usage.series.map((p) => p.bucket)).toEqual(["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]);
    // The session at 23:30 UTC on the 20th counts on the 21st in Amsterdam.
    expect(usage.series.find((p) => p.bucket === "2026-11-21")).toMatchObject({ vpnSessions: 2, bytesToDevice: 5100, apiCalls: 42, reportRuns: 1 });
    expect(usage.series.find((p) => p.bucket === "2026-11-18")).toMatchObject({ vpnSessions: 0, reportRuns: 1 });
    expect(usage.series.find((p) => p.bucket === "2026-11-20")).toMatchObject({ vpnSessions: 0 });
    expect(usage.totals).toEqual({ vpnSessions: 3, bytesToDevice: 5107, bytesFromDevice: 1023, apiCalls: 42, reportRuns: 2 });
    expect(usage.top.map((d) => d.agent.name)).toEqual(["Line 1 Router", "Pump"]);
  });

  it("shows 12 months by month; a bad custom period asks nothing and names the field", async () => {
    const { api, root } = harness();
    const usage = root.get(UsageStore);
    usage.setPreset("12m");
    await usage.ensure();
    expect(usage.series).toHaveLength(12);
    expect(usage.series.at(-1)).toMatchObject({ bucket: "2026-11", vpnSessions: 3 });
    expect(usage.series.find((p) => p.bucket === "2026-09")).toMatchObject({ vpnSessions: 1 });
    usage.setPreset("custom");
    expect(usage.customFrom).toBe("2025-12-01");
    const calls = api.state.calls.length;
    usage.setCustom({ from: "2026-11-22", to: "2026-11-01" });
    expect(usage.problem).toEqual({ field: "to", message: "The end date must not be before the start date" });
    await usage.ensure();
    expect(api.state.calls.length).toBe(calls);
    usage.setCustom({ from: "2026-11-01", to: "2026-11-30", granularity: "day" });
    await usage.ensure();
    expect(usage.series).toHaveLength(30);
  });

  it("a failed load says so and Try again loads; the export saves the same numbers as CSV", async () => {
    const { api, root, saved } = harness();
    const usage = root.get(UsageStore);
    api.failNext("usage.rows", new GatewayTimeout());
    await usage.ensure();
    expect(usage.state).toBe("failed");
    expect(root.snackbars.visible.at(-1)?.intent).toBe("danger");
    await usage.reload();
    expect(usage.state).toBe("ready");
    await usage.exportCsv();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^usage-.*\.csv$/);
    const text = await saved[0]!.text;
    expect(text.split("\r\n")[0]).toBe("period,device,device id,VPN sessions,bytes to device,bytes from device,API calls,report runs");
    expect(text).toContain("2026-11-21,Line 1 Router,agentLine001,1,5000,20,0,0");
    expect(text).toContain("2026-11-21,Pump,agentPump001,1,100,1000,0,1");
  });
});
