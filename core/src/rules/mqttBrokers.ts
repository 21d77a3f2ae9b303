/**
 * MQTT broker client rules (issue 12): what a valid broker client is (name unique in the company,
 * host, port, client id, topic filters), how a password edit is read (absent keeps the stored
 * one, null or "" clears it, text replaces it), how a connection failure is named for people, and
 * the reconnect back-off of the server's broker manager. Server, web and the memory fake call these.
 */
import { Result } from "effect";
import type { MqttBrokerDraft, MqttFailure } from "../domain/MqttBroker";
import { Conflict, InvalidInput, type ValidationIssue } from "../errors";
import { checkTypeName, sameTypeName } from "./groupTypes";

export const MQTT_BROKER_NAME_ALREADY_IN_USE = "MQTT_BROKER_NAME_ALREADY_IN_USE";
export const MQTT_HOST_INVALID = "MQTT_HOST_INVALID";
export const MQTT_PORT_INVALID = "MQTT_PORT_INVALID";
export const MQTT_CLIENT_ID_INVALID = "MQTT_CLIENT_ID_INVALID";
export const MQTT_USERNAME_TOO_LONG = "MQTT_USERNAME_TOO_LONG";
export const MQTT_TOPIC_INVALID = "MQTT_TOPIC_INVALID";
export const MQTT_TOO_MANY_TOPICS = "MQTT_TOO_MANY_TOPICS";

/** Where the demo agent publishes device values: `<root>/<device slug>/<value>` (the seeded demo broker subscribes to `<root>/#`). */
export const DEMO_MQTT_TOPIC_ROOT = "portal/demo";

/** Defaults of a new broker client: the plain MQTT port, no TLS. */
export const MQTT_DEFAULT_PORT = 1883;
export const MQTT_TLS_PORT = 8883;
export const MQTT_TOPICS_MAX = 50;
export const MQTT_TOPIC_MAX_LENGTH = 256;
export const MQTT_CLIENT_ID_MAX_LENGTH = 128;
export const MQTT_USERNAME_MAX_LENGTH = 255;
/** A connection test gives up after this long (the "timeout" failure). */
export const MQTT_TEST_TIMEOUT_MS = 5000;
/** Reconnect back-off of the broker manager: first delay, growth and ceiling. */
export const MQTT_RECONNECT_FIRST_MS = 1000;
export const MQTT_RECONNECT_MAX_MS = 60_000;
/** A connection that lasted this long was a working one: its loss starts the back-off again. */
export const MQTT_STABLE_MS = 30_000;

const HOST_NAME = /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV6 = /^\[?[0-9A-Fa-f:.]{2,45}\]?$/;

/** Whether `host` is a host name, an IPv4 address or an IPv6 address (no scheme, no port). */
export const isValidMqttHost = (host: string): boolean => HOST_NAME.test(host) || (host.includes(":") && IPV6.test(host));

/**
 * Whether `topic` is a valid MQTT topic filter (MQTT 3.1.1 section 4.7): 1 to
 * MQTT_TOPIC_MAX_LENGTH characters, no NUL, `+` only as a whole level, `#` only as the whole last
 * level. Guarantees: every topic name without wildcards and NUL in bounds is valid.
 */
export const isValidTopicFilter = (topic: string): boolean => {
  if (topic.length === 0 || topic.length > MQTT_TOPIC_MAX_LENGTH || topic.includes("\u0000")) return false;
  const levels = topic.split("/");
  return levels.every((level, i) =>
    (level === "#" ? i === levels.length - 1 : !level.includes("#")) && (level === "+" || !level.includes("+")));
};

/** How a password field of a create or edit is read. */
export type PasswordChange = { readonly kind: "keep" } | { readonly kind: "clear" } | { readonly kind: "set"; readonly password: string };

/**
 * Reads the password of a body: absent (undefined) keeps the stored one, null or "" clears it,
 * any other text replaces it. Guarantees: an edit that does not name the password never loses it.
 */
export const passwordChange = (value: unknown): PasswordChange =>
  value === undefined ? { kind: "keep" } : typeof value === "string" && value !== "" ? { kind: "set", password: value } : { kind: "clear" };

/** The body of a create or edit as the wire carries it (nulls are read as missing). */
export interface MqttBrokerInput {
  readonly name?: unknown;
  readonly host?: unknown;
  readonly port?: unknown;
  readonly tls?: unknown;
  readonly clientId?: unknown;
  readonly username?: unknown;
  readonly topics?: unknown;
  readonly enabled?: unknown;
}

/** A checked broker client without its password. */
export type MqttBrokerFields = Omit<MqttBrokerDraft, "password">;

/** Context of checkMqttBroker: the company's other broker clients and, on edit, the stored one. */
export interface MqttBrokerContext {
  readonly others: ReadonlyArray<{ readonly publicId: string; readonly name: string }>;
  /** The stored client on an edit: fields absent from the input keep its values. */
  readonly current?: MqttBrokerFields & { readonly publicId: string };
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/**
 * Checks a create (no `current`) or an edit (fields absent keep `current`'s) and answers the
 * normalised client: trimmed texts, the TLS port when TLS is on and no port is given, topics
 * trimmed with duplicates removed in order. Errors: InvalidInput with every issue found (REQUIRED,
 * MQTT_HOST_INVALID, MQTT_PORT_INVALID, MQTT_CLIENT_ID_INVALID, MQTT_USERNAME_TOO_LONG,
 * MQTT_TOPIC_INVALID, MQTT_TOO_MANY_TOPICS, each with its propertyName); Conflict
 * MQTT_BROKER_NAME_ALREADY_IN_USE when another client of the company has the name (any case).
 */
export const checkMqttBroker = (input: MqttBrokerInput, ctx: MqttBrokerContext): Result.Result<MqttBrokerFields, InvalidInput | Conflict> => {
  const cur = ctx.current;
  const pick = <K extends keyof MqttBrokerInput>(k: K): unknown => (input[k] === undefined || input[k] === null ? undefined : input[k]);
  const issues: ValidationIssue[] = [];
  const nameResult = checkTypeName(pick("name") ?? cur?.name);
  if (Result.isFailure(nameResult)) issues.push(nameResult.failure);
  const host = text(pick("host") ?? cur?.host);
  if (host === "") issues.push({ message: "REQUIRED", propertyName: "host" });
  else if (!isValidMqttHost(host)) issues.push({ message: MQTT_HOST_INVALID, propertyName: "host" });
  const tls = typeof pick("tls") === "boolean" ? (pick("tls") as boolean) : cur?.tls ?? false;
  const port = pick("port") ?? cur?.port ?? (tls ? MQTT_TLS_PORT : MQTT_DEFAULT_PORT);
  if (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535) issues.push({ message: MQTT_PORT_INVALID, propertyName: "port" });
  const clientId = typeof pick("clientId") === "string" ? text(pick("clientId")) : cur?.clientId ?? "";
  if (clientId.length > MQTT_CLIENT_ID_MAX_LENGTH || /[\s\u0000]/.test(clientId)) issues.push({ message: MQTT_CLIENT_ID_INVALID, propertyName: "clientId" });
  const username = typeof pick("username") === "string" ? text(pick("username")) : cur?.username ?? "";
  if (username.length > MQTT_USERNAME_MAX_LENGTH) issues.push({ message: MQTT_USERNAME_TOO_LONG, propertyName: "username" });
  const rawTopics = pick("topics") ?? cur?.topics ?? [];
  const topics: string[] = [];
  if (!Array.isArray(rawTopics)) issues.push({ message: MQTT_TOPIC_INVALID, propertyName: "topics" });
  else {
    for (const t of rawTopics) {
      const topic = typeof t === "string" ? t.trim() : "";
      if (!isValidTopicFilter(topic)) {
        issues.push({ message: MQTT_TOPIC_INVALID, propertyName: "topics" });
        break;
      }
      if (!topics.includes(topic)) topics.push(topic);
    }
    if (topics.length > MQTT_TOPICS_MAX) issues.push({ message: MQTT_TOO_MANY_TOPICS, propertyName: "topics" });
  }
  const enabled = typeof pick("enabled") === "boolean" ? (pick("enabled") as boolean) : cur?.enabled ?? true;
  if (issues.length > 0 || Result.isFailure(nameResult)) return Result.fail(new InvalidInput({ issues }));
  const name = nameResult.success;
  if (ctx.others.some((o) => o.publicId !== cur?.publicId && sameTypeName(o.name, name))) {
    return Result.fail(new Conflict({ issues: [{ message: MQTT_BROKER_NAME_ALREADY_IN_USE, propertyName: "name" }] }));
  }
  return Result.succeed({ name, host, port: port as number, tls, clientId, username, topics, enabled });
};

/**
 * The client id a connection uses: the configured one, or a stable one made from the publicId
 * (so that two processes never fight over a random id and the broker can resume a session).
 */
export const effectiveClientId = (clientId: string, publicId: string): string => (clientId !== "" ? clientId : `portal-${publicId}`);

/** What an MQTT or network failure looked like: mqtt.js's error code and message. */
export interface MqttErrorLike {
  readonly code?: string | number | undefined;
  readonly message?: string | undefined;
}

/**
 * Names a connection failure for people. CONNACK return codes (MQTT 3.1.1) 4 and 5 and reason
 * codes (MQTT 5) 134/135 are "not-authorised"; 2/133 a refused client id; ECONNREFUSED "refused";
 * ETIMEDOUT or our own time-out "timeout"; ENOTFOUND/EAI_AGAIN "host-not-found"; TLS errors "tls";
 * a connection closed before CONNACK "closed". Anything else is "other".
 */
export const describeMqttFailure = (error: MqttErrorLike): MqttFailure => {
  const code = error.code;
  const message = (error.message ?? "").toLowerCase();
  if (code === 4 || code === 5 || code === 134 || code === 135 || /not authori[sz]ed|bad user ?name or password/.test(message)) return "not-authorised";
  if (code === 2 || code === 133 || message.includes("identifier rejected")) return "bad-client-id";
  if (code === "ECONNREFUSED") return "refused";
  if (code === "ETIMEDOUT" || message.includes("timed out") || message.includes("timeout")) return "timeout";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host-not-found";
  if (typeof code === "string" && (code.startsWith("ERR_SSL") || code.startsWith("ERR_TLS") || code.includes("CERT") || code === "EPROTO")) return "tls";
  if (message.includes("connection closed") || code === "ECONNRESET") return "closed";
  return "other";
};

/**
 * The wait before reconnect attempt `attempt` (0 = first retry): MQTT_RECONNECT_FIRST_MS doubled
 * per attempt, capped at MQTT_RECONNECT_MAX_MS, then spread by `jitter` in [0, 1) down to half of
 * it so that many clients do not reconnect in step. Guarantees: within
 * [MQTT_RECONNECT_FIRST_MS / 2, MQTT_RECONNECT_MAX_MS], and the un-jittered delay never decreases.
 */
export const reconnectDelayMs = (attempt: number, jitter = 0): number => {
  const base = Math.min(MQTT_RECONNECT_MAX_MS, MQTT_RECONNECT_FIRST_MS * 2 ** Math.min(Math.max(0, Math.floor(attempt)), 30));
  const j = Math.min(Math.max(jitter, 0), 0.999999);
  return Math.round(base * (1 - j / 2));
};

/**
 * The reconnect attempt to count from after a connection of `connectedMs` was lost, when the
 * last one before it was `attempt`: 0 (the first delay again) after a stable connection
 * (MQTT_STABLE_MS or longer), else `attempt` itself, so that the delays keep growing. A broker
 * that accepts the client and drops it at once (another client took its session over with the
 * same client ID, or an ACL closes it) is then retried ever less often, up to the ceiling, not
 * every second. Guarantees: never negative, never more than `attempt`.
 */
export const attemptAfterDrop = (attempt: number, connectedMs: number): number =>
  connectedMs >= MQTT_STABLE_MS ? 0 : Math.max(0, Math.floor(attempt));

/**
 * The sentence (message key and params) of a connection test result or of a client's failed
 * state: "mqtt.test.ok" with the round trip, or "mqtt.failure.<failure>" with the broker's words.
 */
export const mqttResultMessage = (r: { readonly ok?: boolean; readonly failure?: MqttFailure | undefined; readonly detail?: string | undefined; readonly elapsedMs?: number }):
  { readonly key: string; readonly params?: Readonly<Record<string, string | number>> } =>
  r.ok ? { key: "mqtt.test.ok", params: { ms: r.elapsedMs ?? 0 } } : { key: `mqtt.failure.${r.failure ?? "other"}`, params: { detail: r.detail ?? "" } };
