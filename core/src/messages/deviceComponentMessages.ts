/**
 * The sentences of the device components (issue 13: service logbook, documents, mail form, web
 * access, VPN connect), kept apart from englishMessages.ts so that parallel slices add to the
 * catalogue without editing the same lines; englishMessages.ts spreads them in.
 */
import { DOCUMENT_MAX_BYTES, DOCUMENTS_PER_DEVICE_MAX, MAIL_FORM_MAX_RECIPIENTS } from "../constants";

const t = (text: string, bare?: string) => (bare === undefined ? { text } : { text, bare });
const mib = DOCUMENT_MAX_BYTES / (1024 * 1024);

export const DEVICE_COMPONENT_MESSAGES = {
  DOCUMENT_TOO_LARGE: t(`The file is too large: choose a file of at most ${mib} MB.`),
  DOCUMENT_TYPE_NOT_ALLOWED: t("This type of file cannot be kept here, or its content does not match its name. Upload a PDF, an image, a text or CSV file, or an office document."),
  DOCUMENT_NOT_BASE64: t("The file could not be read. Choose it again."),
  DOCUMENT_EMPTY: t("The file is empty. Choose a file with content."),
  DOCUMENT_LIMIT_REACHED: t(`This device already keeps ${DOCUMENTS_PER_DEVICE_MAX} documents. Delete one before uploading another.`),
  DOCUMENT_UPLOADED: t("{name} was uploaded.", "The document was uploaded."),
  DOCUMENT_DELETED: t("{name} was deleted.", "The document was deleted."),
  DOCUMENT_SAVED: t("{name} was saved.", "The document was saved."),
  "documents.loadFailed": t("The documents could not be loaded."),
  "documents.none": t("No documents yet."),
  "logbook.loadFailed": t("The service logbook could not be loaded."),
  "logbook.none": t("No entries yet."),
  LOGBOOK_ENTRY_ADDED: t("The entry was added to the logbook."),
  LOGBOOK_ENTRY_DELETED: t("The entry was deleted."),
  MAIL_FORM_SENT: t("Your message was sent to {name}.", "Your message was sent."),
  MAIL_FORM_NO_RECIPIENTS: t("This form has no recipients yet. Ask whoever edits this page to add them in the form's settings."),
  MAIL_FORM_NOT_FOUND: t("This form is no longer on the page. Reload the page."),
  MAIL_FORM_TOO_MANY_RECIPIENTS: t(`A form may have at most ${MAIL_FORM_MAX_RECIPIENTS} recipients.`),
  "deviceComponents.noDevice": t("Choose a preview device to use this component."),
  "deviceComponents.noService": t("This device has no web service to open."),
  "deviceComponents.saveKept": t("Nothing was lost: what you typed is still here. Try again."),
} as const;
