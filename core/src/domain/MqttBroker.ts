/**
 * MQTT broker client (spec.md section 3, keyed by publicId): a company's connection to a message
 * broker, with the topics it subscribes to. The password is write-only: it is stored encrypted
 * and the wire only says whether one is set (`hasPassword`). `status` is the live state kept by
 * the server's broker manager (connected, disconnected, error with the broker's reason).
 */
import { Schema } from "effect";

export const MQTT_BROKER_STATES = ["connected", "connecting", "disconnected", "error"] as const;
export const MqttBrokerState = Schema.Literals(MQTT_BROKER_STATES);
export type MqttBrokerState = typeof MqttBrokerState.Type;

/** Why a connection failed, as a key of the message catalogue (rules/mqttBrokers.ts describeMqttFailure). */
export const MQTT_FAILURES = ["not-authorised", "bad-client-id", "refused", "timeout", "host-not-found", "tls", "closed", "other"] as const;
export const MqttFailure = Schema.Literals(MQTT_FAILURES);
export type MqttFailure = typeof MqttFailure.Type;

/** The live state of one broker client; `failure` and `detail` only with "error". */
export const MqttBrokerStatus = Schema.Struct({
  state: MqttBrokerState,
  failure: Schema.optional(MqttFailure),
  /** The broker's or the network's own words (e.g. "connect ECONNREFUSED 127.0.0.1:1"). */
  detail: Schema.optional(Schema.String),
  /** When the state last changed (ISO time). */
  since: Schema.String,
});
export type MqttBrokerStatus = typeof MqttBrokerStatus.Type;

/** A broker client as sent on the wire: never the password. */
export const MqttBroker = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  host: Schema.String,
  port: Schema.Number,
  tls: Schema.Boolean,
  clientId: Schema.String,
  username: Schema.String,
  hasPassword: Schema.Boolean,
  topics: Schema.Array(Schema.String),
  enabled: Schema.Boolean,
  status: MqttBrokerStatus,
});
export type MqttBroker = typeof MqttBroker.Type;

/** The answer of a connection test: ok, or the failure with the broker's words. */
export const MqttConnectionTestResult = Schema.Struct({
  ok: Schema.Boolean,
  failure: Schema.optional(MqttFailure),
  detail: Schema.optional(Schema.String),
  /** Round trip of the successful connect, in ms. */
  elapsedMs: Schema.Number,
});
export type MqttConnectionTestResult = typeof MqttConnectionTestResult.Type;

/** What the add/edit form edits (password: a new one, or empty to keep the stored one). */
export interface MqttBrokerDraft {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly clientId: string;
  readonly username: string;
  readonly password?: string | null;
  readonly topics: ReadonlyArray<string>;
  readonly enabled: boolean;
}
