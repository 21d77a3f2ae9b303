/**
 * Who may do what with a device's records (service logbook entries and documents; issue 13),
 * on spec.md section 6's rights as they hold on the device (rules/deviceRights.ts: company role
 * plus group roles):
 * - read and add: any device right (use, approve or manage access-requests). Whoever may see and
 *   work on a device records the service done on it and the papers that go with it; the portal
 *   has no narrower "service" right, and a logbook nobody on site may write is not kept.
 * - delete: the author of the record, or whoever manages access-requests on the device (the
 *   device's administrator, who cleans up after people who left). Others cannot remove what a
 *   colleague recorded: a logbook is evidence.
 * Plus the normalisation of a new logbook entry.
 */
import type { ValidationIssue } from "../errors";
import { LOGBOOK_CATEGORY_MAX, LOGBOOK_TEXT_MAX } from "../domain/DeviceRecords";
import { APPROVE_RIGHT, BYPASS_RIGHT, REQUEST_RIGHT } from "./deviceRights";

/** The device rights that let a user read and add records. */
export const RECORD_RIGHTS = [REQUEST_RIGHT, APPROVE_RIGHT, BYPASS_RIGHT] as const;

/** Whether these rights on a device let the user read its logbook and documents and add to them. */
export const mayWriteRecords = (deviceRights: ReadonlySet<string>): boolean => RECORD_RIGHTS.some((r) => deviceRights.has(r));

/**
 * Whether the caller may delete a record: they wrote it (and still may work on the device), or
 * they manage access-requests on the device. Guarantees: never true without a device right.
 */
export const mayDeleteRecord = (record: { readonly authorId: number | string }, callerId: number | string, deviceRights: ReadonlySet<string>): boolean =>
  deviceRights.has(BYPASS_RIGHT) || (mayWriteRecords(deviceRights) && record.authorId === callerId);

export const REQUIRED = "REQUIRED";

/**
 * A new entry as it is stored: text trimmed (REQUIRED when blank), category trimmed or null
 * when blank; length issues when over LOGBOOK_TEXT_MAX / LOGBOOK_CATEGORY_MAX. Guarantees: on
 * success the text is non-blank and both are trimmed.
 */
export const normaliseLogbookEntry = (input: { readonly text?: string | null | undefined; readonly category?: string | null | undefined }):
  { readonly ok: true; readonly text: string; readonly category: string | null } | { readonly ok: false; readonly issues: ValidationIssue[] } => {
  const text = (input.text ?? "").trim();
  const category = (input.category ?? "").trim();
  const issues: ValidationIssue[] = [];
  if (text === "") issues.push({ message: REQUIRED, propertyName: "text" });
  if (text.length > LOGBOOK_TEXT_MAX) issues.push({ message: `Must be at most ${LOGBOOK_TEXT_MAX} characters`, propertyName: "text" });
  if (category.length > LOGBOOK_CATEGORY_MAX) issues.push({ message: `Must be at most ${LOGBOOK_CATEGORY_MAX} characters`, propertyName: "category" });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, text, category: category === "" ? null : category };
};

/** The categories a logbook component offers: its config's comma list, trimmed, blanks and repeats dropped. */
export const logbookCategories = (configured: string): string[] =>
  [...new Set(configured.split(",").map((c) => c.trim()).filter((c) => c !== "" && c.length <= LOGBOOK_CATEGORY_MAX))];
