/**
 * Access requests (spec.md section 3): the request a user sends to approvers for time-limited
 * access to an agent's VPN and/or servers, the user's view of it (My access request), the
 * creation payload, the approvers and the duration options. Times on the wire are UTC ISO strings;
 * the rules in rules/accessRequests.ts turn them into epoch milliseconds.
 */
import { Schema } from "effect";

/**
 * Request statuses. The spec names approved, rejected and revoked (the decisions a user is told
 * about). The lifecycle of issue 9 adds: pending (sent, not decided), cancelled (withdrawn by the
 * requester while pending), released (ended early by the requester), expired (still pending at
 * its requested end). Only approved requests grant access, and only inside their window
 * (rules/accessWindow.ts).
 */
export const ACCESS_REQUEST_STATUSES = ["pending", "approved", "rejected", "revoked", "cancelled", "released", "expired"] as const;
export const AccessRequestStatus = Schema.Literals(ACCESS_REQUEST_STATUSES);
export type AccessRequestStatus = typeof AccessRequestStatus.Type;

/** A UTC instant without milliseconds, e.g. `2026-11-21T10:05:00Z`: the payload's time format. */
export const UTC_ISO_SECONDS_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
export const UtcIsoSeconds = Schema.String.check(Schema.isPattern(UTC_ISO_SECONDS_PATTERN));

/** A reference to another entity by its public id, e.g. `{ publicId }` in a payload list. */
export const PublicIdRef = Schema.Struct({ publicId: Schema.String });
export type PublicIdRef = typeof PublicIdRef.Type;

/** Someone who may approve requests for an agent (GET approvers per agent asks for the name). */
export const Approver = Schema.Struct({ publicId: Schema.String, name: Schema.String });
export type Approver = typeof Approver.Type;

/**
 * The request part of My access request: publicId, status, start, end (UTC ISO), the approver
 * who decided (absent while pending), the requesting user, the vpn flag and the servers by name.
 */
export const AccessRequest = Schema.Struct({
  publicId: Schema.String,
  status: AccessRequestStatus,
  /** The access window: the requested one until approval, then the granted one (accessWindow). */
  start: Schema.String,
  end: Schema.String,
  approver: Schema.optional(Schema.NullOr(Schema.Struct({ name: Schema.String, publicId: Schema.optional(Schema.String) }))),
  user: Schema.Struct({ publicId: Schema.String }),
  vpn: Schema.Boolean,
  servers: Schema.Array(Schema.Struct({ name: Schema.String, publicId: Schema.optional(Schema.String) })),
  // The fields below are served by the portal's own API (issue 9); the spec's shape has the ones above.
  /** The window as asked for (UTC ISO); start/end differ once approval moved it. */
  requestedStart: Schema.optional(Schema.String),
  requestedEnd: Schema.optional(Schema.String),
  reason: Schema.optional(Schema.String),
  /** The approvers the requester addressed, by name. */
  allowedApprovers: Schema.optional(Schema.Array(Approver)),
  /** The approver's comment with the decision, or null. */
  comment: Schema.optional(Schema.NullOr(Schema.String)),
  /** When it was sent, and when it was decided (or cancelled, released, expired); UTC ISO. */
  createdAt: Schema.optional(Schema.String),
  decidedAt: Schema.optional(Schema.NullOr(Schema.String)),
  /** The approved request this one asks to extend, or null for a request of its own. */
  extendsRequest: Schema.optional(Schema.NullOr(Schema.Struct({ publicId: Schema.String }))),
});
export type AccessRequest = typeof AccessRequest.Type;

/** The device a request is for: an agent or an asset, each by publicId and name. */
export const DeviceRef = Schema.Struct({ publicId: Schema.String, name: Schema.String });
export type DeviceRef = typeof DeviceRef.Type;

/**
 * My access request: the request, the user link, and either an agent or an asset. Both device
 * fields are optional in the schema because the wire sends one of them; a request with neither is
 * decoded and then refused by the rules with NoAgentReference where an agent is needed.
 */
export const MyAccessRequest = Schema.Struct({
  request: AccessRequest,
  /** The requester; the name is served to approvers (inbox) and in events. */
  user: Schema.Struct({ publicId: Schema.String, name: Schema.optional(Schema.String) }),
  agent: Schema.optional(Schema.NullOr(DeviceRef)),
  asset: Schema.optional(Schema.NullOr(DeviceRef)),
});
export type MyAccessRequest = typeof MyAccessRequest.Type;

/**
 * The creation payload (POST per agent): allowed approvers and servers by publicId, start and end
 * as UTC ISO without milliseconds, the reason and the vpn flag. Built by buildAccessRequestPayload.
 */
export const AccessRequestPayload = Schema.Struct({
  allowedApprovers: Schema.Array(PublicIdRef),
  start: UtcIsoSeconds,
  end: UtcIsoSeconds,
  reason: Schema.String,
  servers: Schema.Array(PublicIdRef),
  vpn: Schema.Boolean,
});
export type AccessRequestPayload = typeof AccessRequestPayload.Type;

/** A duration choice of the request dialog: a count of minutes or hours. */
export const DurationOption = Schema.Struct({
  format: Schema.Literals(["minutes", "hours"]),
  value: Schema.Int.check(Schema.isGreaterThan(0)),
});
export type DurationOption = typeof DurationOption.Type;
