/**
 * The demo device's values over MQTT, for `portal agent --demo-services`: every PUBLISH_MS the
 * same values the HMI page and the Modbus registers show (demoValues) are published, retained, to
 * `portal/demo/<device slug>/<value>` on the demo broker (the local Mosquitto by default), where
 * the seeded "Demo broker" client of the portal subscribes. mqtt.js reconnects on its own, so a
 * broker that starts later still gets the values.
 */
import { connect, type MqttClient } from "mqtt";
import { DEMO_MQTT_TOPIC_ROOT } from "@portal/core/rules/mqttBrokers";
import { demoValues, type DemoValues } from "./demoServices";

export const PUBLISH_MS = 2000;
export const DEMO_MQTT_URL = "mqtt://127.0.0.1:1883";

/** "Line 1 Router" -> "line-1-router": a topic level without wildcards or separators. */
export const deviceSlug = (name: string): string =>
  name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "device";

/** The topic and payload of each value at one instant. */
export const demoMessages = (device: string, values: DemoValues): Array<{ topic: string; payload: string }> =>
  (Object.entries(values) as Array<[keyof DemoValues, number]>).map(([name, value]) => ({ topic: `${DEMO_MQTT_TOPIC_ROOT}/${deviceSlug(device)}/${name}`, payload: String(value) }));

export interface DemoMqttPublisher {
  readonly client: MqttClient;
  stop(): Promise<void>;
}

/** Starts publishing the values of `devices` to the broker at `url`. */
export function startDemoMqttPublisher(options: { url?: string; devices: ReadonlyArray<string>; log?: (line: string) => void }): DemoMqttPublisher {
  const started = Date.now();
  const client = connect(options.url ?? DEMO_MQTT_URL, { clientId: `portal-demo-agent-${process.pid}`, reconnectPeriod: 5000, connectTimeout: 5000 });
  let reported = false;
  client.on("connect", () => { options.log?.(`demo values published to ${options.url ?? DEMO_MQTT_URL} under ${DEMO_MQTT_TOPIC_ROOT}/`); reported = false; });
  client.on("error", (e) => {
    if (!reported) options.log?.(`demo MQTT broker: ${e.message}`);
    reported = true;
  });
  const publish = () => {
    if (!client.connected) return;
    const values = demoValues(Date.now() - started);
    for (const device of options.devices) for (const m of demoMessages(device, values)) client.publish(m.topic, m.payload, { retain: true, qos: 0 });
  };
  const timer = setInterval(publish, PUBLISH_MS);
  client.on("connect", publish);
  return {
    client,
    stop: () => new Promise((resolve) => {
      clearInterval(timer);
      client.end(false, {}, () => resolve());
    }),
  };
}
