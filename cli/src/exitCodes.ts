/**
 * The one table from error tag to exit code and one-line message, for core's API errors and the
 * CLI's own. 0 success, 1 rejected input, 2 usage, 3 authentication, 4 server or network fault.
 */
import { errorText } from "@portal/core/messages/messages";
import type { PortalError } from "@portal/core/wire/errorStatus";
import { EXIT, type CliError, type ExitCode } from "./CliError";

export type AnyError = PortalError | CliError;

type Tag = AnyError["_tag"];
type ErrorOf<T extends Tag> = Extract<AnyError, { readonly _tag: T }>;

const firstIssue = (issues: ReadonlyArray<{ message: string; propertyName?: string }>, fallback: string): string => {
  const i = issues[0];
  if (!i) return fallback;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return `${i.propertyName ? `${i.propertyName}: ` : ""}${i.message}${more}`;
};

/** Two-factor refusals happen only while logging in, so they get words instead of a "run portal login" hint. */
const SIGN_IN_REASONS: ReadonlyMap<string, string> = new Map([
  ["TWO_FACTOR_REQUIRED", "this account needs a one-time code (TWO_FACTOR_REQUIRED): pass --otp CODE"],
  ["TWO_FACTOR_INVALID", "the one-time code is wrong or has expired (TWO_FACTOR_INVALID)"],
]);

const notSignedIn = (reason: string | undefined): string =>
  `Not signed in: ${SIGN_IN_REASONS.get(reason ?? "") ?? `${reason ?? "the token is missing, expired or revoked"} (run portal login)`}`;

const TABLE: { readonly [T in Tag]: { readonly code: (e: ErrorOf<T>) => ExitCode; readonly message: (e: ErrorOf<T>) => string } } = {
  UsageError: { code: () => EXIT.usage, message: (e) => e.message },
  NotLoggedIn: { code: () => EXIT.authentication, message: (e) => e.message },
  InputRejected: { code: () => EXIT.rejected, message: (e) => e.message },
  LocalFault: { code: () => EXIT.fault, message: (e) => e.message },
  ImportStopped: {
    code: (e) => (isKnownError(e.cause) ? exitCodeOf(e.cause) : EXIT.fault),
    message: (e) =>
      `${isKnownError(e.cause) ? messageOf(e.cause) : "Unexpected failure"}; the import stopped at batch ${e.batch} of ${e.batches} ` +
      `(from line ${e.firstLine}): ${e.written} entries of earlier batches stay written, nothing of this batch was; ` +
      "running the same import again completes it (entries already written are left unchanged)",
  },
  InvalidInput: { code: () => EXIT.rejected, message: (e) => `Rejected: ${firstIssue(e.issues, "invalid input")}` },
  Conflict: { code: () => EXIT.rejected, message: (e) => `Rejected: ${firstIssue(e.issues, "conflict")}` },
  NameAlreadyInUse: { code: () => EXIT.rejected, message: (e) => `${errorText(e)} (NAME_ALREADY_IN_USE)` },
  CannotDeleteGroupType: { code: () => EXIT.rejected, message: (e) => `${errorText(e)} (CANNOT_DELETE_GROUP_TYPE)` },
  CannotDeleteAssetType: { code: () => EXIT.rejected, message: (e) => `${errorText(e)} (CANNOT_DELETE_ASSET_TYPE)` },
  NotFound: { code: () => EXIT.rejected, message: (e) => `${e.entity} not found${e.publicId ? `: ${e.publicId}` : ""}` },
  PageHasNoDraft: { code: () => EXIT.rejected, message: (e) => e.message },
  NoPublishedPage: { code: () => EXIT.rejected, message: () => "Cannot duplicate a non-published page" },
  NoAgentReference: { code: () => EXIT.rejected, message: (e) => e.message },
  Unauthenticated: {
    code: () => EXIT.authentication,
    message: (e) => notSignedIn(e.reason),
  },
  Forbidden: { code: () => EXIT.authentication, message: () => "Not allowed: your account lacks the right for this in the selected company" },
  RateLimited: { code: () => EXIT.authentication, message: (e) => e.message },
  ApiUnavailable: {
    code: () => EXIT.fault,
    message: (e) => (e.status === 0 ? "Cannot reach the portal API (network error or time-out)" : `API server is unavailable (HTTP ${e.status})`),
  },
  GatewayTimeout: { code: () => EXIT.fault, message: (e) => e.message },
  ApiFailure: {
    code: (e) => (e.status >= 400 && e.status < 500 ? EXIT.rejected : EXIT.fault),
    message: (e) => `The API answered HTTP ${e.status}: ${firstIssue(e.issues, "no details")}`,
  },
};

/** The exit code of an error. Guarantees 1 to 4 for every tag. */
export const exitCodeOf = (error: AnyError): ExitCode => (TABLE[error._tag].code as (e: AnyError) => ExitCode)(error);

/** The one-line message of an error (no line breaks). */
export const messageOf = (error: AnyError): string =>
  (TABLE[error._tag].message as (e: AnyError) => string)(error).replace(/\s*\n\s*/g, " ");

/** Whether a thrown or failed value is one of the tagged errors of the table. */
export const isKnownError = (value: unknown): value is AnyError =>
  typeof value === "object" && value !== null && typeof (value as { _tag?: unknown })._tag === "string" && (value as { _tag: string })._tag in TABLE;
