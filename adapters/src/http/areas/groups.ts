/**
 * Groups, memberships and devices in groups (issue 11) over core's route table: endpoint keys, so
 * payloads are checked with the contract's schemas before they are sent and answers decoded with
 * its success schemas.
 */
import { Effect } from "effect";
import type { GroupsApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { listQuery } from "../listQuery";
import { narrow } from "../narrow";

const ref = (publicId: string) => ({ publicId });
const page = <A, E>(e: Effect.Effect<{ readonly data: A; readonly moreAfter: string | null }, E>) =>
  Effect.map(e, (p) => ({ data: p.data, moreAfter: p.moreAfter }));
const data = <A, E>(e: Effect.Effect<{ readonly data: A }, E>) => Effect.map(e, (p) => p.data);

export const groupsApi = (http: HttpClient): GroupsApi => {
  const group = (publicId: string) => ({ company: true, params: { publicId }, context: { publicId, entity: "Group" } });
  return {
    listByGroupType: (groupTypePublicId, request = {}) =>
      narrow()(page(http.endpoint("GroupList.GET", {
        company: true,
        query: listQuery({ ...request, filters: [...(request.filters ?? []), { op: "eq", column: "groupType.publicId", values: [groupTypePublicId] }] }),
      }))),
    create: (g) => narrow("Conflict", "NotFound")(http.endpoint("GroupList.POST", {
      company: true, context: { entity: "Group type" },
      json: { name: g.name, type: ref(g.typePublicId), ...(g.parentPublicId === null ? {} : { parent: ref(g.parentPublicId) }) },
    }).pipe(Effect.map((p) => p.data[0] ?? { publicId: "" }))),
    update: (publicId, change) => narrow("Conflict", "NotFound")(Effect.asVoid(http.endpoint("Group.PATCH", {
      ...group(publicId),
      json: {
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.parentPublicId === undefined ? {} : { parent: change.parentPublicId === null ? null : ref(change.parentPublicId) }),
      },
    }))),
    remove: (publicId) => narrow("Conflict", "NotFound")(Effect.asVoid(http.endpoint("Group.DELETE", group(publicId)))),
    listMembers: (groupPublicId, request = {}) =>
      narrow()(page(http.endpoint("GroupMembershipList.GET", {
        company: true,
        query: listQuery({ ...request, filters: [...(request.filters ?? []), { op: "eq", column: "group.publicId", values: [groupPublicId] }] }),
      }))),
    addMembers: (items) => narrow("Conflict", "NotFound")(data(http.endpoint("GroupMembershipList.POST", {
      company: true, context: { entity: "User, group or role" },
      json: items.map((m) => ({ user: ref(m.userPublicId), group: ref(m.groupPublicId), role: ref(m.rolePublicId) })),
    }))),
    changeRoles: (items) => narrow("Conflict", "NotFound")(Effect.asVoid(http.endpoint("GroupMembershipList.PATCH", {
      company: true, context: { entity: "Membership or role" }, json: items.map((m) => ({ publicId: m.publicId, role: ref(m.rolePublicId) })),
    }))),
    removeMembers: (publicIds) => narrow("NotFound")(Effect.asVoid(http.endpoint("GroupMembershipList.DELETE", {
      company: true, context: { entity: "Membership" }, json: publicIds.map(ref),
    }))),
    replaceUserMemberships: (userPublicId, items) => narrow("Conflict", "NotFound")(data(http.endpoint("UserGroupMembershipList.PUT", {
      company: true, params: { publicId: userPublicId }, context: { entity: "User, group or role" },
      json: items.map((m) => ({ group: ref(m.groupPublicId), role: ref(m.rolePublicId) })),
    }))),
    listAgents: (groupPublicId) => narrow("NotFound")(data(http.endpoint("GroupAgentList.GET", group(groupPublicId)))),
    addAgents: (groupPublicId, ids) => narrow("Conflict", "NotFound")(Effect.asVoid(http.endpoint("GroupAgentList.POST", {
      ...group(groupPublicId), context: { entity: "Group or device" }, json: ids.map(ref),
    }))),
    removeAgents: (groupPublicId, ids) => narrow("NotFound")(Effect.asVoid(http.endpoint("GroupAgentList.DELETE", {
      ...group(groupPublicId), context: { entity: "Group or device" }, json: ids.map(ref),
    }))),
    candidates: (groupPublicId, search) => narrow("NotFound")(data(http.endpoint("GroupCandidateList.GET", {
      ...group(groupPublicId), query: { "page-size": "50", ...(search.trim() === "" ? {} : { search: search.trim() }) },
    }))),
    roleChoices: () => narrow()(data(http.endpoint("GroupRoleChoiceList.GET", { company: true, query: { "page-size": "4000" } }))),
  };
};
