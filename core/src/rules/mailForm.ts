/**
 * The mail form component (issue 13): its recipients come from the component's config on the
 * page (never from the sender's request, so the form cannot be used to mail anyone), each mail
 * names the device and the sender, and each user may send MAIL_FORM_PER_USER.maxAttempts mails
 * per window.
 */
import { RateLimited } from "../errors";
import { isEmailAddress, normalizeEmail } from "./profile";
import { minutesText, type AttemptPolicy } from "./attemptLimits";

import { MAIL_FORM_MAX_RECIPIENTS } from "../constants";

export { MAIL_FORM_MAX_RECIPIENTS } from "../constants";
/** Five mails per user per 10 minutes, then 10 minutes of refusals: a form, not a mailing list. */
export const MAIL_FORM_PER_USER: AttemptPolicy = { maxAttempts: 5, windowMs: 10 * 60_000, lockMs: 10 * 60_000, onSuccess: "refund" };

export const MAIL_FORM_NO_RECIPIENTS = "MAIL_FORM_NO_RECIPIENTS";
export const MAIL_FORM_NOT_FOUND = "MAIL_FORM_NOT_FOUND";

/**
 * The recipients of a config's comma (or semicolon) list, normalised and without repeats; the
 * first bad address or a list over MAIL_FORM_MAX_RECIPIENTS as a message. An empty list is valid
 * (a form still being set up). Never fails otherwise.
 */
export const parseRecipients = (text: string): { readonly ok: true; readonly recipients: string[] } | { readonly ok: false; readonly message: string } => {
  const parts = text.split(/[,;]/).map((p) => p.trim()).filter((p) => p !== "");
  const bad = parts.find((p) => !isEmailAddress(p));
  if (bad !== undefined) return { ok: false, message: `Not an e-mail address: ${bad.slice(0, 60)}` };
  const recipients = [...new Set(parts.map(normalizeEmail))];
  if (recipients.length > MAIL_FORM_MAX_RECIPIENTS) return { ok: false, message: `At most ${MAIL_FORM_MAX_RECIPIENTS} recipients` };
  return { ok: true, recipients };
};

/** What a mail form mail is made of. */
export interface MailFormInput {
  readonly deviceName: string;
  readonly devicePublicId: string;
  readonly senderName: string;
  readonly senderEmail: string;
  readonly pageTitle: string;
  readonly formTitle: string;
  readonly subject: string | null | undefined;
  readonly message: string;
  /** Link to the device in the portal. */
  readonly deviceLink: string;
}

/**
 * The subject and plain text of the mail: the subject names the device ("[Boiler 7] ..."), the
 * body names device, sender (name and address, to reply to) and the page the form is on. Line
 * breaks in the subject are flattened (no header injection through a subject).
 */
export const mailFormMail = (m: MailFormInput): { readonly subject: string; readonly text: string } => {
  const typed = (m.subject ?? "").replace(/[\r\n]+/g, " ").trim();
  const device = m.deviceName.replace(/[\r\n]+/g, " ");
  const subject = `[${device}] ${typed === "" ? m.formTitle.replace(/[\r\n]+/g, " ") : typed}`;
  const text = [
    `${m.senderName} <${m.senderEmail}> sent this message about the device ${device} (${m.devicePublicId})`,
    `from the form "${m.formTitle}" on the page "${m.pageTitle}":`, "",
    m.message.trim(), "",
    `Device: ${m.deviceLink}`,
  ].join("\n");
  return { subject, text };
};

/** The 429 of a sender over MAIL_FORM_PER_USER, naming the wait. */
export const mailFormRefused = (retryAfterMs: number): RateLimited =>
  new RateLimited({ message: `You have sent too many messages. Try again in ${minutesText(retryAfterMs)}.`, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });
