/**
 * The expiring-access notice (issue 11): a member whose temporary access to a company
 * (memberships.expires_on) ends within the expiry warning's window (core's
 * expiringAccessNoticeDue: from 30 days before, in the member's time zone) gets one notice in my
 * messages. The server runs the check at start and every EXPIRING_ACCESS_INTERVAL_MS beside the
 * other periodic jobs; the notices table's dedupe key (one per company and expiry) keeps a run
 * that repeats, or two processes running at once, from writing it twice. An access whose expiry
 * is moved gets a notice of its own when the new end comes near.
 */
import { and, eq, gt, isNotNull, lte } from "drizzle-orm";
import { EXPIRY_WARNING_DAYS } from "@portal/core/constants";
import { formatDateInput } from "@portal/core/rules/dateInput";
import { expiringAccessNoticeDue, expiringAccessNoticeKey } from "@portal/core/rules/expiryWarning";
import { expiringAccessNotice } from "@portal/core/rules/notices";
import type { Database } from "../db/Database";
import { companies, memberships, users } from "../db/schema";
import { nowOf, type Clock } from "../http/Clock";
import { storeNotices } from "./storeNotices";

export const EXPIRING_ACCESS_INTERVAL_MS = 10 * 60_000;

/** A day of slack on the window's query: the rule itself decides per member's time zone. */
const WINDOW_MS = (EXPIRY_WARNING_DAYS + 1) * 86_400_000;

/** The expiry as the member reads it: in their time zone, else UTC (named). */
const dateText = (expiresOn: number, timeZone: string | null): string => {
  const local = timeZone === null ? null : formatDateInput(expiresOn, timeZone);
  return local ?? `${formatDateInput(expiresOn, "UTC") ?? new Date(expiresOn).toISOString()} UTC`;
};

/** Writes the due notices at the clock's now; returns how many were written. */
export async function noticeExpiringAccess(deps: { readonly database: Database; readonly clock: Clock }): Promise<number> {
  const now = nowOf(deps.clock);
  const rows = await deps.database.db.selectDistinct({
    userId: memberships.userId, timeZone: users.timeZone, expiresOn: memberships.expiresOn,
    companyId: companies.id, companyPublicId: companies.publicId, companyName: companies.name,
  }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(isNotNull(memberships.expiresOn), gt(memberships.expiresOn, new Date(now)), lte(memberships.expiresOn, new Date(now + WINDOW_MS))));
  let written = 0;
  for (const row of rows) {
    const expiresOn = row.expiresOn!.getTime();
    if (!expiringAccessNoticeDue(expiresOn, now, row.timeZone ?? "UTC")) continue;
    const notice = expiringAccessNotice(row.companyName, dateText(expiresOn, row.timeZone));
    written += await deps.database.db.transaction((tx) =>
      storeNotices(tx, [row.userId], notice, row.companyId, new Date(now), expiringAccessNoticeKey(row.companyPublicId, expiresOn)));
  }
  return written;
}
