/**
 * Shows a failed call the way core's error catalogue says (spec section 8): a snackbar with the
 * catalogue's text and duration. Navigation entries (API down) are left to ConnectivityStore,
 * which already reacts to every failure; form entries are shown by the form that asked.
 */
import { noticeForError, type NoticeError, type Notice, type Operation } from "@portal/core/rules/errorCatalogue";
import type { SnackbarStore } from "./SnackbarStore";

export function notifyFailure(snackbars: SnackbarStore, error: NoticeError, operation: Operation = "other", key?: string): Notice {
  const notice = noticeForError(error, operation);
  if (notice.presentation === "snackbar" || notice.presentation === "form") {
    snackbars.show({ message: notice.text, timeoutMs: notice.durationMs, intent: "danger", ...(key === undefined ? {} : { key }) });
  }
  return notice;
}
