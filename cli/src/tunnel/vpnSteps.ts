/**
 * The steps the local VPN client reports in `activeRequest.steps` (api.md): progress codes below
 * 10, errors from 10 (core's VPN_STEP_ERROR_MIN_CODE), each with a sentence the web shows as is.
 * Where the relay gave a reason, its sentence is kept; the code says which kind of failure it was.
 */
import type { VpnStepStatus } from "@portal/core/domain/VpnClient";

export type NumberedStep = Extract<VpnStepStatus, { code: number }>;

export const PROGRESS = {
  checkingTicket: { code: 1, message: "Checking the ticket" },
  linking: { code: 2, message: "Linking to the portal" },
  openingServices: { code: 3, message: "Opening the device's services" },
  reconnecting: { code: 4, message: "The connection to the portal was lost; reconnecting" },
} as const satisfies Record<string, NumberedStep>;

export const STEP_ERROR = {
  ticketRefused: 10,
  portalUnreachable: 11,
  deviceNotLinked: 12,
  accessEnded: 13,
  serviceNotConfigured: 14,
  serviceUnreachable: 15,
  rateLimited: 16,
  linkRefused: 17,
  localPortUnavailable: 18,
  other: 19,
} as const;

/** The relay's reason codes (REFUSED, RESET, access-ended) and the step code each reads as. */
const RELAY_CODES: Readonly<Record<string, number>> = {
  DEVICE_NOT_LINKED: STEP_ERROR.deviceNotLinked,
  ACCESS_REQUEST_REQUIRED: STEP_ERROR.accessEnded,
  ACCESS_REVOKED: STEP_ERROR.accessEnded,
  ACCESS_EXPIRED: STEP_ERROR.accessEnded,
  ACCESS_RELEASED_TUNNEL: STEP_ERROR.accessEnded,
  SESSION_DISCONNECTED: STEP_ERROR.accessEnded,
  SERVICE_NOT_CONFIGURED: STEP_ERROR.serviceNotConfigured,
  SERVICE_UNREACHABLE: STEP_ERROR.serviceUnreachable,
  RATE_LIMITED_CONNECTS: STEP_ERROR.rateLimited,
};

/** An error step for a relay reason: its code by the table above (19 when unknown), its sentence unchanged (a default when empty). */
export const relayStep = (code: string, message: string): NumberedStep => ({
  code: RELAY_CODES[code] ?? STEP_ERROR.other,
  message: message.trim() || "The portal refused the connection.",
});

export const TICKET_REFUSED: NumberedStep = { code: STEP_ERROR.ticketRefused, message: "The portal refused the ticket: it is invalid, already used or expired. Try connecting again." };
export const portalUnreachable = (why: string): NumberedStep => ({ code: STEP_ERROR.portalUnreachable, message: `The portal could not be reached (${why}).` });
export const LINK_REFUSED: NumberedStep = { code: STEP_ERROR.linkRefused, message: "The portal ended the connection: it is no longer valid. Connect again from the portal." };
export const localPortUnavailable = (port: number): NumberedStep => ({ code: STEP_ERROR.localPortUnavailable, message: `Local port ${port} for the device's services is not available.` });
