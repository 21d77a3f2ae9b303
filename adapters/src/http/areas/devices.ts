/**
 * Access requests. Their routes are added to core's route table by the issues that build them;
 * until the server serves a rel, a call fails with InvalidInput naming the rel. Pages: pages.ts.
 */
import { Effect, Schema } from "effect";
import { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import type { AccessRequestAction, AccessRequestListRequest, AccessRequestsApi } from "@portal/core/ports/api/AccessRequestsApi";
import { sortApprovers } from "@portal/core/rules/approvers";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";
import { CreatedList } from "./lists";

const first = <A>(x: A | ReadonlyArray<A>): A => (Array.isArray(x) ? (x[0] as A) : (x as A));
const page = <A, E>(e: Effect.Effect<{ readonly data: A; readonly moreAfter: string | null }, E>) =>
  Effect.map(e, (p) => ({ data: p.data, moreAfter: p.moreAfter }));

const ACTION_RELS = {
  approve: "AccessRequestApproval",
  reject: "AccessRequestRejection",
  revoke: "AccessRequestRevocation",
  cancel: "AccessRequestCancellation",
  release: "AccessRequestRelease",
} as const satisfies Record<AccessRequestAction, string>;

/**
 * Devices and access requests over core's route table (endpoint keys, so the payloads are checked
 * with the contract's schemas before they are sent and answers decoded with its success schemas).
 */
export const accessRequestsApi = (http: HttpClient): AccessRequestsApi => {
  const agentCtx = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Agent" } });
  const requestCtx = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "AccessRequest" } });
  const boxQuery = (request: AccessRequestListRequest) => listQuery(request, request.box === undefined ? {} : { box: request.box });
  return {
    agents: (request = {}) => {
      const extra: Record<string, string> = {};
      if (request.search !== undefined && request.search.trim() !== "") extra.search = request.search.trim();
      if (request.online !== undefined) extra.online = String(request.online);
      if (request.group !== undefined) extra.group = request.group;
      return narrow()(page(http.endpoint("AgentList.GET", { company: true, query: listQuery(request, extra) })));
    },
    agent: (publicId) => narrow("NotFound")(http.endpoint("Agent.GET", agentCtx(publicId)).pipe(Effect.map((p) => p.data))),
    deviceGroups: () => narrow()(http.endpoint("DeviceGroupList.GET", { company: true }).pipe(Effect.map((p) => p.data))),
    tryAgain: (publicId) =>
      narrow("NotFound", "Conflict")(http.endpoint("AgentRateLimitReset.POST", agentCtx(publicId)).pipe(Effect.map((p) => p.data))),
    assets: (request = {}) => narrow()(page(http.endpoint("AssetList.GET", { company: true, query: listQuery(request) }))),
    approvers: (agentPublicId) =>
      narrow("NotFound")(http.endpoint("AgentApproverList.GET", { ...agentCtx(agentPublicId), query: { fields: "name" } }).pipe(
        Effect.map((p) => sortApprovers(p.data)),
      )),
    create: (agentPublicId, payload) =>
      narrow("NotFound", "Conflict")(http.endpoint("AgentAccessRequestList.POST", { ...agentCtx(agentPublicId), json: payload }).pipe(
        Effect.map((p) => first(p.data)),
      )),
    mine: (request = {}) => narrow()(page(http.endpoint("MyAccessRequestList.GET", { company: true, query: boxQuery(request) }))),
    inbox: (request = {}) => narrow()(page(http.endpoint("AccessRequestList.GET", { company: true, query: boxQuery(request) }))),
    request: (publicId) => narrow("NotFound")(http.endpoint("AccessRequest.GET", requestCtx(publicId)).pipe(Effect.map((p) => p.data))),
    act: (publicId, action, comment) =>
      narrow("NotFound", "Conflict")(http.call(ACTION_RELS[action], "POST", MyAccessRequest, {
        ...requestCtx(publicId), json: comment === undefined || comment.trim() === "" ? {} : { comment: comment.trim() },
      }).pipe(Effect.map((p) => p.data))),
    extend: (publicId, duration) =>
      narrow("NotFound", "Conflict")(http.endpoint("AccessRequestExtension.POST", { ...requestCtx(publicId), json: { duration } }).pipe(
        Effect.map((p) => p.data),
      )),
  };
};
