/**
 * Connecting to an MQTT broker with mqtt.js: the options of a broker client, and the connection
 * test of the MQTT screen, which really connects, waits for the broker's CONNACK (or its refusal)
 * at most MQTT_TEST_TIMEOUT_MS, then disconnects. Failures are named by core's describeMqttFailure.
 */
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import type { MqttConnectionTestResult } from "@portal/core/domain/MqttBroker";
import { describeMqttFailure, MQTT_TEST_TIMEOUT_MS } from "@portal/core/rules/mqttBrokers";

/** What a connection needs: the stored fields with the password decrypted. */
export interface BrokerSettings {
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly clientId: string;
  readonly username: string;
  readonly password: string | null;
}

/** mqtt.js options of a broker client; reconnecting is the caller's (the manager's back-off). */
export const clientOptions = (s: BrokerSettings, connectTimeoutMs: number): IClientOptions => ({
  host: s.host.replace(/^\[|\]$/g, ""),
  port: s.port,
  protocol: s.tls ? "mqtts" : "mqtt",
  clientId: s.clientId,
  ...(s.username !== "" ? { username: s.username } : {}),
  ...(s.password ? { password: s.password } : {}),
  connectTimeout: connectTimeoutMs,
  reconnectPeriod: 0,
  clean: true,
  // Certificates are checked: a broker with a self-signed certificate fails with the "tls" reason.
  rejectUnauthorized: true,
});

/** The error of a failed connect with its code, as mqtt.js or the socket gave it. */
export interface ConnectFailure {
  readonly code?: string | number;
  readonly message: string;
}

/**
 * Connects once and resolves with the connected client, or rejects with the first error, a
 * close before CONNACK, or our own time-out. The client is ended on failure.
 */
export function connectOnce(s: BrokerSettings, timeoutMs: number): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = connect(clientOptions(s, timeoutMs));
    let settled = false;
    const fail = (e: ConnectFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.removeAllListeners();
      client.on("error", () => undefined);
      client.end(true);
      reject(e);
    };
    const timer = setTimeout(() => fail({ code: "ETIMEDOUT", message: `No answer from the broker within ${timeoutMs} ms` }), timeoutMs);
    client.once("connect", () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.removeAllListeners("error");
      client.removeAllListeners("close");
      resolve(client);
    });
    client.on("error", (e: Error & { code?: string | number }) => fail({ ...(e.code === undefined ? {} : { code: e.code }), message: e.message }));
    client.on("close", () => fail({ message: "Connection closed before the broker accepted it" }));
  });
}

/** Ends a client and waits until its socket is closed. */
export const endClient = (client: MqttClient): Promise<void> => new Promise((resolve) => client.end(false, {}, () => resolve()));

/**
 * The connection test: connects with the settings, answers ok with the round trip, or the named
 * failure with the broker's or the network's own words. Never throws.
 */
export async function testMqttConnection(s: BrokerSettings, timeoutMs = MQTT_TEST_TIMEOUT_MS): Promise<MqttConnectionTestResult> {
  const started = performance.now();
  try {
    const client = await connectOnce(s, timeoutMs);
    const elapsedMs = Math.round(performance.now() - started);
    await endClient(client);
    return { ok: true, elapsedMs };
  } catch (e) {
    const failure = e as ConnectFailure;
    return { ok: false, failure: describeMqttFailure(failure), detail: failure.message.slice(0, 500), elapsedMs: Math.round(performance.now() - started) };
  }
}
