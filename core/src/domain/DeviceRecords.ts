/**
 * What the device components that are not fed by data points keep per device (issue 13,
 * spec.md section 2 "Embeddable page components"): service logbook entries and documents, and
 * the mail form's request and answer. Rules: rules/serviceLogbook.ts, rules/deviceDocuments.ts,
 * rules/mailForm.ts.
 */
import { Schema } from "effect";
import { RuleText, Text } from "../wire/bounds";

/** Longest logbook entry text (a service report of a visit, not a manual). */
export const LOGBOOK_TEXT_MAX = 4000;
/** Longest logbook category ("Maintenance", "Repair"). */
export const LOGBOOK_CATEGORY_MAX = 60;
/** Longest stored document file name (after sanitising). */
export const DOCUMENT_NAME_MAX = 120;
/** Longest mail form message. */
export const MAIL_FORM_TEXT_MAX = 4000;
/** Longest mail form subject the sender may type. */
export const MAIL_FORM_SUBJECT_MAX = 120;

const Person = Schema.Struct({ publicId: Schema.String, name: Schema.String });

/** One entry of a device's service logbook, newest first in lists. */
export const LogbookEntry = Schema.Struct({
  publicId: Schema.String,
  author: Person,
  /** UTC ISO time the server stored it. */
  createdAt: Schema.String,
  text: Schema.String,
  category: Schema.NullOr(Schema.String),
  /** Whether the caller may delete it (rules/serviceLogbook.ts mayDeleteRecord). */
  canDelete: Schema.Boolean,
});
export type LogbookEntry = typeof LogbookEntry.Type;

/**
 * A new logbook entry as sent: text and an optional category. Both are optional to the schema
 * (a string within bounds when present) so that the rule (normaliseLogbookEntry) answers REQUIRED
 * after the device was found, as every body of the API does.
 */
export const LogbookEntryBody = Schema.Struct({
  text: Schema.optional(RuleText(LOGBOOK_TEXT_MAX)),
  category: Schema.optional(Schema.NullOr(Text(LOGBOOK_CATEGORY_MAX))),
});
export type LogbookEntryBody = typeof LogbookEntryBody.Type;

/** One document of a device (its metadata; the bytes are downloaded from DocumentFile). */
export const DeviceDocument = Schema.Struct({
  publicId: Schema.String,
  fileName: Schema.String,
  contentType: Schema.String,
  /** Size in bytes. */
  size: Schema.Number,
  uploadedBy: Person,
  uploadedAt: Schema.String,
  canDelete: Schema.Boolean,
});
export type DeviceDocument = typeof DeviceDocument.Type;

/** The mail form's request: the component (on a page) whose recipients get the message. */
export const MailFormBody = Schema.Struct({
  page: Schema.optional(RuleText(40)),
  component: Schema.optional(RuleText(120)),
  /** Which version of the page holds the component: the published one unless previewing the draft. */
  version: Schema.optional(Schema.Literals(["draft", "published"])),
  subject: Schema.optional(Schema.NullOr(Text(MAIL_FORM_SUBJECT_MAX))),
  message: Schema.optional(RuleText(MAIL_FORM_TEXT_MAX)),
});
export type MailFormBody = typeof MailFormBody.Type;

/** The mail form's answer: how many recipients the mail was queued for. */
export const MailFormResult = Schema.Struct({ recipients: Schema.Number });
export type MailFormResult = typeof MailFormResult.Type;
