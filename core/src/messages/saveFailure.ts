/**
 * What a dialog says when its save fails (spec 4 and 8; issue "lost work"): the dialog stays open
 * with the typed values, the failing fields show their issues, and anything that is not about a
 * field becomes one message saying what to do. The same rule serves every dialog of web and CLI.
 */
import { messageForError, type ErrorLike, type Message } from "./messages";

export interface SaveFailure {
  /** Issues that belong on a field of the form (propertyName set). */
  readonly fieldIssues: ReadonlyArray<{ readonly message: string; readonly propertyName?: string; readonly listIndex?: number }>;
  /** The message above the form's buttons; null when the field issues say it all. */
  readonly message: Message | null;
}

/**
 * Splits a failed save into field issues and a dialog message. Guarantees: offline says
 * 'No connection…save again' (save.offline) whatever the error; an unreachable server or a
 * gateway time-out says to try again (nothing was lost); a name clash goes on the name field; a
 * conflict or invalid input without fields says what the server said; never both empty.
 */
export const saveFailure = (error: ErrorLike, online: boolean): SaveFailure => {
  if (!online) return { fieldIssues: [], message: { key: "save.offline" } };
  switch (error._tag) {
    case "ApiUnavailable": return { fieldIssues: [], message: { key: "save.unavailable" } };
    case "GatewayTimeout": return { fieldIssues: [], message: { key: "Gateway Timeout error" } };
    case "NameAlreadyInUse": return { fieldIssues: [{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }], message: null };
  }
  const fieldIssues = (error.issues ?? []).filter((i) => i.propertyName !== undefined && i.propertyName !== "");
  if (fieldIssues.length > 0) return { fieldIssues, message: null };
  if (error._tag === "Conflict" && (error.issues ?? []).length === 0) return { fieldIssues: [], message: { key: "save.conflict" } };
  return { fieldIssues: [], message: messageForError(error) };
};
