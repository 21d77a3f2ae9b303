/**
 * Pages (issue 13) over core's route table, by endpoint keys: payloads checked with the
 * contract's schemas (a component of an unknown kind fails before it is sent), answers decoded
 * with its success schemas.
 */
import { Effect } from "effect";
import type { PagesApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

export const pagesApi = (http: HttpClient): PagesApi => {
  const ctx = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Page" } });
  const page = <A, E>(e: Effect.Effect<{ readonly data: A; readonly moreAfter: string | null }, E>) => Effect.map(e, (p) => ({ data: p.data, moreAfter: p.moreAfter }));
  return {
    list: (request = {}) => narrow()(page(http.endpoint("PageList.GET", { company: true, query: listQuery(request) }))),
    listForAgent: (publicId, request = {}) => narrow("NotFound")(page(http.endpoint("AgentPageList.GET", {
      company: true, params: { publicId }, context: { publicId, entity: "Agent" }, query: listQuery(request),
    }))),
    listForAsset: (publicId, request = {}) => narrow("NotFound")(page(http.endpoint("AssetPageList.GET", {
      company: true, params: { publicId }, context: { publicId, entity: "Asset" }, query: listQuery(request),
    }))),
    get: (publicId, fields) => narrow("NotFound")(http.endpoint("Page.GET", { ...ctx(publicId), ...(fields ? { query: { fields } } : {}) }).pipe(Effect.map((p) => p.data))),
    create: (input) => narrow()(http.endpoint("PageList.POST", { company: true, json: input }).pipe(Effect.map((p) => ({ publicId: p.data[0]?.publicId ?? "" })))),
    update: (publicId, patch) => narrow("NotFound", "Conflict", "PageHasNoDraft", "NoPublishedPage")(http.endpoint("Page.PATCH", { ...ctx(publicId), json: patch }).pipe(Effect.map((p) => p.data))),
    remove: (publicId) => narrow("NotFound")(http.endpoint("Page.DELETE", ctx(publicId)).pipe(Effect.asVoid)),
    ensureDraft: (publicId) => narrow("NotFound")(http.endpoint("PageDraft.POST", ctx(publicId)).pipe(Effect.map((p) => p.data))),
    publish: (publicId) => narrow("NotFound", "PageHasNoDraft")(http.endpoint("PagePublish.POST", ctx(publicId)).pipe(Effect.map((p) => p.data))),
    discard: (publicId) => narrow("NotFound", "PageHasNoDraft")(http.endpoint("PageDraft.DELETE", ctx(publicId)).pipe(Effect.map((p) => p.data))),
    duplicate: (publicId) => narrow("NotFound", "NoPublishedPage")(http.endpoint("PageDuplicate.POST", ctx(publicId)).pipe(Effect.map((p) => p.data))),
    setDefault: (publicId) => narrow("NotFound")(http.endpoint("PageDefault.POST", ctx(publicId)).pipe(Effect.asVoid)),
    exportFile: (publicId) => narrow("NotFound")(http.endpoint("PageExport.GET", ctx(publicId)).pipe(Effect.map((p) => p.data))),
    importFile: (text) => narrow()(http.endpoint("PageImportList.POST", { company: true, json: { file: text } }).pipe(Effect.map((p) => ({ publicId: p.data[0]?.publicId ?? "" })))),
  };
};
