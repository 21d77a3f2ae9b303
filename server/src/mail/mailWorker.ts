/**
 * The mail job: sends the outbox's queued rows through SMTP (nodemailer). Several server
 * processes may run it on one database: a worker claims rows in a short transaction with
 * FOR UPDATE SKIP LOCKED and a lease (claimed_until), then talks SMTP with no transaction open
 * (PGlite has one connection: a transaction held during SMTP would stall every request).
 * A worker that dies mid-send leaves its lease to run out, and another sends the row again:
 * delivery is at least once. A refused mail is retried up to MAX_ATTEMPTS, then "failed".
 */
import { eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { rowsOf, type Database } from "../db/Database";
import { outboxMessages } from "../db/schema";
import { nowOf, type Clock } from "../http/Clock";
import type { MailSettings } from "./outbox";

/** Rows claimed at once. */
const BATCH = 20;
/** How long a claim lasts: longer than one send may take with nodemailer's timeouts (2 min at most). */
const LEASE_MS = 5 * 60_000;
/** A refused mail waits this long times its attempts before the next try. */
const RETRY_STEP_MS = 30_000;
export const MAX_ATTEMPTS = 5;
/** How often the worker looks for queued rows. */
export const MAIL_POLL_MS = 2_000;

interface Claimed { id: number; to: string; subject: string; text: string; attempts: number }

export class MailWorker {
  private readonly transporter: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly database: Database, private readonly clock: Clock, private readonly settings: MailSettings & { smtpUrl: string }) {
    this.transporter = nodemailer.createTransport(settings.smtpUrl);
  }

  /** Polls every MAIL_POLL_MS until stop. */
  start(): void {
    this.timer = setInterval(() => { void this.runOnce().catch(() => undefined); }, MAIL_POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    this.transporter.close();
  }

  /** Sends what is queued now (one pass at a time in this process); returns how many were sent. */
  runOnce(): Promise<number> {
    this.running ??= this.drain().finally(() => { this.running = undefined; });
    return this.running;
  }

  private async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.claim();
      for (const m of claimed) if (await this.send(m)) sent++;
      if (claimed.length < BATCH) return sent;
    }
  }

  private async claim(): Promise<Claimed[]> {
    const now = new Date(nowOf(this.clock));
    const until = new Date(now.getTime() + LEASE_MS);
    return rowsOf<Claimed>(await this.database.db.execute(sql`
      update outbox_messages set claimed_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
      where id in (
        select id from outbox_messages
        where status = 'queued' and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
        order by id limit ${BATCH} for update skip locked)
      returning id, "to", subject, text, attempts`));
  }

  private async send(m: Claimed): Promise<boolean> {
    try {
      await this.transporter.sendMail({ from: this.settings.from, to: m.to, subject: m.subject, text: m.text });
      await this.database.db.update(outboxMessages).set({ status: "sent", sentAt: new Date(nowOf(this.clock)), error: null, claimedUntil: null })
        .where(eq(outboxMessages.id, m.id));
      return true;
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      await this.database.db.update(outboxMessages)
        .set({
          status: m.attempts >= MAX_ATTEMPTS ? "failed" : "queued", error: error.slice(0, 1000),
          // The lease doubles as the retry delay: the row is claimable again after it.
          claimedUntil: new Date(nowOf(this.clock) + RETRY_STEP_MS * m.attempts),
        })
        .where(eq(outboxMessages.id, m.id));
      return false;
    }
  }
}
