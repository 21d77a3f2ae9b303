/**
 * The outbox an administrator reads (GET /api/outbox-messages): the company's mails, newest
 * first, with their status (kept when no SMTP relay is configured). Keyset paging on the row id.
 */
import { and, eq, type SQL } from "drizzle-orm";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import { outboxMessages } from "../db/schema";
import { filterConditions, keyset, page } from "../http/listSql";
import { companyOf, type HandlersOf } from "../http/RequestContext";

export const outboxRoutes: HandlersOf<"OutboxMessageList"> = {
  "OutboxMessageList.GET": async (ctx) => {
    const { after, orderBy } = keyset([outboxMessages.id], ctx.list.pageAfter, "desc");
    const where: SQL[] = [eq(outboxMessages.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: outboxMessages.publicId, type: "text" },
      to: { column: outboxMessages.to, type: "text" },
      status: { column: outboxMessages.status, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select().from(outboxMessages).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.id]);
    return {
      type: "OutboxMessage",
      data: p.rows.map((r) => ({
        publicId: r.publicId, to: r.to, subject: r.subject, text: r.text, status: r.status,
        createdAt: toUtcIsoSeconds(r.createdAt.getTime()), sentAt: r.sentAt === null ? null : toUtcIsoSeconds(r.sentAt.getTime()), error: r.error,
      })),
      moreAfter: p.moreAfter,
    };
  },
};
