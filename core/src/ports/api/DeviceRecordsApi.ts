import type { Effect } from "effect";
import type { DeviceDocument, LogbookEntry, LogbookEntryBody, MailFormBody, MailFormResult } from "../../domain/DeviceRecords";
import type { Conflict, Forbidden, NotFound, RateLimited } from "../../errors";
import type { DocumentUploadBody } from "../../rules/deviceDocuments";
import type { CallError, ListPage, ListRequest } from "./common";

/**
 * A device's records and the mail form (issue 13, the device components of pages):
 * rules/serviceLogbook.ts decides who reads, adds and deletes; rules/deviceDocuments.ts what an
 * upload may be; rules/mailForm.ts where a mail form's message goes.
 */
export interface DeviceRecordsApi {
  /** The device's logbook, newest first. Fails with NotFound, Forbidden or a CallError. */
  readonly logbook: (agentPublicId: string, request?: ListRequest) => Effect.Effect<ListPage<LogbookEntry>, CallError | NotFound | Forbidden>;
  /** Adds an entry and answers it. Fails with InvalidInput (REQUIRED text), NotFound, Forbidden or a CallError. */
  readonly addLogbookEntry: (agentPublicId: string, entry: LogbookEntryBody) => Effect.Effect<LogbookEntry, CallError | NotFound | Forbidden>;
  /** Deletes an entry (its author, or a device manager). Fails with NotFound, Forbidden or a CallError. */
  readonly removeLogbookEntry: (publicId: string) => Effect.Effect<void, CallError | NotFound | Forbidden>;
  /** The device's documents (metadata), newest first. Fails with NotFound, Forbidden or a CallError. */
  readonly documents: (agentPublicId: string, request?: ListRequest) => Effect.Effect<ListPage<DeviceDocument>, CallError | NotFound | Forbidden>;
  /**
   * Uploads a document (base64) and answers it. Fails with an ApiFailure of 413 / 415 or
   * InvalidInput (the catalogue key as message), Conflict (DOCUMENT_LIMIT_REACHED), NotFound,
   * Forbidden or a CallError.
   */
  readonly uploadDocument: (agentPublicId: string, upload: DocumentUploadBody) => Effect.Effect<DeviceDocument, CallError | NotFound | Forbidden | Conflict>;
  /** The document's bytes and the name to save them under. Fails with NotFound, Forbidden or a CallError. */
  readonly downloadDocument: (publicId: string, fallbackName: string) => Effect.Effect<{ readonly fileName: string; readonly file: Blob }, CallError | NotFound | Forbidden>;
  /** Deletes a document (its uploader, or a device manager). Fails with NotFound, Forbidden or a CallError. */
  readonly removeDocument: (publicId: string) => Effect.Effect<void, CallError | NotFound | Forbidden>;
  /**
   * Sends a mail form's message about the device to the recipients configured on the page's
   * component. Fails with RateLimited, Conflict (MAIL_FORM_NO_RECIPIENTS), InvalidInput
   * (MAIL_FORM_NOT_FOUND), NotFound, Forbidden or a CallError.
   */
  readonly sendMailForm: (agentPublicId: string, body: MailFormBody) => Effect.Effect<MailFormResult, CallError | NotFound | Forbidden | Conflict | RateLimited>;
}
