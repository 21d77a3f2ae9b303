/**
 * Roles and access categories (issue 11) over core's route table, by endpoint keys: payloads are
 * checked with the contract's schemas before they are sent and answers decoded with its success
 * schemas. 409s stay Conflict with the server's message key (ROLE_IN_USE, LAST_ADMINISTRATOR,
 * 'Audience is still in use'...), which the stores turn into sentences.
 */
import { Effect } from "effect";
import type { AudiencesApi, AudienceTarget, RolesApi } from "@portal/core/ports/api/RolesApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

const firstId = (data: ReadonlyArray<{ readonly publicId: string }>) => ({ publicId: data[0]?.publicId ?? "" });

export const rolesApi = (http: HttpClient): RolesApi => {
  const item = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Role" } });
  return {
    list: (request = {}) =>
      narrow()(http.endpoint("RoleList.GET", { company: true, query: listQuery(request) }).pipe(Effect.map((p) => ({ data: p.data, moreAfter: p.moreAfter })))),
    add: (input) => narrow("Conflict")(http.endpoint("RoleList.POST", { company: true, json: input }).pipe(Effect.map((p) => firstId(p.data)))),
    update: (publicId, patch) => narrow("NotFound", "Conflict")(http.endpoint("Role.PATCH", { ...item(publicId), json: patch }).pipe(Effect.map((p) => p.data))),
    remove: (publicId) => narrow("NotFound", "Conflict")(http.endpoint("Role.DELETE", item(publicId)).pipe(Effect.asVoid)),
  };
};

/** The member's or the device's audience endpoint; a 404 names the member or the device. */
const carrier = (target: AudienceTarget) =>
  ({ company: true, params: { publicId: target.publicId }, context: { publicId: target.publicId, entity: target.kind === "user" ? "User" : "Agent" } });

export const audiencesApi = (http: HttpClient): AudiencesApi => {
  const item = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Audience" } });
  return {
    list: (request = {}) =>
      narrow()(http.endpoint("AudienceList.GET", { company: true, query: listQuery(request) }).pipe(Effect.map((p) => ({ data: p.data, moreAfter: p.moreAfter })))),
    add: (name) => narrow("Conflict")(http.endpoint("AudienceList.POST", { company: true, json: { name } }).pipe(Effect.map((p) => firstId(p.data)))),
    rename: (publicId, name) => narrow("NotFound", "Conflict")(http.endpoint("Audience.PATCH", { ...item(publicId), json: { name } }).pipe(Effect.map((p) => p.data))),
    remove: (publicId) => narrow("NotFound", "Conflict")(http.endpoint("Audience.DELETE", item(publicId)).pipe(Effect.asVoid)),
    setDefault: (publicId) => narrow("NotFound", "Conflict")(http.endpoint("AudienceDefault.POST", item(publicId)).pipe(Effect.map((p) => p.data))),
    unsetDefault: (publicId) => narrow("NotFound", "Conflict")(http.endpoint("AudienceDefault.DELETE", item(publicId)).pipe(Effect.map((p) => p.data))),
    assignmentOf: (target) => narrow("NotFound")(http.endpoint(target.kind === "user" ? "UserAudience.GET" : "AgentAudience.GET", carrier(target)).pipe(Effect.map((p) => p.data))),
    assign: (target, audience) => narrow("NotFound")(http.endpoint(target.kind === "user" ? "UserAudience.PATCH" : "AgentAudience.PATCH", {
      ...carrier(target), json: { audience: audience === null ? null : { publicId: audience } },
    }).pipe(Effect.map((p) => p.data))),
  };
};
