/**
 * The one table from error tag (core/src/errors.ts) to HTTP status and error.data issues, and
 * back: the server answers with errorResponse, clients turn a failed response into the same
 * tagged error with errorFromResponse.
 */
import {
  ApiFailure, ApiUnavailable, CannotDeleteAssetType, CannotDeleteGroupType, Conflict, Forbidden, GatewayTimeout,
  InvalidInput, NameAlreadyInUse, NoAgentReference, NoPublishedPage, NotFound, PageHasNoDraft, RateLimited,
  Unauthenticated, type ValidationIssue,
} from "../errors";
import { errorEnvelope, type ErrorEnvelope } from "./envelope";

/** Every tagged error of core/src/errors.ts that can cross the wire. */
export type PortalError =
  | PageHasNoDraft | NoPublishedPage | NameAlreadyInUse | CannotDeleteGroupType | CannotDeleteAssetType
  | NoAgentReference | InvalidInput | Conflict | NotFound | Forbidden | Unauthenticated | RateLimited
  | ApiUnavailable | GatewayTimeout | ApiFailure;

type Tag = PortalError["_tag"];
type ErrorOf<T extends Tag> = Extract<PortalError, { readonly _tag: T }>;

/** Per tag: its status, and its issues on the wire. */
const TABLE: { readonly [T in Tag]: { readonly status: (e: ErrorOf<T>) => number; readonly issues: (e: ErrorOf<T>) => ReadonlyArray<ValidationIssue> } } = {
  InvalidInput: { status: () => 400, issues: (e) => e.issues },
  NoAgentReference: { status: () => 400, issues: (e) => [{ message: e.message }] },
  Unauthenticated: { status: () => 401, issues: (e) => [{ message: e.reason ?? "Unauthenticated" }] },
  Forbidden: { status: () => 403, issues: (e) => [{ message: e.right === undefined ? "Forbidden" : `Forbidden: ${e.right} needed` }] },
  NotFound: { status: () => 404, issues: (e) => [{ message: `${e.entity} not found` }] },
  NameAlreadyInUse: { status: () => 409, issues: (e) => [{ message: e.message, propertyName: "name" }] },
  Conflict: { status: () => 409, issues: (e) => e.issues },
  CannotDeleteGroupType: { status: () => 409, issues: (e) => [{ message: e.message }] },
  CannotDeleteAssetType: { status: () => 409, issues: (e) => [{ message: e.message }] },
  PageHasNoDraft: { status: () => 409, issues: (e) => [{ message: e.message }] },
  NoPublishedPage: { status: () => 409, issues: (e) => [{ message: e.message }] },
  RateLimited: { status: () => 429, issues: (e) => [{ message: e.message }] },
  GatewayTimeout: { status: () => 504, issues: (e) => [{ message: e.message }] },
  ApiUnavailable: { status: (e) => (e.status >= 500 && e.status <= 599 ? e.status : 503), issues: () => [{ message: "API server is unavailable" }] },
  ApiFailure: { status: (e) => e.status, issues: (e) => e.issues },
};

/** The HTTP status of an error. Guarantees a status in 400..599 for every PortalError but ApiFailure, which keeps its own. */
export const statusOfError = (error: PortalError): number =>
  (TABLE[error._tag].status as (e: PortalError) => number)(error);

/** The error.data issues of an error. Guarantees the messages of spec.md (e.g. NAME_ALREADY_IN_USE). */
export const issuesOfError = (error: PortalError): ReadonlyArray<ValidationIssue> =>
  (TABLE[error._tag].issues as (e: PortalError) => ReadonlyArray<ValidationIssue>)(error);

/** A ready HTTP error answer: status, envelope body and headers (Retry-After for RateLimited). */
export interface ErrorResponse {
  readonly status: number;
  readonly body: ErrorEnvelope;
  readonly headers: Readonly<Record<string, string>>;
}

/** Builds the error answer for a PortalError. Never fails. */
export const errorResponse = (error: PortalError): ErrorResponse => ({
  status: statusOfError(error),
  body: errorEnvelope(issuesOfError(error)),
  headers:
    error._tag === "RateLimited" && error.retryAfterSeconds !== undefined
      ? { "Retry-After": String(Math.ceil(error.retryAfterSeconds)) }
      : {},
});

/** What a client knows about the call that failed, to fill details the wire does not carry. */
export interface ResponseContext {
  /** publicId of the entity the call addressed (page, group type…). */
  readonly publicId?: string;
  /** The name the call submitted (for NameAlreadyInUse). */
  readonly name?: string;
  /** The entity kind, for NotFound (e.g. "Page"). */
  readonly entity?: string;
  /** The Retry-After header, in seconds. */
  readonly retryAfter?: string | null;
}

/**
 * Turns a failed response (status, with 0 for no response, and its error.data issues) into the
 * tagged error the server meant. Guarantees: 504 is GatewayTimeout; 0 and other 5xx are
 * ApiUnavailable; 409 messages of spec.md select their own errors; statuses outside the
 * table give ApiFailure with the issues untouched. For every PortalError e but ApiFailure and
 * ApiUnavailable, errorFromResponse(statusOfError(e), issuesOfError(e)) has e's tag and message.
 */
export const errorFromResponse = (
  status: number,
  issues: ReadonlyArray<ValidationIssue>,
  context: ResponseContext = {},
): PortalError => {
  const publicId = context.publicId ?? "";
  const first = issues[0]?.message;
  const has = (message: string) => issues.some((i) => i.message === message);
  if (status === 504) return new GatewayTimeout();
  if (status === 0 || (status >= 500 && status <= 599)) return new ApiUnavailable({ status });
  switch (status) {
    case 400:
      return has(new NoAgentReference().message) ? new NoAgentReference() : new InvalidInput({ issues });
    case 401:
      return new Unauthenticated(first === undefined ? {} : { reason: first });
    case 403:
      return new Forbidden({});
    case 404:
      return new NotFound({ entity: context.entity ?? "Resource", ...(context.publicId === undefined ? {} : { publicId }) });
    case 409:
      if (has("NAME_ALREADY_IN_USE")) return new NameAlreadyInUse({ name: context.name ?? "" });
      // The reason (last one or in use) does not travel; "in-use" is the common case.
      if (has("CANNOT_DELETE_GROUP_TYPE")) return new CannotDeleteGroupType({ publicId, reason: "in-use" });
      if (has("CANNOT_DELETE_ASSET_TYPE")) return new CannotDeleteAssetType({ publicId, reason: "in-use" });
      if (has("Page has no draft version")) return new PageHasNoDraft({ pagePublicId: publicId });
      if (has("No published page")) return new NoPublishedPage({ pagePublicId: publicId });
      return new Conflict({ issues });
    case 429: {
      const seconds = Number(context.retryAfter);
      return new RateLimited({
        message: first ?? "Too many requests",
        ...(context.retryAfter != null && Number.isFinite(seconds) ? { retryAfterSeconds: seconds } : {}),
      });
    }
    default:
      return new ApiFailure({ status, issues });
  }
};
