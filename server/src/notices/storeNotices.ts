/**
 * Writes notices (core's rules/notices.ts) into my messages, in the transaction of the event that
 * causes them, and tells each user's open clients through the event stream.
 */
import { MESSAGES_CHANGED_EVENT } from "@portal/core/wire/events";
import type { Notice } from "@portal/core/rules/notices";
import type { Db } from "../db/Database";
import { notices } from "../db/schema";
import { EventHub } from "../events/EventHub";
import { newPublicId } from "../ids";

/**
 * Stores `notice` for every user of `userIds`. With a `dedupeKey`, a user who already has a notice
 * with that key gets no second one (a periodic check may run many times). Returns how many were written.
 */
export async function storeNotices(
  tx: Db, userIds: ReadonlyArray<number>, notice: Notice, companyId: number | null, at: Date, dedupeKey: string | null = null,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const written = await tx.insert(notices).values([...new Set(userIds)].map((userId) => ({
    publicId: newPublicId(), userId, companyId, kind: notice.kind, key: notice.key, params: { ...notice.params }, link: notice.link, createdAt: at, dedupeKey,
  }))).onConflictDoNothing().returning({ userId: notices.userId });
  await EventHub.publishToAll(tx, written.map((w) => w.userId), MESSAGES_CHANGED_EVENT, {});
  return written.length;
}
