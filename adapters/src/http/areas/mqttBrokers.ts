/**
 * MQTT broker clients (issue 12) over core's route table, by endpoint keys: payloads checked with
 * the contract's schemas, answers decoded with its success schemas. A failed connection test is a
 * result (ok: false with the failure), not an error.
 */
import { Effect } from "effect";
import type { MqttBrokersApi } from "@portal/core/ports/api/MqttBrokersApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

export const mqttBrokersApi = (http: HttpClient): MqttBrokersApi => {
  const item = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "MqttBroker" } });
  return {
    list: (request = {}) =>
      narrow()(http.endpoint("MqttBrokerList.GET", { company: true, query: listQuery(request) }).pipe(Effect.map((p) => ({ data: p.data, moreAfter: p.moreAfter })))),
    add: (draft) => narrow("Conflict")(http.endpoint("MqttBrokerList.POST", { company: true, json: draft }).pipe(Effect.map((p) => ({ publicId: p.data[0]?.publicId ?? "" })))),
    update: (publicId, draft) => narrow("NotFound", "Conflict")(http.endpoint("MqttBroker.PATCH", { ...item(publicId), json: draft }).pipe(Effect.map((p) => p.data))),
    remove: (publicId) => narrow("NotFound")(http.endpoint("MqttBroker.DELETE", item(publicId)).pipe(Effect.asVoid)),
    test: (draft) => narrow("NotFound")(http.endpoint("MqttConnectionTest.POST", {
      company: true, json: draft, ...(draft.publicId ? { context: { publicId: draft.publicId, entity: "MqttBroker" } } : {}),
    }).pipe(Effect.map((p) => p.data))),
  };
};
