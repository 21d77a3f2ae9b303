/**
 * Pages and access requests. Their routes are added to core's route table by the issues that
 * build them; until the server serves a rel, a call fails with InvalidInput naming the rel.
 */
import { Effect, Schema } from "effect";
import { Approver, MyAccessRequest } from "@portal/core/domain/AccessRequest";
import { Agent } from "@portal/core/domain/Agent";
import { Page, PageVersion } from "@portal/core/domain/Page";
import type { AccessRequestsApi, PagesApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";
import { CreatedList } from "./lists";

const first = <A>(x: A | ReadonlyArray<A>): A => (Array.isArray(x) ? (x[0] as A) : (x as A));
const page = <A, E>(e: Effect.Effect<{ readonly data: A; readonly moreAfter: string | null }, E>) =>
  Effect.map(e, (p) => ({ data: p.data, moreAfter: p.moreAfter }));

export const pagesApi = (http: HttpClient): PagesApi => {
  const ctx = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Page" } });
  const action = (rel: string, publicId: string) => http.call(rel, "POST", Page, { ...ctx(publicId), json: {} }).pipe(Effect.map((p) => p.data));
  return {
    list: (request = {}) => narrow()(page(http.call("PageList", "GET", Schema.Array(Page), { company: true, query: listQuery(request) }))),
    get: (publicId, fields) =>
      narrow("NotFound")(http.call("Page", "GET", Page, { ...ctx(publicId), ...(fields ? { query: { fields } } : {}) }).pipe(Effect.map((p) => p.data))),
    create: (input) => narrow()(http.call("PageList", "POST", CreatedList, { company: true, json: input }).pipe(Effect.map((p) => first(p.data)))),
    update: (publicId, patch) => narrow("NotFound")(http.callVoid("Page", "PATCH", { ...ctx(publicId), json: patch })),
    remove: (publicId) => narrow("NotFound")(http.callVoid("Page", "DELETE", ctx(publicId))),
    ensureDraft: (publicId) =>
      narrow("NotFound")(http.call("PageDraft", "POST", PageVersion, { ...ctx(publicId), json: {} }).pipe(Effect.map((p) => p.data))),
    publish: (publicId) => narrow("NotFound", "PageHasNoDraft")(action("PagePublish", publicId)),
    discard: (publicId) => narrow("NotFound", "PageHasNoDraft")(action("PageDiscard", publicId)),
    duplicate: (publicId) => narrow("NotFound", "NoPublishedPage")(action("PageDuplicate", publicId)),
    setDefault: (publicId) => narrow("NotFound")(http.callVoid("PageDefault", "POST", { ...ctx(publicId), json: {} })),
  };
};

export const accessRequestsApi = (http: HttpClient): AccessRequestsApi => ({
  agents: (request = {}) => narrow()(page(http.call("AgentList", "GET", Schema.Array(Agent), { company: true, query: listQuery(request) }))),
  agent: (publicId) =>
    narrow("NotFound")(http.call("Agent", "GET", Agent, { company: true, params: { publicId }, context: { publicId, entity: "Agent" } }).pipe(
      Effect.map((p) => p.data),
    )),
  approvers: (agentPublicId) =>
    narrow("NotFound")(http.call("AgentApproverList", "GET", Schema.Array(Approver), {
      company: true, params: { publicId: agentPublicId }, query: { fields: "name" }, context: { publicId: agentPublicId, entity: "Agent" },
    }).pipe(Effect.map((p) => p.data))),
  create: (agentPublicId, payload) =>
    narrow("NotFound")(http.call("AgentAccessRequestList", "POST", CreatedList, {
      company: true, params: { publicId: agentPublicId }, json: payload, context: { publicId: agentPublicId, entity: "Agent" },
    }).pipe(Effect.map((p) => first(p.data)))),
  mine: (request = {}) =>
    narrow()(page(http.call("MyAccessRequestList", "GET", Schema.Array(MyAccessRequest), { query: listQuery(request) }))),
});
