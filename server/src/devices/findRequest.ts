/**
 * Finding one access request for the caller: in the selected company, and visible only to its
 * requester and to the approvers of its device (anyone else gets the same 404 as for a request
 * that does not exist, so the answer tells nothing about other users' requests).
 */
import { and, eq, sql } from "drizzle-orm";
import { NotFound } from "@portal/core/errors";
import { canApproveWith } from "@portal/core/rules/deviceRights";
import type { Actor } from "@portal/core/rules/accessWindow";
import type { Db } from "../db/Database";
import { accessRequests } from "../db/schema";
import { companyOf, userOf, type RequestContext } from "../http/RequestContext";
import { callerRightsOf, groupsOfAgents, rightsOn } from "./deviceAccess";
import { loadRequest, type RequestRecord } from "./requestRows";

export interface FoundRequest {
  readonly record: RequestRecord;
  /** The caller as the lifecycle reads them: publicId and the approve right on the request's device. */
  readonly actor: Actor;
}

/**
 * The request with this publicId, when the caller may see it. With `lock`, its row is locked
 * (SELECT ... FOR UPDATE) until `db`'s transaction ends: two decisions on one request run one
 * after the other, and the second reads the first's result.
 */
export async function findRequest(ctx: RequestContext, db: Db, publicId: string, lock: boolean): Promise<FoundRequest> {
  const base = () => db.select({ id: accessRequests.id, agentId: accessRequests.agentId, extendsId: accessRequests.extendsRequestId }).from(accessRequests)
    .where(and(eq(accessRequests.publicId, publicId), eq(accessRequests.companyId, companyOf(ctx).id)));
  if (lock) {
    // Rows are locked original first, then extension, everywhere (revoking an original locks its
    // extensions after it): approving an extension while its original is revoked cannot deadlock.
    const [peek] = await base();
    if (peek?.extendsId) await db.execute(sql`select id from access_requests where id = ${peek.extendsId} for update`);
  }
  const [row] = lock ? await base().for("update") : await base();
  if (!row) throw new NotFound({ entity: "AccessRequest", publicId });
  const [record, groupsBy, caller] = [await loadRequest(db, row.id), await groupsOfAgents(db, [row.agentId]), await callerRightsOf(ctx, db)];
  const me = userOf(ctx);
  const canApprove = canApproveWith(rightsOn(caller, groupsBy.get(row.agentId) ?? []));
  if (!record || (record.requester.id !== me.id && !canApprove)) throw new NotFound({ entity: "AccessRequest", publicId });
  return { record, actor: { publicId: me.publicId, canApprove } };
}

/** Locks the agent row until the transaction ends: new requests on one device are checked one at a time. */
export async function lockAgent(db: Db, agentId: number): Promise<void> {
  await db.execute(sql`select id from agents where id = ${agentId} for update`);
}
