/**
 * Access requests as stored, read whole (addressed approvers, servers, names) and turned into
 * core's two shapes: the lifecycle's RequestState (rules/accessWindow.ts) and the wire's
 * MyAccessRequest. Times are stored as timestamptz and handled as epoch ms.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import type { RequestState } from "@portal/core/rules/accessWindow";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import type { Db } from "../db/Database";
import { accessRequestApprovers, accessRequestServers, accessRequests, agentServers, agents, users } from "../db/schema";

export interface Person { readonly id: number; readonly publicId: string; readonly name: string; readonly email: string }

/** One stored request with everything the lifecycle, the wire, events, audit and mail need. */
export interface RequestRecord {
  readonly id: number;
  readonly publicId: string;
  readonly companyId: number;
  readonly agent: { readonly id: number; readonly publicId: string; readonly name: string };
  readonly requester: Person;
  readonly status: RequestState["status"];
  readonly requestedStart: number;
  readonly requestedEnd: number;
  readonly start: number;
  readonly end: number;
  readonly reason: string;
  readonly vpn: boolean;
  readonly comment: string | null;
  readonly approver: Person | null;
  readonly decidedAt: number | null;
  readonly createdAt: number;
  readonly extendsRequest: { readonly id: number; readonly publicId: string } | null;
  readonly allowedApprovers: ReadonlyArray<Person>;
  readonly servers: ReadonlyArray<{ readonly id: number; readonly publicId: string; readonly name: string }>;
}

const requester = alias(users, "requester");
const approver = alias(users, "approver");
const original = alias(accessRequests, "original");

/** The requests with these row ids, in the order of `ids` (missing ones left out). */
export async function loadRequests(db: Db, ids: ReadonlyArray<number>): Promise<RequestRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({
    r: accessRequests,
    agent: { id: agents.id, publicId: agents.publicId, name: agents.name },
    requester: { id: requester.id, publicId: requester.publicId, name: requester.name, email: requester.email },
    approver: { id: approver.id, publicId: approver.publicId, name: approver.name, email: approver.email },
    original: { id: original.id, publicId: original.publicId },
  }).from(accessRequests)
    .innerJoin(agents, eq(agents.id, accessRequests.agentId))
    .innerJoin(requester, eq(requester.id, accessRequests.requesterId))
    .leftJoin(approver, eq(approver.id, accessRequests.approverId))
    .leftJoin(original, eq(original.id, accessRequests.extendsRequestId))
    .where(inArray(accessRequests.id, [...ids]));
  const approverRows = await db.select({ requestId: accessRequestApprovers.requestId, id: users.id, publicId: users.publicId, name: users.name, email: users.email })
    .from(accessRequestApprovers).innerJoin(users, eq(users.id, accessRequestApprovers.userId))
    .where(inArray(accessRequestApprovers.requestId, [...ids])).orderBy(asc(users.name), asc(users.publicId));
  const serverRows = await db.select({ requestId: accessRequestServers.requestId, id: agentServers.id, publicId: agentServers.publicId, name: agentServers.name })
    .from(accessRequestServers).innerJoin(agentServers, eq(agentServers.id, accessRequestServers.serverId))
    .where(inArray(accessRequestServers.requestId, [...ids])).orderBy(asc(agentServers.name), asc(agentServers.publicId));
  const byId = new Map(rows.map(({ r, agent, requester: who, approver: decider, original: ext }) => [r.id, {
    id: r.id, publicId: r.publicId, companyId: r.companyId, agent, requester: who, status: r.status,
    requestedStart: r.requestedStart.getTime(), requestedEnd: r.requestedEnd.getTime(), start: r.start.getTime(), end: r.end.getTime(),
    reason: r.reason, vpn: r.vpn, comment: r.comment, approver: decider, decidedAt: r.decidedAt?.getTime() ?? null,
    createdAt: r.createdAt.getTime(), extendsRequest: ext,
    allowedApprovers: approverRows.filter((a) => a.requestId === r.id).map(({ requestId: _r, ...p }) => p),
    servers: serverRows.filter((s) => s.requestId === r.id).map(({ requestId: _r, ...s }) => s),
  } satisfies RequestRecord]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadRequest(db: Db, id: number): Promise<RequestRecord | undefined> {
  return (await loadRequests(db, [id]))[0];
}

/**
 * The record once `next` (a transition of core's lifecycle) is stored: the same request with the
 * new status, window and decision. `approver` is the deciding user when the transition decides;
 * `comment` replaces the stored one unless undefined. Saves reading back what was just written.
 */
export const withState = (r: RequestRecord, next: RequestState, approver: Person | null, comment: string | null | undefined): RequestRecord => ({
  ...r, status: next.status, start: next.start, end: next.end, decidedAt: next.decidedAt,
  approver: approver ?? r.approver, comment: comment === undefined ? r.comment : comment,
});

/** The lifecycle's view of a stored request. */
export const stateOf = (r: RequestRecord): RequestState => ({
  status: r.status, requesterId: r.requester.publicId, allowedApproverIds: r.allowedApprovers.map((a) => a.publicId),
  requestedStart: r.requestedStart, requestedEnd: r.requestedEnd, start: r.start, end: r.end, vpn: r.vpn,
  serverIds: r.servers.map((s) => s.publicId), decidedAt: r.decidedAt, approverId: r.approver?.publicId ?? null,
});

/** The wire's view of a stored request (lists, item, events). */
export const viewOf = (r: RequestRecord): MyAccessRequest => ({
  request: {
    publicId: r.publicId, status: r.status, start: toUtcIsoSeconds(r.start), end: toUtcIsoSeconds(r.end),
    approver: r.approver ? { name: r.approver.name, publicId: r.approver.publicId } : null,
    user: { publicId: r.requester.publicId }, vpn: r.vpn,
    servers: r.servers.map((s) => ({ name: s.name, publicId: s.publicId })),
    requestedStart: toUtcIsoSeconds(r.requestedStart), requestedEnd: toUtcIsoSeconds(r.requestedEnd), reason: r.reason,
    allowedApprovers: r.allowedApprovers.map((a) => ({ publicId: a.publicId, name: a.name })),
    comment: r.comment, createdAt: toUtcIsoSeconds(r.createdAt), decidedAt: r.decidedAt === null ? null : toUtcIsoSeconds(r.decidedAt),
    extendsRequest: r.extendsRequest ? { publicId: r.extendsRequest.publicId } : null,
  },
  user: { publicId: r.requester.publicId, name: r.requester.name },
  agent: { publicId: r.agent.publicId, name: r.agent.name },
  asset: null,
});

/** What the audit trail keeps of a request: its state with names rather than row ids. */
export const auditValueOf = (r: RequestRecord) => ({
  status: r.status, agent: r.agent.name, requester: r.requester.name, start: toUtcIsoSeconds(r.start), end: toUtcIsoSeconds(r.end),
  requestedStart: toUtcIsoSeconds(r.requestedStart), requestedEnd: toUtcIsoSeconds(r.requestedEnd), vpn: r.vpn,
  servers: r.servers.map((s) => s.name), allowedApprovers: r.allowedApprovers.map((a) => a.name), reason: r.reason,
  approver: r.approver?.name ?? null, comment: r.comment, extendsRequest: r.extendsRequest?.publicId ?? null,
});
