/**
 * Expiry of access requests: a pending request still undecided at its requested end becomes
 * "expired" (core's expireRequest), with its audit entry and event, in a transaction. The server
 * runs the tick at start and every minute; several server processes may run it at once: rows are
 * claimed with FOR UPDATE SKIP LOCKED, so each request is expired by one of them only.
 */
import { eq, sql } from "drizzle-orm";
import { expireRequest } from "@portal/core/rules/accessWindow";
import { rowsOf, type Database } from "../db/Database";
import { accessRequests } from "../db/schema";
import { nowOf, type Clock } from "../http/Clock";
import type { MailSettings } from "../mail/outbox";
import { recordChange } from "./requestChanges";
import { loadRequest, stateOf, withState } from "./requestRows";

/** Requests expired per transaction: a backlog is worked off in bounded steps. */
const BATCH = 100;

export const EXPIRY_INTERVAL_MS = 60_000;

/** Expires every pending request past its requested end at the clock's now; returns how many. */
export async function expireAccessRequests(deps: { readonly database: Database; readonly clock: Clock; readonly mail: MailSettings }): Promise<number> {
  let total = 0;
  for (;;) {
    const now = nowOf(deps.clock);
    const at = new Date(now);
    const done = await deps.database.db.transaction(async (tx) => {
      const claimed = rowsOf<{ id: number }>(await tx.execute(sql`
        select id from access_requests where status = 'pending' and requested_end <= ${at.toISOString()}::timestamptz
        order by id limit ${BATCH} for update skip locked`));
      for (const { id } of claimed) {
        const before = (await loadRequest(tx, id))!;
        const next = expireRequest(stateOf(before), now);
        if (!next) continue;
        await tx.update(accessRequests).set({ status: next.status, decidedAt: at }).where(eq(accessRequests.id, id));
        const after = withState(before, next, null, undefined);
        await recordChange(tx, { audit: { userId: null, companyId: after.companyId, clientAddress: null, at }, mail: deps.mail, actor: null }, "expired", before, after);
      }
      return claimed.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}
