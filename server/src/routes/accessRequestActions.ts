/**
 * The state changes of an access request (issue 9): approve, reject, revoke (approvers), cancel,
 * release, extend (the requester). Each runs in one transaction that locks the request's row
 * (SELECT ... FOR UPDATE): of two approvers deciding at once the first wins and the second reads
 * the decided request, which core's rule answers with 409 ACCESS_REQUEST_ALREADY_DECIDED.
 * Who may do what is core's (rules/accessWindow.ts); a refusal writes nothing.
 */
import { and, eq, inArray } from "drizzle-orm";
import { Conflict } from "@portal/core/errors";
import { Result } from "effect";
import {
  ACCESS_MESSAGES, approveRequest, cancelRequest, overlappingRequest, extensionOf, rejectRequest, releaseRequest, revokeRequest, withApprovedExtension,
  withdrawExtension,
  type Actor, type RequestState,
} from "@portal/core/rules/accessWindow";
import { DEFAULT_DURATION } from "@portal/core/rules/accessRequestForm";
import type { AccessRequestChange } from "@portal/core/wire/events";
import type { Db } from "../db/Database";
import { accessRequestApprovers, accessRequestServers, accessRequests } from "../db/schema";
import { findRequest, lockAgent } from "../devices/findRequest";
import { recordChange, type ChangeContext } from "../devices/requestChanges";
import { loadRequest, loadRequests, stateOf, viewOf, withState, type Person, type RequestRecord } from "../devices/requestRows";
import { actorOf, userOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";

type Transition = (r: RequestState, actor: Actor, now: number) => Result.Result<RequestState, unknown>;

const changeContext = (ctx: RequestContext): ChangeContext => {
  const me = userOf(ctx);
  return { audit: actorOf(ctx), mail: ctx.deps.mail, actor: { publicId: me.publicId, name: me.name } };
};

/** Stores a new state of the request (status, window, decision); answers the record as now stored. */
async function storeState(tx: Db, r: RequestRecord, next: RequestState, comment: string | null | undefined, approver: Person | null): Promise<RequestRecord> {
  await tx.update(accessRequests).set({
    status: next.status, start: new Date(next.start), end: new Date(next.end),
    decidedAt: next.decidedAt === null ? null : new Date(next.decidedAt),
    ...(approver === null ? {} : { approverId: approver.id }),
    ...(comment === undefined ? {} : { comment }),
  }).where(eq(accessRequests.id, r.id));
  return withState(r, next, approver, comment);
}

/**
 * Approving an extension: the original's end moves to the extension's end when they join
 * (withApprovedExtension), and its requester and approvers hear "extended" for the original.
 */
async function extendOriginal(tx: Db, c: ChangeContext, extension: RequestRecord): Promise<void> {
  if (!extension.extendsRequest) return;
  await tx.select({ id: accessRequests.id }).from(accessRequests).where(eq(accessRequests.id, extension.extendsRequest.id)).for("update");
  const original = (await loadRequest(tx, extension.extendsRequest.id))!;
  const before = stateOf(original);
  const after = withApprovedExtension(before, extension);
  if (after.end === before.end) return;
  await tx.update(accessRequests).set({ end: new Date(after.end) }).where(eq(accessRequests.id, original.id));
  await recordChange(tx, c, "extended", original, withState(original, after, null, undefined));
}

/**
 * Ending access (revoke, release) ends its approved extensions too: once approved, an
 * extension's window is part of the original's (withApprovedExtension) but stays approved on its
 * own row, and would otherwise grant access again after the revoked original's old end.
 * The same rule, by the same actor, on each approved extension not yet ended, down the chain.
 */
async function endExtensions(tx: Db, c: ChangeContext, rule: Transition, change: AccessRequestChange, r: RequestRecord, actor: Actor, now: number, decider: Person | null): Promise<void> {
  // A pending extension is withdrawn: approved later, it would grant access again after the end.
  const pending = await tx.select({ id: accessRequests.id }).from(accessRequests)
    .where(and(eq(accessRequests.extendsRequestId, r.id), eq(accessRequests.status, "pending"))).for("update");
  for (const ext of await loadRequests(tx, pending.map((x) => x.id))) {
    const next = withdrawExtension(stateOf(ext), now);
    if (next) await recordChange(tx, c, "cancelled", ext, await storeState(tx, ext, next, undefined, null));
  }
  const rows = await tx.select({ id: accessRequests.id }).from(accessRequests)
    .where(and(eq(accessRequests.extendsRequestId, r.id), eq(accessRequests.status, "approved"))).for("update");
  for (const ext of await loadRequests(tx, rows.map((x) => x.id))) {
    if (ext.end <= now) continue;
    const result = rule(stateOf(ext), actor, now);
    if (Result.isFailure(result)) continue;
    const after = await storeState(tx, ext, result.success, undefined, decider);
    await recordChange(tx, c, change, ext, after);
    await endExtensions(tx, c, rule, change, ext, actor, now, decider);
  }
}

/** A handler applying one transition of core's lifecycle to the request of the URL. */
const transition = (rule: Transition, change: AccessRequestChange, decides: boolean) => async (ctx: RequestContext<{ readonly comment?: string | null | undefined } | undefined>) =>
  ctx.db.transaction(async (tx) => {
    const { record, actor } = await findRequest(ctx, tx, ctx.params["publicId"]!, true);
    const result = rule(stateOf(record), actor, ctx.now);
    if (Result.isFailure(result)) throw result.failure;
    const comment = decides ? ctx.body?.comment?.trim() || null : undefined;
    const c = changeContext(ctx);
    const me = userOf(ctx);
    const decider = decides ? { id: me.id, publicId: me.publicId, name: me.name, email: me.email } : null;
    const after = await storeState(tx, record, result.success, comment, decider);
    await recordChange(tx, c, change, record, after);
    if (change === "approved") await extendOriginal(tx, c, after);
    if (change === "revoked" || change === "released") await endExtensions(tx, c, rule, change, after, actor, ctx.now, decider);
    return { type: "AccessRequest", data: viewOf(after) };
  });

export const accessRequestActions: HandlersOf<
  "AccessRequestApproval" | "AccessRequestRejection" | "AccessRequestRevocation" | "AccessRequestCancellation" | "AccessRequestRelease" | "AccessRequestExtension"
> = {
  "AccessRequestApproval.POST": transition(approveRequest, "approved", true),
  "AccessRequestRejection.POST": transition(rejectRequest, "rejected", true),
  "AccessRequestRevocation.POST": transition(revokeRequest, "revoked", true),
  "AccessRequestCancellation.POST": transition(cancelRequest, "cancelled", false),
  "AccessRequestRelease.POST": transition(releaseRequest, "released", false),

  "AccessRequestExtension.POST": async (ctx) => ctx.db.transaction(async (tx) => {
    const { record, actor } = await findRequest(ctx, tx, ctx.params["publicId"]!, true);
    // Extensions of one device are created one at a time, like new requests.
    await lockAgent(tx, record.agent.id);
    const result = extensionOf(stateOf(record), actor, ctx.body?.duration ?? DEFAULT_DURATION, ctx.now);
    if (Result.isFailure(result)) throw result.failure;
    const ext = result.success;
    const mineIds = await tx.select({ id: accessRequests.id }).from(accessRequests).where(and(
      eq(accessRequests.agentId, record.agent.id), eq(accessRequests.requesterId, record.requester.id), inArray(accessRequests.status, ["pending", "approved"])));
    const mine = (await loadRequests(tx, mineIds.map((r) => r.id))).map(stateOf);
    if (overlappingRequest({ start: ext.start, end: ext.end, vpn: ext.vpn, serverIds: ext.serverIds }, mine, ctx.now)) {
      throw new Conflict({ issues: [{ message: ACCESS_MESSAGES.overlapping }] });
    }
    const [row] = await tx.insert(accessRequests).values({
      publicId: newPublicId(), companyId: record.companyId, agentId: record.agent.id, requesterId: record.requester.id, status: "pending",
      requestedStart: new Date(ext.requestedStart), requestedEnd: new Date(ext.requestedEnd), start: new Date(ext.start), end: new Date(ext.end),
      reason: ctx.body?.reason?.trim() || record.reason, vpn: record.vpn, createdAt: new Date(ctx.now), extendsRequestId: record.id,
    }).returning({ id: accessRequests.id });
    await tx.insert(accessRequestApprovers).values(record.allowedApprovers.map((a) => ({ requestId: row!.id, userId: a.id })));
    if (record.servers.length > 0) await tx.insert(accessRequestServers).values(record.servers.map((s) => ({ requestId: row!.id, serverId: s.id })));
    const created = (await loadRequest(tx, row!.id))!;
    await recordChange(tx, changeContext(ctx), "created", null, created);
    return { type: "AccessRequest", data: viewOf(created) };
  }),
};
