/**
 * Who hears a report's status (issue 13): every member of the report's company whose role holds
 * one of core's REPORT_RIGHTS (the rights of the Reports screen) through a membership that has
 * not ended, the one who queued it included while they hold such a right. Nobody of another
 * company, and nobody without the right, gets the event.
 */
import { and, eq, or, sql } from "drizzle-orm";
import { REPORT_RIGHTS } from "@portal/core/rules/reports";
import { REPORT_EVENT, type ReportChangedEvent } from "@portal/core/wire/events";
import type { Db } from "../db/Database";
import { companies, memberships, reports, roles } from "../db/schema";
import { EventHub } from "../events/EventHub";
import { activeMembership } from "../users/members";
import { reportView } from "./reportRows";

/** The ids of the company's users who may see its reports now (distinct). */
export async function reportWatchers(tx: Db, companyId: number, now: number): Promise<number[]> {
  const rows = await tx.selectDistinct({ userId: memberships.userId }).from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(
      eq(memberships.companyId, companyId), activeMembership(now),
      or(...REPORT_RIGHTS.map((r) => sql`${roles.rights} @> ${JSON.stringify([r])}::jsonb`)),
    ));
  return rows.map((r) => r.userId);
}

/**
 * Publishes the report's current state (REPORT_EVENT) to every watcher of its company, in `tx`.
 * With `deleted`, call it before the row is deleted in the same transaction: the event carries the
 * report as it was, flagged deleted, and is sent only if the deletion commits.
 */
export async function publishReportChanged(tx: Db, reportId: number, now: number, deleted = false): Promise<void> {
  // The row is locked (shared) until the event commits, so that a deletion running beside this
  // publication either waits for it (its "deleted" comes after) or has already removed the row
  // (nothing is told): no state of a deleted report can arrive after its deletion.
  const [row] = await tx.select({ companyId: reports.companyId, company: companies.publicId }).from(reports)
    .innerJoin(companies, eq(companies.id, reports.companyId)).where(eq(reports.id, reportId)).for("share", { of: reports });
  const report = await reportView(tx, reportId);
  if (!row || !report) return;
  const data: ReportChangedEvent = deleted ? { company: row.company, report, deleted: true } : { company: row.company, report };
  await EventHub.publishToAll(tx, await reportWatchers(tx, row.companyId, now), REPORT_EVENT, data);
}
