/**
 * The MQTT screen's store on the in-memory PortalApi: add through the dialog (a refused host keeps
 * what was typed and names the field), the password is write-only (an edit without one keeps it),
 * "Test connection" answers a sentence from the catalogue, and a "mqtt-broker-status" event of the
 * selected company replaces the client's status in place (another company's is ignored).
 */
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import type { MqttBroker } from "@portal/core/domain/MqttBroker";
import { MQTT_BROKER_STATUS_EVENT } from "@portal/core/wire/events";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { makeMemoryEventStream } from "@portal/fixtures/memory/MemoryEventStream";
import { PortalApiMemory } from "@portal/fixtures/memory/PortalApiMemory";
import { StorageMemory } from "@portal/fixtures/memory/StorageMemory";
import { VpnConnectorMemory } from "@portal/fixtures/memory/VpnConnectorMemory";
import { RootStore } from "../src/stores/RootStore";
import { company, flush, ManualTimers, START } from "./harness";
import { MqttBrokersStore } from "../src/stores/MqttBrokersStore";
import { ENGLISH_MESSAGES } from "@portal/core/messages/englishMessages";

const DEMO: MqttBroker = {
  publicId: "mqttDemo0001", name: "Demo broker", host: "127.0.0.1", port: 1883, tls: false, clientId: "", username: "", hasPassword: false,
  topics: ["portal/demo/#"], enabled: true, status: { state: "connected", since: "2026-01-01T00:00:00.000Z" },
};

function harness() {
  const clock = ClockStepped.make(START);
  const api = PortalApiMemory.makeSync({ signedIn: true, companies: [{ company: company("companyAAAAA", "Alpha"), rights: ALL_RIGHTS }], mqttBrokers: [DEMO] }, clock);
  const stream = makeMemoryEventStream(api.state);
  const root = new RootStore({
    messages: ENGLISH_MESSAGES,
    ports: { api, connector: VpnConnectorMemory.make({ reachable: false }), clock, storage: StorageMemory.make(clock) },
    navigate: () => undefined,
    env: { hostname: "portal.example.com", isProduction: false, webRootUrl: null, platform: "web" },
    brandingHost: "portal.example.com",
    online: { isOnline: () => true, subscribe: () => () => undefined },
    timers: new ManualTimers(),
    events: stream.open,
  });
  runInAction(() => {
    root.session.rights = [...ALL_RIGHTS];
    root.session.selectedCompanyId = "companyAAAAA";
  });
  return { api, root };
}

describe("MqttBrokersStore", () => {
  it("adds a broker; a refused host keeps what was typed and names the field", async () => {
    const { api, root } = harness();
    const store = root.get(MqttBrokersStore);
    await store.load();
    expect(store.brokers.map((b) => b.name)).toEqual(["Demo broker"]);
    store.openAdd();
    const dialog = store.dialog!;
    dialog.set("name", "Line 2");
    dialog.set("host", "mqtt://line2:1883");
    dialog.set("password", "s3cret");
    dialog.set("topics", "plant/line2/#\n\nalarms/#");
    expect(dialog.dirty).toBe(true);
    await store.saveDialog();
    expect(store.dialog).toBe(dialog);
    expect(dialog.issues["host"]).toBe("MQTT_HOST_INVALID");
    expect(root.messages.text(dialog.issues["host"]!)).toMatch(/host name or IP address/);
    expect(dialog.form.name).toBe("Line 2");
    dialog.set("host", "line2.example.com");
    await store.saveDialog();
    expect(store.dialog).toBeNull();
    const added = store.brokers.find((b) => b.name === "Line 2")!;
    expect(added).toMatchObject({ host: "line2.example.com", hasPassword: true, topics: ["plant/line2/#", "alarms/#"] });
    expect(JSON.stringify(store.brokers)).not.toContain("s3cret");
    // An edit that leaves the password empty keeps it.
    store.openEdit(added);
    expect(store.dialog!.form.password).toBe("");
    store.dialog!.set("port", "1884");
    await store.saveDialog();
    expect(store.brokers.find((b) => b.name === "Line 2")).toMatchObject({ port: 1884, hasPassword: true });
    expect(api.mqttState.passwords[added.publicId]).toBe("s3cret");
  });

  it("shows the connection test result as a sentence", async () => {
    const { api, root } = harness();
    const store = root.get(MqttBrokersStore);
    await store.load();
    store.openEdit(DEMO);
    await store.testDialog();
    expect(store.dialog!.testResult?.ok).toBe(true);
    expect(root.messages.text(store.dialog!.testResult!.message.key, store.dialog!.testResult!.message.params)).toBe("Connected to the broker in 12 ms.");
    api.mqttState.nextTest = { ok: false, failure: "not-authorised", detail: "Connection refused: Not authorized", elapsedMs: 3 };
    await store.testDialog();
    expect(root.messages.text(store.dialog!.testResult!.message.key)).toMatch(/^The broker refused the connection: not authorised\./);
  });

  it("follows status events of the selected company only", async () => {
    const { api, root } = harness();
    const store = root.get(MqttBrokersStore);
    await store.load();
    root.events.start();
    const push = (company: string, state: "error" | "connected") => {
      const event = {
        id: String(api.state.events.length + 1), event: MQTT_BROKER_STATUS_EVENT,
        data: { company, publicId: DEMO.publicId, status: { state, failure: "refused", detail: "connect ECONNREFUSED", since: "2026-01-01T00:01:00.000Z" } },
      };
      api.state.events.push(event);
      for (const listener of api.state.eventListeners) listener(event);
    };
    push("companyBBBBB", "error");
    await flush();
    expect(store.brokers[0]!.status.state).toBe("connected");
    push("companyAAAAA", "error");
    await flush();
    expect(store.brokers[0]!.status).toMatchObject({ state: "error", failure: "refused" });
    root.events.stop();
  });
  it("keeps a status pushed while the list was loading, unless the list's is newer", async () => {
    const { root } = harness();
    const store = root.get(MqttBrokersStore);
    // The push arrives before the list holds the client (a broker just saved, the list reloading).
    store.applyStatus(DEMO.publicId, { state: "error", failure: "refused", since: "2026-01-01T00:01:00.000Z" });
    await store.load();
    expect(store.brokers[0]!.status).toMatchObject({ state: "error", failure: "refused" });
    // A push older than what the list says does not put the past back.
    store.applyStatus(DEMO.publicId, { state: "connecting", since: "2025-12-31T23:59:00.000Z" });
    await store.load();
    expect(store.brokers[0]!.status).toEqual(DEMO.status);
  });
});
