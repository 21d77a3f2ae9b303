/**
 * The demo devices' data points (issue 13): started by the demo server (`npm start`), it plays
 * the device agent of each online demo device and publishes, every DEMO_PUBLISH_MS, one
 * DataPointMessage on `portal/agents/{publicId}/data-points` of the device broker: temperature
 * (°C), pressure (bar), level (%), running (1 or 0) and operatingHours (rising while running).
 * The values are smooth waves with a phase per device, so dashboards show something moving.
 */
import { isNotNull } from "drizzle-orm";
import { connect, type MqttClient } from "mqtt";
import { dataPointTopic, type DataPointMessage } from "@portal/core/domain/DataPoint";
import type { Db } from "../db/Database";
import { agents } from "../db/schema";

export const DEMO_PUBLISH_MS = 1000;
/** Operating hours the demo devices start from (a service interval of 500 h shows wear in several states). */
const BASE_HOURS = [1234, 460, 2980, 75];

/**
 * The values of demo device `index` at instant `t` (epoch ms). Pure, so that a restart continues
 * the same curves; operating hours grow with the time running (about 70% of the time).
 */
export function demoValues(index: number, t: number): DataPointMessage["values"] {
  const s = t / 1000;
  const phase = index * 1.7;
  const running = Math.sin(s / 90 + phase) > -0.45 ? 1 : 0;
  const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;
  return {
    temperature: round(21 + 4 * Math.sin(s / 60 + phase) + 0.3 * Math.sin(s * 1.3), 2),
    pressure: round(4.5 + 2 * Math.sin(s / 45 + phase) + running * 0.8, 3),
    level: round(55 + 35 * Math.sin(s / 240 + phase), 1),
    running,
    operatingHours: round((BASE_HOURS[index % BASE_HOURS.length] ?? 0) + (s % 31_536_000) * 0.7 / 3600, 3),
  };
}

/** Publishes the demo devices' values until stopped; returns the stop function. Never throws when the broker is away (it retries). */
export async function startDemoDataPublisher(db: Db, url: string, onError: (e: unknown) => void = () => undefined): Promise<() => Promise<void>> {
  const devices = (await db.select({ publicId: agents.publicId }).from(agents).where(isNotNull(agents.vpnAddress))).map((a) => a.publicId);
  const client: MqttClient = connect(url, { clientId: `portal-demo-devices-${process.pid}`, reconnectPeriod: 2000 });
  client.on("error", onError);
  const timer = setInterval(() => {
    if (!client.connected) return;
    const now = Date.now();
    devices.forEach((publicId, i) => {
      const message: DataPointMessage = { ts: now, values: demoValues(i, now) };
      client.publish(dataPointTopic(publicId), JSON.stringify(message), { qos: 0 });
    });
  }, DEMO_PUBLISH_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await new Promise<void>((resolve) => client.end(false, {}, () => resolve()));
  };
}
