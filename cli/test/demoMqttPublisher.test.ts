/**
 * The demo agent publishes the demo device values to the real Mosquitto on 127.0.0.1:1883 under
 * portal/demo/<device>/<value>, where the seeded "Demo broker" client subscribes. Skips, saying
 * so, when no broker answers there (scripts/test.mjs starts one in CI).
 */
import { Socket } from "node:net";
import { connect } from "mqtt";
import { describe, expect, it } from "vitest";
import { demoMessages, deviceSlug, startDemoMqttPublisher } from "../src/demo/demoMqttPublisher";
import { demoValues } from "../src/demo/demoServices";

const brokerUp = await new Promise<boolean>((resolve) => {
  const s = new Socket();
  const done = (ok: boolean) => { s.destroy(); resolve(ok); };
  s.setTimeout(1000, () => done(false));
  s.once("connect", () => done(true));
  s.once("error", () => done(false));
  s.connect(1883, "127.0.0.1");
});
if (!brokerUp) console.warn("No MQTT broker answers on 127.0.0.1:1883: skipped the demo publisher test.");

describe("demo MQTT publisher", () => {
  it("names topics portal/demo/<device slug>/<value>", () => {
    expect(deviceSlug("Line 1 Router")).toBe("line-1-router");
    expect(deviceSlug("+#/")).toBe("device");
    expect(demoMessages("Boiler Controller", demoValues(0)).map((m) => m.topic)).toEqual([
      "portal/demo/boiler-controller/temperatureC", "portal/demo/boiler-controller/pressureBar",
      "portal/demo/boiler-controller/speedRpm", "portal/demo/boiler-controller/partsMade",
    ]);
  });

  it.skipIf(!brokerUp)("publishes the values to the local Mosquitto, where a subscriber receives them", async () => {
    const device = `Test device ${process.pid}`;
    const received = new Map<string, string>();
    const sub = connect("mqtt://127.0.0.1:1883", { clientId: `demo-publisher-test-${process.pid}` });
    await new Promise<void>((resolve, reject) => { sub.once("connect", () => resolve()); sub.once("error", reject); });
    await sub.subscribeAsync(`portal/demo/${deviceSlug(device)}/#`);
    sub.on("message", (topic, payload) => received.set(topic, payload.toString()));
    const publisher = startDemoMqttPublisher({ devices: [device] });
    try {
      for (let i = 0; i < 50 && received.size < 4; i++) await new Promise((r) => setTimeout(r, 100));
      expect(received.size).toBe(4);
      expect(Number(received.get(`portal/demo/${deviceSlug(device)}/temperatureC`))).toBeGreaterThan(50);
    } finally {
      await publisher.stop();
      // Retained values of this test device are cleared (an empty retained message deletes them).
      for (const topic of received.keys()) await sub.publishAsync(topic, "", { retain: true });
      await sub.endAsync();
    }
  });
});
