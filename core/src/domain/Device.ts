/**
 * Devices as the portal's own API serves them (issue 9): an agent with the spec's fields
 * (domain/Agent.ts) plus what the Devices screen shows at a glance (online, groups, my access
 * state, what the caller may do on it), and the assets behind agents.
 */
import { Schema } from "effect";
import { Agent } from "./Agent";

/**
 * My access to a device at a glance (rules/accessWindow.ts `myAccessState`): none; pending (a
 * request waits for a decision); scheduled (approved, starts later); active (an approved window
 * covers now: "active until 14:30"); expired (I had access, it has ended). `start` and `end` are
 * the UTC ISO window the state is about, null for none.
 */
export const MY_ACCESS_STATES = ["none", "pending", "scheduled", "active", "expired"] as const;
export const MyAccessState = Schema.Literals(MY_ACCESS_STATES);
export type MyAccessState = typeof MyAccessState.Type;
export const MyAccess = Schema.Struct({ state: MyAccessState, start: Schema.NullOr(Schema.String), end: Schema.NullOr(Schema.String) });
export type MyAccess = typeof MyAccess.Type;

/** A group a device belongs to, by publicId and name. */
export const DeviceGroup = Schema.Struct({ publicId: Schema.String, name: Schema.String });
export type DeviceGroup = typeof DeviceGroup.Type;

/**
 * An agent as the Devices list and the device page show it: the spec's Agent, whether it is
 * online (it has a VPN session with an address), its groups, my access at a glance, and the
 * caller's rights on it (rules/deviceRights.ts): manage access-requests (approval bypassed) and
 * approve (an approver of this device).
 */
export const AgentView = Schema.Struct({
  ...Agent.fields,
  online: Schema.Boolean,
  groups: Schema.Array(DeviceGroup),
  myAccess: MyAccess,
  canManageAccessRequests: Schema.Boolean,
  canApprove: Schema.Boolean,
});
export type AgentView = typeof AgentView.Type;

/** An asset behind an agent (GET assets by id list, GET asset by id). */
export const Asset = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  agent: Schema.Struct({ publicId: Schema.String, name: Schema.String }),
  assetType: Schema.NullOr(Schema.Struct({ publicId: Schema.String, name: Schema.String })),
});
export type Asset = typeof Asset.Type;

/** A mail the portal sent or will send (the outbox an administrator can read). */
export const OutboxMessage = Schema.Struct({
  publicId: Schema.String,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  /** queued: waiting for the mail job; sent: handed to SMTP; kept: no SMTP_URL, kept here only; failed. */
  status: Schema.Literals(["queued", "sent", "kept", "failed"]),
  createdAt: Schema.String,
  sentAt: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String),
});
export type OutboxMessage = typeof OutboxMessage.Type;
