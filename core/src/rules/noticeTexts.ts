/**
 * Keys and fixed texts that the error catalogue names (errorCatalogue.ts) and that belong to the
 * rules of one screen (access requests, connect). Here, re-exported by those rules, so that the
 * catalogue - in every page's first load - does not carry the rules themselves.
 */

/** Error text of an empty required field. */
export const REQUIRED = "REQUIRED";
/** Error text of a start that is not a usable time or earlier than the minimum. */
export const INVALID_DATE_AND_TIME = "INVALID_DATE_AND_TIME";
/** Title of the dialog shown instead of the form when the device has no possible approvers. */
export const UNABLE_TO_REQUEST_ACCESS = "Unable to request access";

/** The decisions an approver makes, each with the notice key the user is shown. */
export const DECISION_NOTICE_KEYS = {
  approved: "NAME_HAS_APPROVED_YOUR_ACCESS_REQUEST",
  rejected: "NAME_HAS_REJECTED_YOUR_ACCESS_REQUEST",
  revoked: "NAME_HAS_REVOKED_YOUR_ACCESS_REQUEST",
} as const;

/** Snackbar text of a connect attempt to a device that is offline. */
export const CONNECTION_FAILED = "Connection failed";
