/**
 * The audit trail of the selected company (use:audit-logs): the list newest first, the same
 * entries as a streamed CSV file, and the company's retention setting (issue 12).
 */
import { eq } from "drizzle-orm";
import type { AuditLogEntry } from "@portal/core/domain/AuditLog";
import { rowsThatFit } from "@portal/core/rules/pageBytes";
import { auditCsvLine } from "@portal/core/rules/auditCsv";
import { auditCsvStream } from "../audit/auditExport";
import { selectAuditRows, type AuditRow } from "../audit/auditQuery";
import { writeAudit } from "../audit/writeAudit";
import { companies } from "../db/schema";
import { page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf } from "../http/RequestContext";

/** Rows per statement of the export: big enough to be quick, small enough to keep memory flat. */
export const AUDIT_EXPORT_BATCH = 1000;

const entryOf = (r: AuditRow): AuditLogEntry & { id: number } => ({
  publicId: r.publicId,
  action: r.action,
  topic: r.topic,
  target: r.target,
  targetName: r.targetName,
  before: r.before,
  after: r.after,
  clientAddress: r.clientAddress,
  createdOn: r.createdAt.toISOString(),
  actor: r.actorId === null ? null : { publicId: r.actorId, ...(r.actorName === null ? {} : { name: r.actorName }) },
  company: r.companyId === null ? null : { publicId: r.companyId, ...(r.companyName === null ? {} : { name: r.companyName }) },
  id: r.id,
});

export const auditLogRoutes: HandlersOf<"AuditLogList" | "AuditLogExport" | "AuditRetention"> = {
  "AuditLogList.GET": async (ctx) => {
    const rows = await selectAuditRows(ctx.db, companyOf(ctx).id, ctx.list.filters, ctx.list.pageAfter, ctx.list.pageSize + 1);
    const items = rows.map(entryOf);
    // Pages are bounded in characters too (core's rowsThatFit): audit values can be large.
    const p = page(items, rowsThatFit(items, ctx.list.pageSize, (r) => JSON.stringify(r).length), (r) => [r.id]);
    return { type: "AuditLog", data: p.rows.map(({ id: _id, ...rest }) => rest), moreAfter: p.moreAfter };
  },

  /**
   * Streams every matching entry as CSV (auditExport.ts): keyset batches of AUDIT_EXPORT_BATCH
   * rows, turned into CSV only as fast as the client reads, so memory stays the same for 10 rows
   * or 10 million. The first batch is read before the headers go out: a bad filter is still a 400
   * envelope. A client that goes away stops the reading.
   */
  "AuditLogExport.GET": async (ctx) => {
    const company = companyOf(ctx);
    const filters = ctx.list.filters;
    const db = ctx.db;
    const stream = auditCsvStream({
      batch: AUDIT_EXPORT_BATCH,
      first: await selectAuditRows(db, company.id, filters, undefined, AUDIT_EXPORT_BATCH),
      next: (afterId) => selectAuditRows(db, company.id, filters, [afterId], AUDIT_EXPORT_BATCH),
      line: (r) => auditCsvLine(entryOf(r)),
    });
    const day = new Date(ctx.now).toISOString().slice(0, 10);
    await ctx.reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="audit-trail-${company.publicId}-${day}.csv"`)
      .header("cache-control", "no-store")
      .send(stream);
    return { type: "AuditLogExport", data: null, raw: true };
  },

  "AuditRetention.GET": async (ctx) => {
    const [row] = await ctx.db.select({ days: companies.auditRetentionDays }).from(companies).where(eq(companies.id, companyOf(ctx).id));
    return { type: "AuditRetention", data: { days: row?.days ?? null } };
  },

  /** Sets the retention; a change is audited (before and after), setting the same value writes nothing. */
  "AuditRetention.PUT": async (ctx) => {
    const company = companyOf(ctx);
    const days = ctx.body.days;
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select({ days: companies.auditRetentionDays }).from(companies).where(eq(companies.id, company.id)).for("update");
      const before = row?.days ?? null;
      if (before === days) return;
      await tx.update(companies).set({ auditRetentionDays: days }).where(eq(companies.id, company.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "AuditRetention", target: company.publicId, before: { days: before }, after: { days } }]);
    });
    return { type: "AuditRetention", data: { days } };
  },
};
