/**
 * A device's service logbook and documents (issue 13, the device components of pages). Every
 * call names a device of the selected company (another company's answers 404) and checks the
 * caller's rights on it (core's rules/serviceLogbook.ts): read and add with a device right,
 * delete as the author or with manage access-requests on the device. Uploads are judged by
 * core's rules/deviceDocuments.ts; a download is an attachment under the kept name. Every write
 * is one transaction with its audit entry.
 */
import { and, count, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import { Result } from "effect";
import { Conflict, Forbidden, InvalidInput, NotFound } from "@portal/core/errors";
import { contentDisposition, DOCUMENT_LIMIT_REACHED, DOCUMENTS_PER_DEVICE_MAX, judgeDocument } from "@portal/core/rules/deviceDocuments";
import { mayDeleteRecord, normaliseLogbookEntry } from "@portal/core/rules/serviceLogbook";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { agents, deviceDocuments, logbookEntries } from "../db/schema";
import { documentView, entryView, recordDevice } from "../devices/deviceRecords";
import { HttpProblem } from "../http/HttpProblem";
import { keyset, page } from "../http/listSql";
import { actorOf, companyOf, userOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";

const { bytes: _bytes, ...DOCUMENT_META } = getTableColumns(deviceDocuments);

/** A logbook entry of the caller's company with its device's publicId; 404 otherwise. */
async function findEntry(ctx: RequestContext, db: Db, publicId: string) {
  const [row] = await db.select({ entry: logbookEntries, agentPublicId: agents.publicId }).from(logbookEntries)
    .innerJoin(agents, eq(agents.id, logbookEntries.agentId))
    .where(and(eq(logbookEntries.publicId, publicId), eq(logbookEntries.companyId, companyOf(ctx).id)));
  if (!row) throw new NotFound({ entity: "LogbookEntry", publicId });
  return row;
}

/** A document's metadata (no bytes) of the caller's company with its device's publicId; 404 otherwise. */
async function findDocument(ctx: RequestContext, db: Db, publicId: string) {
  const [row] = await db.select({ doc: DOCUMENT_META, agentPublicId: agents.publicId }).from(deviceDocuments)
    .innerJoin(agents, eq(agents.id, deviceDocuments.agentId))
    .where(and(eq(deviceDocuments.publicId, publicId), eq(deviceDocuments.companyId, companyOf(ctx).id)));
  if (!row) throw new NotFound({ entity: "Document", publicId });
  return row;
}

/** Refuses a delete the rule does not allow (403), after the device's visibility (404) was checked. */
const checkDelete = (ctx: RequestContext, rights: ReadonlySet<string>, authorId: number | null) => {
  if (!mayDeleteRecord({ authorId: authorId ?? -1 }, userOf(ctx).id, rights)) throw new Forbidden({ right: "manage:access-requests" });
};

export const deviceRecordRoutes: HandlersOf<"AgentLogbookEntryList" | "LogbookEntry" | "AgentDocumentList" | "Document" | "DocumentFile"> = {
  "AgentLogbookEntryList.GET": async (ctx) => {
    const { agent, rights } = await recordDevice(ctx, ctx.db, ctx.params["publicId"]!);
    const { after, orderBy } = keyset([logbookEntries.id], ctx.list.pageAfter, "desc");
    const where: SQL[] = [eq(logbookEntries.agentId, agent.id), ...(after ? [after] : [])];
    const rows = await ctx.db.select().from(logbookEntries).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.id]);
    return { type: "LogbookEntry", data: p.rows.map((r) => entryView(ctx, rights, r)), moreAfter: p.moreAfter };
  },

  "AgentLogbookEntryList.POST": async (ctx) => {
    const user = userOf(ctx);
    return ctx.db.transaction(async (tx) => {
      const { agent, rights } = await recordDevice(ctx, tx, ctx.params["publicId"]!);
      const entry = normaliseLogbookEntry(ctx.body);
      if (!entry.ok) throw new InvalidInput({ issues: entry.issues });
      const [row] = await tx.insert(logbookEntries).values({
        publicId: newPublicId(), companyId: companyOf(ctx).id, agentId: agent.id, authorId: user.id, authorPublicId: user.publicId,
        authorName: user.name, text: entry.text, category: entry.category, createdAt: new Date(ctx.now),
      }).returning();
      const view = entryView(ctx, rights, row!);
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: "LogbookEntry", target: view.publicId, after: { agent: agent.publicId, text: view.text, category: view.category } }]);
      return { type: "LogbookEntry", status: 201, data: view };
    });
  },

  "LogbookEntry.DELETE": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    return ctx.db.transaction(async (tx) => {
      const { entry, agentPublicId } = await findEntry(ctx, tx, publicId);
      const { rights } = await recordDevice(ctx, tx, agentPublicId);
      checkDelete(ctx, rights, entry.authorId);
      await tx.delete(logbookEntries).where(eq(logbookEntries.id, entry.id));
      await writeAudit(tx, actorOf(ctx), [{
        action: "DELETE", topic: "LogbookEntry", target: publicId,
        before: { agent: agentPublicId, author: entry.authorName, text: entry.text, category: entry.category },
      }]);
      return { type: "LogbookEntry", data: { publicId } };
    });
  },

  "AgentDocumentList.GET": async (ctx) => {
    const { agent, rights } = await recordDevice(ctx, ctx.db, ctx.params["publicId"]!);
    const { after, orderBy } = keyset([deviceDocuments.id], ctx.list.pageAfter, "desc");
    const where: SQL[] = [eq(deviceDocuments.agentId, agent.id), ...(after ? [after] : [])];
    const rows = await ctx.db.select(DOCUMENT_META).from(deviceDocuments).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.id]);
    return { type: "Document", data: p.rows.map((r) => documentView(ctx, rights, r)), moreAfter: p.moreAfter };
  },

  "AgentDocumentList.POST": async (ctx) => {
    // The device first (404 / 403 before the content is judged), then the content.
    const device = await recordDevice(ctx, ctx.db, ctx.params["publicId"]!);
    const judged = judgeDocument(ctx.body);
    if (Result.isFailure(judged)) throw new HttpProblem(judged.failure.status, [judged.failure.issue]);
    const { fileName, contentType, bytes } = judged.success;
    const user = userOf(ctx);
    return ctx.db.transaction(async (tx) => {
      // Lock the device row: two parallel uploads cannot both pass the per-device limit.
      await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, device.agent.id)).for("update");
      const [held] = await tx.select({ n: count() }).from(deviceDocuments).where(eq(deviceDocuments.agentId, device.agent.id));
      if ((held?.n ?? 0) >= DOCUMENTS_PER_DEVICE_MAX) throw new Conflict({ issues: [{ message: DOCUMENT_LIMIT_REACHED, propertyName: "content" }] });
      const [row] = await tx.insert(deviceDocuments).values({
        publicId: newPublicId(), companyId: companyOf(ctx).id, agentId: device.agent.id, uploaderId: user.id, uploaderPublicId: user.publicId,
        uploaderName: user.name, fileName, contentType, size: bytes.length, bytes: Buffer.from(bytes), createdAt: new Date(ctx.now),
      }).returning(DOCUMENT_META);
      const view = documentView(ctx, device.rights, row!);
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: "Document", target: view.publicId, after: { agent: device.agent.publicId, fileName, contentType, size: view.size } }]);
      return { type: "Document", status: 201, data: view };
    });
  },

  "Document.GET": async (ctx) => {
    const { doc, agentPublicId } = await findDocument(ctx, ctx.db, ctx.params["publicId"]!);
    const { rights } = await recordDevice(ctx, ctx.db, agentPublicId);
    return { type: "Document", data: documentView(ctx, rights, doc) };
  },

  "Document.DELETE": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    return ctx.db.transaction(async (tx) => {
      const { doc, agentPublicId } = await findDocument(ctx, tx, publicId);
      const { rights } = await recordDevice(ctx, tx, agentPublicId);
      checkDelete(ctx, rights, doc.uploaderId);
      await tx.delete(deviceDocuments).where(eq(deviceDocuments.id, doc.id));
      await writeAudit(tx, actorOf(ctx), [{
        action: "DELETE", topic: "Document", target: publicId,
        before: { agent: agentPublicId, fileName: doc.fileName, contentType: doc.contentType, size: doc.size, uploader: doc.uploaderName },
      }]);
      return { type: "Document", data: { publicId } };
    });
  },

  "DocumentFile.GET": async (ctx) => {
    const { doc, agentPublicId } = await findDocument(ctx, ctx.db, ctx.params["publicId"]!);
    await recordDevice(ctx, ctx.db, agentPublicId);
    const [file] = await ctx.db.select({ bytes: deviceDocuments.bytes }).from(deviceDocuments).where(eq(deviceDocuments.id, doc.id));
    if (!file) throw new NotFound({ entity: "Document", publicId: doc.publicId });
    await ctx.reply.header("content-type", doc.contentType)
      .header("content-disposition", contentDisposition(doc.fileName))
      .header("cache-control", "private, no-store")
      .send(file.bytes);
    return { type: "Document", data: null, raw: true };
  },
};
