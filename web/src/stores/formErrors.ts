/**
 * Field errors of a failed save: the issues of an InvalidInput (or Conflict) that name a field,
 * as sentences keyed by field; what names no field goes under "" for the form's own callout.
 */
import type { PortalError } from "@portal/core/wire/errorStatus";
import type { MessageStore } from "./MessageStore";

export type FieldErrors = Readonly<Record<string, string>>;

export function fieldErrorsOf(error: PortalError, messages: MessageStore): FieldErrors {
  if ((error._tag === "InvalidInput" || error._tag === "Conflict") && error.issues.length > 0) {
    const out: Record<string, string> = {};
    for (const issue of error.issues) {
      const field = issue.propertyName ?? "";
      const text = messages.text(issue.message);
      out[field] = out[field] === undefined ? text : `${out[field]} ${text}`;
    }
    return out;
  }
  return { "": messages.ofError(error) };
}
