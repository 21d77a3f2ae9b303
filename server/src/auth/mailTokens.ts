/**
 * Links sent by mail (issue 11): an e-mail change confirmation, a password reset, a registration.
 * The token is 32 random bytes; only its SHA-256 is stored. Consuming marks it used in the same
 * statement that finds it, so a link works once even when followed twice at the same moment.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/Database";
import { mailTokens, users } from "../db/schema";
import { hashSecret, newSecret } from "./secrets";

export type MailTokenPurpose = (typeof mailTokens.$inferSelect)["purpose"];
export type MailTokenRow = typeof mailTokens.$inferSelect;

/**
 * A new link token for `userId`, valid `ttlMs` from `now`. Earlier unused tokens of the same
 * purpose are withdrawn: only the newest link works.
 */
export async function issueMailToken(tx: Db, purpose: MailTokenPurpose, userId: number, email: string, ttlMs: number, now: number): Promise<string> {
  const token = newSecret();
  // One issue at a time per user: two at once each withdrew what was there before either, and
  // both new links worked.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  await tx.update(mailTokens).set({ usedAt: new Date(now) })
    .where(and(eq(mailTokens.userId, userId), eq(mailTokens.purpose, purpose), isNull(mailTokens.usedAt)));
  await tx.insert(mailTokens).values({ userId, purpose, tokenHash: hashSecret(token), email, expiresAt: new Date(now + ttlMs), createdAt: new Date(now) });
  return token;
}

/** Uses up a valid (unused, unexpired) token of `purpose`; its row, or null when there is none. */
export async function consumeMailToken(tx: Db, purpose: MailTokenPurpose, token: string, now: number): Promise<MailTokenRow | null> {
  const [row] = await tx.update(mailTokens).set({ usedAt: new Date(now) })
    .where(and(eq(mailTokens.tokenHash, hashSecret(token)), eq(mailTokens.purpose, purpose), isNull(mailTokens.usedAt), gt(mailTokens.expiresAt, new Date(now))))
    .returning();
  return row ?? null;
}
