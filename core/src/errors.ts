/**
 * Expected failures of the domain, as tagged errors. Core never throws these: they travel in
 * the error channel of an Effect or in a Result. Each carries the exact message of spec.md.
 */
import { Data } from "effect";

/** Publish or discard on a page without a draft version. */
export class PageHasNoDraft extends Data.TaggedError("PageHasNoDraft")<{ readonly pagePublicId: string }> {
  override readonly message = "Page has no draft version";
}

/** Duplicate asked for a page that has no published version. */
export class NoPublishedPage extends Data.TaggedError("NoPublishedPage")<{ readonly pagePublicId: string }> {
  override readonly message = "No published page";
}

/** A group type name equals another group type's name. */
export class NameAlreadyInUse extends Data.TaggedError("NameAlreadyInUse")<{ readonly name: string }> {
  override readonly message = "NAME_ALREADY_IN_USE";
}

/** A group type is the last one or still used by a group. */
export class CannotDeleteGroupType extends Data.TaggedError("CannotDeleteGroupType")<{
  readonly publicId: string;
  readonly reason: "last" | "in-use";
}> {
  override readonly message = "CANNOT_DELETE_GROUP_TYPE";
}

/** An asset type is the last one or still used by a resource variant. */
export class CannotDeleteAssetType extends Data.TaggedError("CannotDeleteAssetType")<{
  readonly publicId: string;
  readonly reason: "last" | "in-use";
}> {
  override readonly message = "CANNOT_DELETE_ASSET_TYPE";
}

/** A request is loaded without an agent reference. */
export class NoAgentReference extends Data.TaggedError("NoAgentReference")<{}> {
  override readonly message = "No Agent reference";
}

/** One failing field or list item of an input; the shape of an API error.data entry. */
export interface ValidationIssue {
  readonly message: string;
  readonly propertyName?: string;
  readonly listIndex?: number;
}

/** Input failed validation (HTTP 400). */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{ readonly issues: ReadonlyArray<ValidationIssue> }> {}

/** Input clashes with existing data or with itself (HTTP 409), e.g. duplicate keys in a batch. */
export class Conflict extends Data.TaggedError("Conflict")<{ readonly issues: ReadonlyArray<ValidationIssue> }> {}

/** The entity does not exist, or not in the caller's company (HTTP 404). */
export class NotFound extends Data.TaggedError("NotFound")<{ readonly entity: string; readonly publicId?: string }> {}

/** The caller lacks the right the operation needs (HTTP 403). */
export class Forbidden extends Data.TaggedError("Forbidden")<{ readonly right?: string }> {}

/** No valid session (HTTP 401). */
export class Unauthenticated extends Data.TaggedError("Unauthenticated")<{ readonly reason?: string }> {}

/** Too many attempts (HTTP 429). */
export class RateLimited extends Data.TaggedError("RateLimited")<{ readonly message: string; readonly retryAfterSeconds?: number }> {}

/** The API could not be reached or failed (status 0 or 5xx). */
export class ApiUnavailable extends Data.TaggedError("ApiUnavailable")<{ readonly status: number }> {}

/** The gateway timed out (HTTP 504). */
export class GatewayTimeout extends Data.TaggedError("GatewayTimeout")<{}> {
  override readonly message = "Gateway Timeout error";
}

/** Any other failure reported by the API, with its error.data list. */
export class ApiFailure extends Data.TaggedError("ApiFailure")<{
  readonly status: number;
  readonly issues: ReadonlyArray<ValidationIssue>;
}> {}

/** The local VPN client did not answer (not installed, not running, or refused our origin). */
export class VpnClientUnreachable extends Data.TaggedError("VpnClientUnreachable")<{ readonly reason?: string }> {
  override readonly message = "Cannot communicate with the VPN client";
}

/** Client-side storage refused a write (quota, private mode, disabled). */
export class StorageFailure extends Data.TaggedError("StorageFailure")<{ readonly key: string; readonly reason?: string }> {}
