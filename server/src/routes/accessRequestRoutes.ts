/**
 * Access requests (issue 9): sending one for an agent, my requests, an approver's requests, one
 * request. The rules are core's (rules/accessWindow.ts, rules/deviceRights.ts); the server reads
 * and writes rows, in one transaction per change (requestChanges.ts writes audit, events, mail).
 */
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { Result } from "effect";
import { Conflict } from "@portal/core/errors";
import { ACCESS_MESSAGES, checkNewRequest, overlappingRequest } from "@portal/core/rules/accessWindow";
import { APPROVE_RIGHT, possibleApprovers } from "@portal/core/rules/deviceRights";
import type { Db } from "../db/Database";
import { accessRequestApprovers, accessRequestServers, accessRequests, agentServers } from "../db/schema";
import { agentsWhereCallerHolds, callerRightsOf, deviceMembers, findAgent } from "../devices/deviceAccess";
import { findRequest, lockAgent } from "../devices/findRequest";
import { recordChange } from "../devices/requestChanges";
import { loadRequest, loadRequests, stateOf, viewOf } from "../devices/requestRows";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, userOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";

const conflict = (message: string) => new Conflict({ issues: [{ message }] });

/** Pending and waiting: not yet expired by the tick, but past its requested end counts as expired. */
const waiting = (now: Date) => sql`(${accessRequests.status} = 'pending' and ${accessRequests.requestedEnd} > ${now})`;
const notEnded = (now: Date) => sql`(${accessRequests.status} = 'approved' and ${accessRequests.end} > ${now})`;

/** One page of requests matching `where`, newest first (keyset on created_at, publicId). */
async function requestPage(ctx: RequestContext, db: Db, where: SQL[]) {
  const { after, orderBy } = keyset([accessRequests.createdAt, accessRequests.publicId], ctx.list.pageAfter, "desc");
  where.push(...filterConditions(ctx.list.filters, {
    publicId: { column: accessRequests.publicId, type: "text" },
    status: { column: accessRequests.status, type: "text" },
    vpn: { column: accessRequests.vpn, type: "boolean" },
    // The device page lists my requests for one agent.
    "agent.publicId": { column: sql`(select a.public_id from agents a where a.id = ${accessRequests.agentId})`, type: "text" },
  }));
  if (after) where.push(after);
  const rows = await db.select({ id: accessRequests.id, createdAt: accessRequests.createdAt, publicId: accessRequests.publicId })
    .from(accessRequests).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
  const p = page(rows, ctx.list.pageSize, (r) => [r.createdAt.toISOString(), r.publicId]);
  const records = await loadRequests(db, p.rows.map((r) => r.id));
  return { type: "AccessRequest", data: records.map(viewOf), moreAfter: p.moreAfter };
}

export const accessRequestRoutes: HandlersOf<"AgentAccessRequestList" | "MyAccessRequestList" | "AccessRequestList" | "AccessRequest"> = {
  "AgentAccessRequestList.POST": async (ctx) => {
    const body = ctx.body ?? {};
    const me = userOf(ctx);
    return ctx.db.transaction(async (tx) => {
      const agent = await findAgent(ctx, tx, ctx.params["publicId"]!);
      // Requests of one device are checked one at a time, so two overlapping ones cannot both pass.
      await lockAgent(tx, agent.id);
      const approvers = possibleApprovers(await deviceMembers(tx, agent.companyId, agent.id, ctx.now), me.publicId);
      if (approvers.length === 0) throw conflict(ACCESS_MESSAGES.noApprovers);
      const servers = await tx.select({ id: agentServers.id, publicId: agentServers.publicId }).from(agentServers).where(eq(agentServers.agentId, agent.id));
      const input = {
        allowedApprovers: (body.allowedApprovers ?? []).map((a) => ({ publicId: a.publicId ?? undefined })),
        servers: (body.servers ?? []).map((s) => ({ publicId: s.publicId ?? undefined })), vpn: body.vpn ?? false,
        reason: body.reason ?? "", start: body.start ?? "", end: body.end ?? "",
      };
      const checked = checkNewRequest(input, {
        now: ctx.now, approverIds: new Set(approvers.map((a) => a.publicId)), serverIds: new Set(servers.map((s) => s.publicId)),
      });
      if (Result.isFailure(checked)) throw checked.failure;
      const { start, end } = checked.success;
      const serverIds = [...new Set(input.servers.map((s) => s.publicId!))];
      const mineIds = await tx.select({ id: accessRequests.id }).from(accessRequests).where(and(
        eq(accessRequests.agentId, agent.id), eq(accessRequests.requesterId, me.id), inArray(accessRequests.status, ["pending", "approved"])));
      const mine = (await loadRequests(tx, mineIds.map((r) => r.id))).map(stateOf);
      if (overlappingRequest({ start, end, vpn: input.vpn, serverIds }, mine, ctx.now)) throw conflict(ACCESS_MESSAGES.overlapping);

      const at = new Date(ctx.now);
      const [row] = await tx.insert(accessRequests).values({
        publicId: newPublicId(), companyId: agent.companyId, agentId: agent.id, requesterId: me.id, status: "pending",
        requestedStart: new Date(start), requestedEnd: new Date(end), start: new Date(start), end: new Date(end),
        reason: input.reason.trim(), vpn: input.vpn, createdAt: at,
      }).returning({ id: accessRequests.id, publicId: accessRequests.publicId });
      const approverIds = [...new Set(input.allowedApprovers.map((a) => a.publicId!))];
      const members = await deviceMembers(tx, agent.companyId, agent.id, ctx.now);
      await tx.insert(accessRequestApprovers).values(approverIds.map((p) => ({ requestId: row!.id, userId: members.find((m) => m.publicId === p)!.id })));
      if (serverIds.length > 0) {
        await tx.insert(accessRequestServers).values(serverIds.map((p) => ({ requestId: row!.id, serverId: servers.find((s) => s.publicId === p)!.id })));
      }
      const record = (await loadRequest(tx, row!.id))!;
      await recordChange(tx, { audit: actorOf(ctx), mail: ctx.deps.mail, actor: { publicId: me.publicId, name: me.name } }, "created", null, record);
      return { type: "AccessRequest", data: [{ publicId: row!.publicId }], status: 201 };
    });
  },

  "MyAccessRequestList.GET": async (ctx) => {
    const now = new Date(ctx.now);
    const where: SQL[] = [eq(accessRequests.companyId, companyOf(ctx).id), eq(accessRequests.requesterId, userOf(ctx).id)];
    const started = sql`(${accessRequests.status} = 'approved' and ${accessRequests.start} <= ${now} and ${accessRequests.end} > ${now})`;
    const scheduled = sql`(${accessRequests.status} = 'approved' and ${accessRequests.start} > ${now})`;
    const box = ctx.query["box"];
    if (box === "pending") where.push(or(waiting(now), scheduled)!);
    if (box === "active") where.push(started);
    if (box === "past" || box === "history") where.push(sql`not (${waiting(now)} or ${notEnded(now)})`);
    return requestPage(ctx, ctx.db, where);
  },

  "AccessRequestList.GET": async (ctx) => {
    const now = new Date(ctx.now);
    const me = userOf(ctx);
    const caller = await callerRightsOf(ctx, ctx.db);
    const onMyDevices = agentsWhereCallerHolds(caller, APPROVE_RIGHT, accessRequests.agentId);
    const addressedToMe = sql`exists (select 1 from ${accessRequestApprovers} ara where ara.request_id = ${accessRequests.id} and ara.user_id = ${me.id})`;
    const where: SQL[] = [eq(accessRequests.companyId, companyOf(ctx).id), onMyDevices];
    const box = ctx.query["box"];
    if (box === "pending") where.push(waiting(now), addressedToMe);
    if (box === "active") where.push(notEnded(now));
    if (box === "history" || box === "past") where.push(sql`not (${waiting(now)} or ${notEnded(now)})`);
    return requestPage(ctx, ctx.db, where);
  },

  "AccessRequest.GET": async (ctx) => {
    const { record } = await findRequest(ctx, ctx.db, ctx.params["publicId"]!, false);
    return { type: "AccessRequest", data: viewOf(record) };
  },
};
