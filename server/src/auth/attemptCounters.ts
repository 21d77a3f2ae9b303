/**
 * The attempt counters of core's rules/attemptLimits, in the database so that they hold across
 * processes and restarts. Each count is one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`:
 * PostgreSQL locks the row for the update, so parallel attempts on one key get distinct counts
 * and no more than `maxAttempts` of them are let through per window, whatever the concurrency.
 * The statement is core's countAttempt written in SQL (server/test/attemptCounters.test.ts
 * checks that both agree).
 */
import { sql } from "drizzle-orm";
import {
  attemptRefused, attemptVerdict, type AttemptCounter, type AttemptPolicy, type LimitedAction,
} from "@portal/core/rules/attemptLimits";
import { rowsOf, type Db } from "../db/Database";
import { hashSecret } from "./secrets";

/** One counter an attempt is charged to. */
export interface AttemptCharge {
  /** Table scope, e.g. "sign-in-account". */
  readonly scope: string;
  /** What the client sent (email as typed, address); stored only as a hash. */
  readonly key: string;
  readonly policy: AttemptPolicy;
  /** Which message a refusal carries. */
  readonly action: LimitedAction;
}

interface CounterRow { count: number | string; window_start_ms: number | string; locked_until_ms: number | string | null }

const keyOf = (charge: Pick<AttemptCharge, "scope" | "key">): string => hashSecret(`${charge.scope}\u0000${charge.key}`);

/** Applies countAttempt to one counter atomically; returns the counter after the attempt. */
export async function countAttemptIn(db: Db, now: number, charge: Omit<AttemptCharge, "action"> & { readonly action?: LimitedAction }): Promise<AttemptCounter> {
  const { windowMs, lockMs, maxAttempts } = charge.policy;
  const at = sql`${now}::bigint`;
  const fresh = sql`(c.locked_until_ms is not null or ${at} >= c.window_start_ms + ${windowMs}::bigint)`;
  const result = await db.execute(sql`
    insert into attempt_counters as c (scope, key, count, window_start_ms, locked_until_ms)
    values (${charge.scope}, ${keyOf(charge)}, 1, ${at}, null)
    on conflict (scope, key) do update set
      count = case when c.locked_until_ms > ${at} then c.count when ${fresh} then 1 else c.count + 1 end,
      window_start_ms = case when c.locked_until_ms > ${at} then c.window_start_ms when ${fresh} then ${at} else c.window_start_ms end,
      locked_until_ms = case when c.locked_until_ms > ${at} then c.locked_until_ms when ${fresh} then null
                             when c.count + 1 > ${maxAttempts}::int then ${at} + ${lockMs}::bigint else null end
    returning count, window_start_ms, locked_until_ms`);
  const row = rowsOf<CounterRow>(result)[0]!;
  return {
    count: Number(row.count),
    windowStart: Number(row.window_start_ms),
    lockedUntil: row.locked_until_ms === null ? null : Number(row.locked_until_ms),
  };
}

/**
 * Counts one attempt against every charge, before the caller checks anything. Throws core's
 * RateLimited (429 with Retry-After) when any counter refuses, naming the longest wait; a
 * refused attempt is not checked at all. Charges are counted in order, so a client address
 * over its limit does not add to the account's count.
 */
export async function admitAttempt(db: Db, now: number, charges: ReadonlyArray<AttemptCharge>): Promise<void> {
  for (const charge of charges) {
    const verdict = attemptVerdict(await countAttemptIn(db, now, charge), now);
    if (!verdict.allowed) throw attemptRefused(charge.action, verdict.retryAfterMs);
  }
}

/** After a successful attempt: core's settleAttempt on every charge (reset or refund; a lock stays). */
export async function settleAttempt(db: Db, charges: ReadonlyArray<AttemptCharge>): Promise<void> {
  for (const charge of charges) {
    const count = charge.policy.onSuccess === "reset" ? sql`0` : sql`greatest(count - 1, 0)`;
    await db.execute(sql`update attempt_counters set count = ${count}
      where scope = ${charge.scope} and key = ${keyOf(charge)} and locked_until_ms is null`);
  }
}

/**
 * Deletes counters whose window and lock have both run out (they would start afresh anyway), so
 * that guesses at many made-up emails do not grow the table for good.
 */
export async function pruneAttemptCounters(db: Db, now: number, longestMs: number): Promise<void> {
  await db.execute(sql`delete from attempt_counters
    where window_start_ms < ${now - longestMs}::bigint and (locked_until_ms is null or locked_until_ms < ${now}::bigint)`);
}
