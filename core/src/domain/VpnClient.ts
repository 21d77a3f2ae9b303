/**
 * The local VPN client (spec.md section 3, api.md "Local VPN client connector"): its status and
 * steps as the connector answers them, the release feed, the platform and force-protocol
 * preference, and the auth storage expiry that the connect rule reads.
 */
import { Schema } from "effect";
import { FORCE_PROTOCOLS, SUPPORTED_VPN_PLATFORMS } from "../constants";

/** The session status of the local client. */
export const VPN_SESSION_STATUSES = ["idle", "connecting", "connected"] as const;
export const VpnSessionStatus = Schema.Literals(VPN_SESSION_STATUSES);
export type VpnSessionStatus = typeof VpnSessionStatus.Type;

/** A step status: a plain string (e.g. "error", "done") or a numbered `{ code, message }`. */
export const VpnStepStatus = Schema.Union([
  Schema.String,
  Schema.Struct({ code: Schema.Finite, message: Schema.String }),
]);
export type VpnStepStatus = typeof VpnStepStatus.Type;

export const VpnClientStep = Schema.Struct({ status: VpnStepStatus });
export type VpnClientStep = typeof VpnClientStep.Type;

/** A service the client exposes on the user's machine while connected: its local address. */
export const VpnClientService = Schema.Struct({ publicId: Schema.String, name: Schema.String, address: Schema.String });
export type VpnClientService = typeof VpnClientService.Type;

/**
 * The tunnel the client holds (issue 10), beyond api.md's status: the device, the local address of
 * each service (the VPN address the UI shows with copy), and the users connected to the device.
 */
export const VpnClientSession = Schema.Struct({
  agent: Schema.Struct({ publicId: Schema.String, name: Schema.String }),
  /** The first service's address, "127.0.0.1:port"; null until the services listen. */
  vpnAddress: Schema.NullOr(Schema.String),
  services: Schema.Array(VpnClientService),
  /** The relay's host name (the "server name" of the VPN info dialog). */
  serverName: Schema.String,
});
export type VpnClientSession = typeof VpnClientSession.Type;

/** What `GET /status` answers and the WebSocket pushes: status and the request in progress. */
export const VpnClientStatus = Schema.Struct({
  status: VpnSessionStatus,
  activeRequest: Schema.NullOr(Schema.Struct({ agentId: Schema.String, steps: Schema.Array(VpnClientStep) })),
  /** Present while connecting or connected through this portal's relay (issue 10). */
  session: Schema.optional(Schema.NullOr(VpnClientSession)),
});
export type VpnClientStatus = typeof VpnClientStatus.Type;

/** A desktop platform the VPN client is released for. */
export const VpnPlatform = Schema.Literals(SUPPORTED_VPN_PLATFORMS);
export type VpnPlatform = typeof VpnPlatform.Type;

/**
 * One platform's release. `downloadUrl` holds the placeholder RELEASE_VERSION_PLACEHOLDER where
 * the version goes (rules/vpnSession.ts fills it in).
 */
export const VpnClientRelease = Schema.Struct({
  os: VpnPlatform,
  latestVersion: Schema.String,
  downloadUrl: Schema.String,
});
export type VpnClientRelease = typeof VpnClientRelease.Type;

/** The placeholder for the version inside a release's downloadUrl (in constants, so rules read it without the schemas). */
export { RELEASE_VERSION_PLACEHOLDER } from "../constants";

export const VpnClientReleaseNote = Schema.Struct({
  version: Schema.String,
  type: Schema.String,
  date: Schema.String,
  body: Schema.String,
});
export type VpnClientReleaseNote = typeof VpnClientReleaseNote.Type;

/** The release feed: releases keyed by os (a platform may be missing) and the release notes. */
export const VpnClientReleaseFeed = Schema.Struct({
  releases: Schema.Struct({
    windows: Schema.optional(VpnClientRelease),
    mac: Schema.optional(VpnClientRelease),
    linux: Schema.optional(VpnClientRelease),
  }),
  releaseNotes: Schema.Array(VpnClientReleaseNote),
});
export type VpnClientReleaseFeed = typeof VpnClientReleaseFeed.Type;

/** Force-protocol preference of the mobile client; DEFAULT_FORCE_PROTOCOL when nothing is stored. */
export const ForceProtocol = Schema.Literals(FORCE_PROTOCOLS);
export type ForceProtocol = typeof ForceProtocol.Type;

/** Auth storage: when the stored session expires, in epoch seconds (not milliseconds). */
export const AuthStorageExpiry = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));
export type AuthStorageExpiry = typeof AuthStorageExpiry.Type;
