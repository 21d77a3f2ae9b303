import { Effect, Schema } from "effect";
import { AssetTypeEntity, GroupTypeEntity, type OrderedTypeEntity } from "@portal/core/entities/OrderedTypeEntity";
import { TranslationUpsertCounts } from "@portal/core/wire/routes";
import type { AssetTypesApi, AuditLogsApi, GroupTypesApi, TranslationsApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

export const CreatedSchema = Schema.Struct({ publicId: Schema.String });
/** A create answers `data: [{publicId}]` (api.md bulk), or one object; both read as a list. */
export const CreatedList = Schema.Union([Schema.Array(CreatedSchema), CreatedSchema]);
const asList = <A>(x: A | ReadonlyArray<A>): ReadonlyArray<A> => (Array.isArray(x) ? x : [x as A]);
const firstCreated = (x: typeof CreatedList.Type) => asList(x)[0] ?? { publicId: "" };

const page = <A, E>(e: Effect.Effect<{ readonly data: A; readonly moreAfter: string | null }, E>) =>
  Effect.map(e, (p) => ({ data: p.data, moreAfter: p.moreAfter }));

/**
 * Group types and asset types share their shape: list, add, update, updateMany, remove,
 * removeMany, all read from the kind's descriptor (rels, wire schema, topic).
 */
function typeListApi(http: HttpClient, kind: OrderedTypeEntity) {
  const { listRel, itemRel, topic: entity } = kind;
  const schema = kind.entity as Schema.Decoder<unknown>;
  return {
    list: (request = {}) => page(http.call(listRel, "GET", Schema.Array(schema), { company: true, query: listQuery(request) })),
    add: (input: unknown) =>
      http.call(listRel, "POST", CreatedList, { company: true, json: input, context: { name: nameOf(input) } }).pipe(Effect.map((p) => firstCreated(p.data))),
    update: (publicId: string, patch: unknown) =>
      http.callVoid(itemRel, "PATCH", { company: true, params: { publicId }, json: patch, context: { publicId, entity, name: nameOf(patch) } }),
    updateMany: (items: ReadonlyArray<unknown>) => http.callVoid(listRel, "PATCH", { company: true, json: items, context: { entity } }),
    remove: (publicId: string) => http.callVoid(itemRel, "DELETE", { company: true, params: { publicId }, context: { publicId, entity } }),
    removeMany: (publicIds: ReadonlyArray<string>) =>
      http.callVoid(listRel, "DELETE", { company: true, json: publicIds.map((publicId) => ({ publicId })), context: { entity } }),
  };
}

function nameOf(input: unknown): string | undefined {
  return typeof input === "object" && input !== null && typeof (input as { name?: unknown }).name === "string"
    ? (input as { name: string }).name
    : undefined;
}

export const groupTypesApi = (http: HttpClient): GroupTypesApi => {
  const api = typeListApi(http, GroupTypeEntity);
  const n = narrow("NotFound", "NameAlreadyInUse", "CannotDeleteGroupType");
  return {
    list: (request) => narrow()(api.list(request)) as ReturnType<GroupTypesApi["list"]>,
    add: (input) => narrow("NameAlreadyInUse")(api.add(input)),
    update: (publicId, patch) => narrow("NotFound", "NameAlreadyInUse")(api.update(publicId, patch)),
    updateMany: (items) => narrow("NotFound", "NameAlreadyInUse")(api.updateMany(items)),
    remove: (publicId) => narrow("NotFound", "CannotDeleteGroupType")(api.remove(publicId)),
    removeMany: (ids) => narrow("NotFound", "CannotDeleteGroupType")(n(api.removeMany(ids))),
  };
};

export const assetTypesApi = (http: HttpClient): AssetTypesApi => {
  const api = typeListApi(http, AssetTypeEntity);
  return {
    list: (request) => narrow()(api.list(request)) as ReturnType<AssetTypesApi["list"]>,
    add: (input) => narrow()(api.add(input)),
    update: (publicId, patch) => narrow("NotFound")(api.update(publicId, patch)),
    updateMany: (items) => narrow("NotFound")(api.updateMany(items)),
    remove: (publicId) => narrow("NotFound", "CannotDeleteAssetType")(api.remove(publicId)),
    removeMany: (ids) => narrow("NotFound", "CannotDeleteAssetType")(api.removeMany(ids)),
  };
};

export const translationsApi = (http: HttpClient): TranslationsApi => ({
  list: (request = {}) => {
    const extra: Record<string, string> = {};
    if (request.search !== undefined && request.search.trim() !== "") extra["search"] = request.search.trim();
    if (request.sort !== undefined) extra["sort"] = request.sort;
    return narrow()(page(http.endpoint("TranslationList.GET", { company: true, query: listQuery(request, extra) })));
  },
  createMany: (batch) =>
    narrow("Conflict")(http.call("TranslationList", "POST", CreatedList, { company: true, json: batch }).pipe(Effect.map((p) => asList(p.data)))),
  updateMany: (batch) => narrow("Conflict", "NotFound")(http.callVoid("TranslationList", "PATCH", { company: true, json: batch })),
  removeMany: (publicIds) =>
    narrow("NotFound")(http.callVoid("TranslationList", "DELETE", { company: true, json: publicIds.map((publicId) => ({ publicId })) })),
  upsert: (batch) =>
    narrow("Conflict")(http.call("TranslationList", "POST", TranslationUpsertCounts, { company: true, json: batch, query: { mode: "upsert" } }).pipe(
      Effect.map(({ data: d }) => ({ created: d.created ?? d.added, updated: d.updated ?? d.changed, unchanged: d.unchanged })),
    )),
});

export const auditLogsApi = (http: HttpClient): AuditLogsApi => ({
  list: (request = {}) => narrow()(page(http.endpoint("AuditLogList.GET", { company: true, query: listQuery(request) }))),
  exportCsv: (filters = []) => narrow()(http.download("AuditLogExport", "audit-trail.csv", { company: true, query: listQuery({ filters }) })),
  retention: () => narrow()(http.endpoint("AuditRetention.GET", { company: true }).pipe(Effect.map((p) => p.data))),
  setRetention: (retention) => narrow()(http.endpoint("AuditRetention.PUT", { company: true, json: retention }).pipe(Effect.map((p) => p.data))),
});
