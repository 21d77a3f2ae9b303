import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkMqttBroker, describeMqttFailure, effectiveClientId, isValidMqttHost, isValidTopicFilter, MQTT_RECONNECT_FIRST_MS,
  MQTT_RECONNECT_MAX_MS, MQTT_STABLE_MS, attemptAfterDrop, passwordChange, reconnectDelayMs,
} from "./mqttBrokers";

const base = { name: "Plant", host: "broker.example.com", topics: ["plant/+/temp", "alarms/#"] };

describe("checkMqttBroker", () => {
  it("normalises a create with the plain port and enabled by default", () => {
    const r = checkMqttBroker({ ...base, name: "  Plant ", topics: ["a", "a", " b "] }, { others: [] });
    expect(Result.getOrThrow(r)).toEqual({ name: "Plant", host: "broker.example.com", port: 1883, tls: false, clientId: "", username: "", topics: ["a", "b"], enabled: true });
  });
  it("takes the TLS port when TLS is on and no port is given", () => {
    expect(Result.getOrThrow(checkMqttBroker({ ...base, tls: true }, { others: [] })).port).toBe(8883);
  });
  it("reports every bad field at once", () => {
    const r = checkMqttBroker({ name: "", host: "mqtt://x:1883", port: 70000, clientId: "a b", topics: ["a/#/b"] }, { others: [] });
    expect(Result.isFailure(r) && r.failure.issues.map((i) => `${i.propertyName}:${i.message}`)).toEqual([
      "name:REQUIRED", "host:MQTT_HOST_INVALID", "port:MQTT_PORT_INVALID", "clientId:MQTT_CLIENT_ID_INVALID", "topics:MQTT_TOPIC_INVALID",
    ]);
  });
  it("refuses a name another broker has, in any case, but not the edited broker's own", () => {
    const others = [{ publicId: "b1", name: "Plant" }];
    const clash = checkMqttBroker({ ...base, name: "PLANT" }, { others });
    expect(Result.isFailure(clash) && clash.failure._tag).toBe("Conflict");
    const current = { publicId: "b1", ...Result.getOrThrow(checkMqttBroker(base, { others: [] })) };
    expect(Result.isSuccess(checkMqttBroker({ port: 1884 }, { others, current }))).toBe(true);
  });
  it("keeps the stored fields an edit does not name", () => {
    const current = { publicId: "b1", ...Result.getOrThrow(checkMqttBroker({ ...base, username: "u", port: 1999 }, { others: [] })) };
    expect(Result.getOrThrow(checkMqttBroker({ host: "10.0.0.2" }, { others: [], current }))).toMatchObject({ host: "10.0.0.2", username: "u", port: 1999, name: "Plant" });
  });
});

describe("isValidTopicFilter", () => {
  it.each([["a/b", true], ["+/b/#", true], ["#", true], ["a/#/b", false], ["a+/b", false], ["", false], ["a#", false]])("%s -> %s", (t, ok) => {
    expect(isValidTopicFilter(t)).toBe(ok);
  });
  it("property: every topic name without wildcards within bounds is a valid filter", () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 200 }).filter((s) => !/[+#\u0000]/.test(s)), (t) => isValidTopicFilter(t)));
  });
});

describe("isValidMqttHost", () => {
  it.each([["127.0.0.1", true], ["broker.example.com", true], ["::1", true], ["localhost", true], ["mqtt://x", false], ["a b", false], ["x:1883", false]])("%s -> %s", (h, ok) => {
    expect(isValidMqttHost(h)).toBe(ok);
  });
});

describe("passwordChange", () => {
  it("keeps when absent, clears on null or empty, sets on text", () => {
    expect(passwordChange(undefined)).toEqual({ kind: "keep" });
    expect(passwordChange(null)).toEqual({ kind: "clear" });
    expect(passwordChange("")).toEqual({ kind: "clear" });
    expect(passwordChange("s3cret")).toEqual({ kind: "set", password: "s3cret" });
  });
});

describe("describeMqttFailure", () => {
  it.each([
    [{ code: 5, message: "Connection refused: Not authorized" }, "not-authorised"],
    [{ code: 4 }, "not-authorised"],
    [{ code: 135 }, "not-authorised"],
    [{ code: 2 }, "bad-client-id"],
    [{ code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:1" }, "refused"],
    [{ code: "ETIMEDOUT" }, "timeout"],
    [{ message: "Connection timed out after 5000 ms" }, "timeout"],
    [{ code: "ENOTFOUND" }, "host-not-found"],
    [{ code: "ERR_SSL_WRONG_VERSION_NUMBER" }, "tls"],
    [{ message: "something odd" }, "other"],
  ] as const)("%j -> %s", (error, failure) => {
    expect(describeMqttFailure(error)).toBe(failure);
  });
});

describe("reconnectDelayMs", () => {
  it("doubles from one second up to a minute", () => {
    expect([0, 1, 2, 5, 6, 50].map((a) => reconnectDelayMs(a))).toEqual([1000, 2000, 4000, 32_000, 60_000, 60_000]);
  });
  it("property: the delay stays within bounds and never shrinks without jitter", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, jitter) => {
      const d = reconnectDelayMs(attempt, jitter);
      return d >= MQTT_RECONNECT_FIRST_MS / 2 && d <= MQTT_RECONNECT_MAX_MS && reconnectDelayMs(attempt + 1) >= reconnectDelayMs(attempt);
    }));
  });
});

describe("attemptAfterDrop", () => {
  it("starts again after a stable connection, keeps counting after a short one", () => {
    expect(attemptAfterDrop(5, MQTT_STABLE_MS)).toBe(0);
    expect(attemptAfterDrop(5, MQTT_STABLE_MS - 1)).toBe(5);
    expect(attemptAfterDrop(0, 10)).toBe(0);
  });
  it("property: a client dropped at once after each connect waits ever longer, up to the ceiling", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: MQTT_STABLE_MS - 1 }), { minLength: 1, maxLength: 40 }), (lasted) => {
      // The manager's loop: each retry counts one attempt more, each drop keeps the count.
      let attempt = 0;
      const delays: number[] = [];
      for (const ms of lasted) {
        delays.push(reconnectDelayMs(attempt++));
        attempt = attemptAfterDrop(attempt, ms);
      }
      const growing = delays.every((d, i) => i === 0 || d >= delays[i - 1]!);
      // 1, 2, 4 ... 32 s, then the one-minute ceiling from the seventh retry on.
      return growing && (delays.length < 7 || delays.at(-1) === MQTT_RECONNECT_MAX_MS);
    }));
  });
});

it("effectiveClientId falls back to a stable id", () => {
  expect(effectiveClientId("", "abc")).toBe("portal-abc");
  expect(effectiveClientId("mine", "abc")).toBe("mine");
});

it("mqttResultMessage names the catalogue sentence of a result", async () => {
  const { mqttResultMessage } = await import("./mqttBrokers");
  const { messageText } = await import("../messages/messages");
  expect(messageText(mqttResultMessage({ ok: true, elapsedMs: 42 }).key, mqttResultMessage({ ok: true, elapsedMs: 42 }).params)).toBe("Connected to the broker in 42 ms.");
  const refused = mqttResultMessage({ ok: false, failure: "not-authorised", detail: "Connection refused: Not authorized" });
  expect(messageText(refused.key, refused.params)).toMatch(/not authorised/);
  for (const f of ["not-authorised", "bad-client-id", "refused", "timeout", "host-not-found", "tls", "closed", "other"] as const) {
    expect(messageText(`mqtt.failure.${f}`, { detail: "x" })).not.toContain("mqtt.");
  }
});
