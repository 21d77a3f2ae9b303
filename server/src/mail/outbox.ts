/**
 * The outbox: mails are rows of outbox_messages written in the transaction of the change that
 * causes them, so a rolled-back change sends nothing and a committed one always has its mail.
 * The mail worker (mailWorker.ts) sends queued rows; without SMTP they are kept for an
 * administrator to read (GET /api/outbox-messages).
 */
import type { Db } from "../db/Database";
import { outboxMessages } from "../db/schema";
import { newPublicId } from "../ids";

/** How this process handles mail: the origin of links in mails, and whether SMTP is configured. */
export interface MailSettings {
  /** e.g. https://portal.example.com, no trailing slash. */
  readonly origin: string;
  /** SMTP URL (nodemailer) of the relay; undefined: mails are kept in the outbox, not sent. */
  readonly smtpUrl?: string | undefined;
  /** Sender address of the mails. */
  readonly from: string;
}

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * Adds mails to the outbox with `tx`: "queued" when SMTP is configured (the worker sends them),
 * else "kept".
 */
export async function enqueueMails(tx: Db, settings: MailSettings, companyId: number | null, mails: ReadonlyArray<OutgoingMail>, at: Date): Promise<void> {
  if (mails.length === 0) return;
  const status = settings.smtpUrl ? "queued" as const : "kept" as const;
  await tx.insert(outboxMessages).values(mails.map((m) => ({ publicId: newPublicId(), companyId, to: m.to, subject: m.subject, text: m.text, status, createdAt: at })));
}
