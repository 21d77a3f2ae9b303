/**
 * What the device record routes share: the device the caller names, with the caller's rights on
 * it (company role plus group roles), refused unless core's mayWriteRecords allows; and the
 * record rows as the wire's LogbookEntry and DeviceDocument.
 */
import type { DeviceDocument, LogbookEntry } from "@portal/core/domain/DeviceRecords";
import { Forbidden } from "@portal/core/errors";
import { mayDeleteRecord, mayWriteRecords } from "@portal/core/rules/serviceLogbook";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import type { Db } from "../db/Database";
import type { deviceDocuments, logbookEntries } from "../db/schema";
import { userOf, type RequestContext } from "../http/RequestContext";
import { callerRightsOf, findAgent, groupsOfAgents, rightsOn, type AgentRow } from "./deviceAccess";

/** The caller's rights on one agent (company role and group roles). */
export async function rightsOnAgent(ctx: RequestContext, db: Db, agentId: number): Promise<Set<string>> {
  const groups = (await groupsOfAgents(db, [agentId])).get(agentId) ?? [];
  return rightsOn(await callerRightsOf(ctx, db), groups);
}

/**
 * The agent of the caller's company (404 for any other, or one of an access category the caller
 * may not see) and the caller's rights on it; 403 without a device right.
 */
export async function recordDevice(ctx: RequestContext, db: Db, agent: AgentRow | string): Promise<{ agent: AgentRow; rights: Set<string> }> {
  const row = typeof agent === "string" ? await findAgent(ctx, db, agent) : agent;
  const rights = await rightsOnAgent(ctx, db, row.id);
  if (!mayWriteRecords(rights)) throw new Forbidden({ right: "use:access-requests" });
  return { agent: row, rights };
}

type EntryRow = typeof logbookEntries.$inferSelect;
type DocumentMeta = Omit<typeof deviceDocuments.$inferSelect, "bytes">;

const iso = (d: Date): string => toUtcIsoSeconds(d.getTime());

export const entryView = (ctx: RequestContext, rights: ReadonlySet<string>, r: EntryRow): LogbookEntry => ({
  publicId: r.publicId, author: { publicId: r.authorPublicId, name: r.authorName }, createdAt: iso(r.createdAt),
  text: r.text, category: r.category,
  canDelete: mayDeleteRecord({ authorId: r.authorId ?? -1 }, userOf(ctx).id, rights),
});

export const documentView = (ctx: RequestContext, rights: ReadonlySet<string>, r: DocumentMeta): DeviceDocument => ({
  publicId: r.publicId, fileName: r.fileName, contentType: r.contentType, size: r.size,
  uploadedBy: { publicId: r.uploaderPublicId, name: r.uploaderName }, uploadedAt: iso(r.createdAt),
  canDelete: mayDeleteRecord({ authorId: r.uploaderId ?? -1 }, userOf(ctx).id, rights),
});
