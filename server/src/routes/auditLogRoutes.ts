/** The audit trail of the selected company, newest first (use:audit-logs). */
import { and, eq, type SQL } from "drizzle-orm";
import { rowsThatFit } from "@portal/core/rules/pageBytes";
import { auditLogs, users } from "../db/schema";
import { filterConditions, keyset, page } from "../http/listSql";
import { companyOf, type HandlersOf } from "../http/RequestContext";

export const auditLogRoutes: HandlersOf<"AuditLogList"> = {
  "AuditLogList.GET": async (ctx) => {
    const { after, orderBy } = keyset([auditLogs.id], ctx.list.pageAfter, "desc");
    const where: SQL[] = [eq(auditLogs.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      action: { column: auditLogs.action, type: "text" },
      topic: { column: auditLogs.topic, type: "text" },
      target: { column: auditLogs.target, type: "text" },
      "actor.publicId": { column: users.publicId, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select({ log: auditLogs, actorId: users.publicId, actorName: users.name })
      .from(auditLogs).leftJoin(users, eq(users.id, auditLogs.actorUserId))
      .where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const items = rows.map(({ log, actorId, actorName }) => ({
      publicId: log.publicId,
      action: log.action,
      topic: log.topic,
      target: log.target,
      before: log.before,
      after: log.after,
      clientAddress: log.clientAddress,
      createdOn: log.createdAt.toISOString(),
      actor: actorId === null ? null : { publicId: actorId, ...(actorName === null ? {} : { name: actorName }) },
      id: log.id,
    }));
    // Pages are bounded in characters too (core's rowsThatFit): audit values can be large.
    const p = page(items, rowsThatFit(items, ctx.list.pageSize, (r) => JSON.stringify(r).length), (r) => [r.id]);
    return { type: "AuditLog", data: p.rows.map(({ id: _id, ...rest }) => rest), moreAfter: p.moreAfter };
  },
};
