/**
 * Custom fields (issue 12) over core's route table, by endpoint keys: the global list, the
 * company's list resource (POST, bulk PATCH for a reorder, item PATCH and DELETE) and the values
 * of a device or an asset. 409s stay Conflict with the server's message key.
 */
import { Effect } from "effect";
import type { CustomFieldsApi } from "@portal/core/ports/api/CustomFieldsApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

export const customFieldsApi = (http: HttpClient): CustomFieldsApi => {
  const item = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Custom field" } });
  const owner = (publicId: string, entity: string) => ({ company: true, params: { publicId }, context: { publicId, entity } });
  return {
    list: (request = {}) =>
      narrow()(http.endpoint("CustomPropertyList.GET", { company: true, query: listQuery(request) }).pipe(Effect.map((p) => ({ data: p.data, moreAfter: p.moreAfter })))),
    add: (input) => narrow("Conflict")(http.endpoint("CompanyCustomPropertyList.POST", { company: true, json: input }).pipe(
      Effect.map((p) => ({ publicId: p.data[0]?.publicId ?? "" })))),
    update: (publicId, input) => narrow("NotFound", "Conflict")(http.endpoint("CompanyCustomProperty.PATCH", { ...item(publicId), json: input }).pipe(Effect.map((p) => p.data))),
    reorder: (items) => narrow("NotFound", "Conflict")(http.endpoint("CompanyCustomPropertyList.PATCH", { company: true, json: items }).pipe(Effect.asVoid)),
    remove: (publicId) => narrow("NotFound", "Conflict")(http.endpoint("CompanyCustomProperty.DELETE", item(publicId)).pipe(Effect.asVoid)),
    values: (target, publicId) => narrow("NotFound")(
      (target === "device"
        ? http.endpoint("AgentCustomFieldValues.GET", owner(publicId, "Device"))
        : http.endpoint("AssetCustomFieldValues.GET", owner(publicId, "Asset"))).pipe(Effect.map((p) => p.data))),
    saveValues: (target, publicId, values) => narrow("NotFound")(
      (target === "device"
        ? http.endpoint("AgentCustomFieldValues.PUT", { ...owner(publicId, "Device"), json: { values } })
        : http.endpoint("AssetCustomFieldValues.PUT", { ...owner(publicId, "Asset"), json: { values } })).pipe(Effect.map((p) => p.data))),
  };
};
