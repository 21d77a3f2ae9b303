import type { PortalError } from "@portal/core/wire/errorStatus";

/** The text to show for a failed call: the server's first message when it sent one. */
export function messageOfError(error: PortalError): string {
  switch (error._tag) {
    case "Unauthenticated":
      return error.reason ?? "Please sign in again.";
    case "RateLimited":
      return error.message;
    case "InvalidInput":
    case "Conflict":
    case "ApiFailure":
      return error.issues[0]?.message ?? `Request failed (${error._tag})`;
    case "ApiUnavailable":
      return "API server is unavailable";
    case "Forbidden":
      return "Not allowed";
    case "NotFound":
      return `${error.entity} not found`;
    default:
      return error.message;
  }
}
