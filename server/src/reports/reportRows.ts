/**
 * Report rows as core's Report (the list, the item, the events): one statement with the page,
 * device, asset and requester joined; names stored at queue time stand in for a deleted device
 * or asset.
 */
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Report } from "@portal/core/domain/Report";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import type { Db } from "../db/Database";
import { agents, assets, pages, reports, users } from "../db/schema";

const iso = (d: Date): string => toUtcIsoSeconds(d.getTime());

export type ReportRow = typeof reports.$inferSelect;

/** Reports matching `where`, newest first, at most `limit`, each with its internal row. */
export async function reportViews(db: Db, where: SQL, limit: number, after?: SQL): Promise<Array<{ row: ReportRow; view: Report }>> {
  const rows = await db.select({
    r: reports, page: pages.publicId, agent: agents.publicId, asset: assets.publicId, userPublicId: users.publicId, userName: users.name,
  }).from(reports)
    .leftJoin(pages, eq(pages.id, reports.pageId)).leftJoin(agents, eq(agents.id, reports.agentId))
    .leftJoin(assets, eq(assets.id, reports.assetId)).leftJoin(users, eq(users.id, reports.requestedBy))
    .where(after ? and(where, after) : where).orderBy(desc(reports.id)).limit(limit);
  return rows.map(({ r, page, agent, asset, userPublicId, userName }) => ({
    row: r,
    view: {
      publicId: r.publicId,
      page: page === null ? null : { publicId: page },
      title: r.title,
      version: r.version,
      agent: agent !== null ? { publicId: agent, name: r.agentName ?? "" } : null,
      asset: asset !== null ? { publicId: asset, name: r.assetName ?? "" } : null,
      start: iso(r.periodStart),
      end: iso(r.periodEnd),
      timeZone: r.timeZone,
      status: r.status,
      failureReason: r.failureReason,
      size: r.size,
      requestedBy: userPublicId === null ? null : { publicId: userPublicId, name: userName ?? "" },
      createdAt: iso(r.createdAt),
      finishedAt: r.finishedAt === null ? null : iso(r.finishedAt),
    },
  }));
}

/** The report with this internal id as core's Report, or undefined when it is gone. */
export async function reportView(db: Db, id: number): Promise<Report | undefined> {
  return (await reportViews(db, eq(reports.id, id), 1))[0]?.view;
}
