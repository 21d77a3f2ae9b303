import { errorText } from "@portal/core/messages/messages";
import type { PortalError } from "@portal/core/wire/errorStatus";

/**
 * The English sentence for a failed call (core's message catalogue), for stores that keep a
 * ready text (sign-in, load errors). Views that can reach a company's overrides use MessageStore.
 */
export function messageOfError(error: PortalError): string {
  return errorText(error);
}
