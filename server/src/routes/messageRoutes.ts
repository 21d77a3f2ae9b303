/**
 * My messages (issue 11): the notices written for me (notices table), newest first, with the list
 * conventions of api.md (filters on read, kind and key, cursor paging), marking one or many read
 * or unread (a bulk PATCH is one transaction; without `read` an item is marked read), and the unread count of the shell's badge. Only
 * my own notices are ever read or changed: another user's publicId is NotFound.
 */
import { and, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { InvalidInput, NotFound } from "@portal/core/errors";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import { MESSAGES_CHANGED_EVENT } from "@portal/core/wire/events";
import type { Message } from "@portal/core/domain/Message";
import type { Db } from "../db/Database";
import { companies, notices } from "../db/schema";
import { EventHub } from "../events/EventHub";
import { atListIndex } from "../http/errorResponse";
import { filterConditions, keyset, page } from "../http/listSql";
import { userOf, type HandlersOf } from "../http/RequestContext";

type Row = { n: typeof notices.$inferSelect; company: { publicId: string; name: string } | null };

const messageJson = ({ n, company }: Row): Message => ({
  publicId: n.publicId, kind: n.kind, key: n.key, params: n.params, link: n.link,
  company: company && company.publicId !== null ? { publicId: company.publicId, name: company.name } : null,
  read: n.readAt !== null, createdOn: toUtcIsoSeconds(n.createdAt.getTime()),
});

const select = (db: Db) => db.select({ n: notices, company: { publicId: companies.publicId, name: companies.name } })
  .from(notices).leftJoin(companies, eq(companies.id, notices.companyId));

async function unreadOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notices).where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * Marks my notices read or unread in one transaction: every publicId must be mine (else NotFound
 * with nothing changed). Tells my other tabs through the event stream. Answers the notices in body order.
 */
async function mark(db: Db, userId: number, items: ReadonlyArray<{ publicId: string; read: boolean }>, now: number, isList: boolean): Promise<Message[]> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(items.map((i) => i.publicId))];
    const mine = await tx.select({ id: notices.id, publicId: notices.publicId }).from(notices)
      .where(and(eq(notices.userId, userId), inArray(notices.publicId, ids)));
    const found = new Set(mine.map((m) => m.publicId));
    const missing = items.findIndex((i) => !found.has(i.publicId));
    if (missing >= 0) {
      const notFound = new NotFound({ entity: "Message", publicId: items[missing]!.publicId });
      throw isList ? atListIndex(notFound, missing) : notFound;
    }
    // The last word of the body wins for a publicId named twice.
    const last = new Map(items.map((i) => [i.publicId, i.read]));
    const toRead = [...last].filter(([, read]) => read).map(([p]) => p);
    const toUnread = [...last].filter(([, read]) => !read).map(([p]) => p);
    if (toRead.length > 0) {
      await tx.update(notices).set({ readAt: new Date(now) })
        .where(and(eq(notices.userId, userId), inArray(notices.publicId, toRead), isNull(notices.readAt)));
    }
    if (toUnread.length > 0) await tx.update(notices).set({ readAt: null }).where(and(eq(notices.userId, userId), inArray(notices.publicId, toUnread)));
    await EventHub.publish(tx, userId, MESSAGES_CHANGED_EVENT, { unread: await unreadOf(tx, userId) });
    const rows = await select(tx).where(and(eq(notices.userId, userId), inArray(notices.publicId, ids)));
    const byId = new Map(rows.map((r) => [r.n.publicId, messageJson(r)]));
    return items.map((i) => byId.get(i.publicId)!);
  });
}

/** Without `read`, a PATCH marks the message read (opening it does that). */
const readOf = (read: boolean | undefined): boolean => read ?? true;

export const messageRoutes: HandlersOf<"MyMessageList" | "MyMessage" | "MyMessageUnreadCount"> = {
  "MyMessageList.GET": async (ctx) => {
    const user = userOf(ctx);
    const { after, orderBy } = keyset([notices.id], ctx.list.pageAfter, "desc");
    const where: SQL[] = [eq(notices.userId, user.id), ...filterConditions(ctx.list.filters, {
      read: { column: sql`(${notices.readAt} is not null)`, type: "boolean" },
      kind: { column: notices.kind, type: "text" },
      key: { column: notices.key, type: "text" },
      publicId: { column: notices.publicId, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await select(ctx.db).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.n.id]);
    return { type: "Message", data: p.rows.map(messageJson), moreAfter: p.moreAfter };
  },

  "MyMessageList.PATCH": async (ctx) => {
    const body = Array.isArray(ctx.body) ? ctx.body : [ctx.body];
    const items = body.map((item, i) => {
      const publicId = item.publicId ?? "";
      if (publicId.trim() === "") throw new InvalidInput({ issues: [{ message: "Required property", propertyName: "publicId", listIndex: i }] });
      return { publicId, read: readOf(item.read) };
    });
    return { type: "Message", data: await mark(ctx.db, userOf(ctx).id, items, ctx.now, Array.isArray(ctx.body)) };
  },

  "MyMessage.PATCH": async (ctx) => {
    const [message] = await mark(ctx.db, userOf(ctx).id, [{ publicId: ctx.params["publicId"] ?? "", read: readOf(ctx.body.read) }], ctx.now, false);
    return { type: "Message", data: message! };
  },

  "MyMessageUnreadCount.GET": async (ctx) => ({ type: "UnreadCount", data: { unread: await unreadOf(ctx.db, userOf(ctx).id) } }),
};
