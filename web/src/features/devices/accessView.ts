/**
 * Presentation of access requests and my access at a glance: times in the user's locale and
 * time zone, status names and intents. No rules here: states come from core (myAccessState on the
 * server, request statuses), only their wording is chosen.
 */
import type { Intent } from "@blueprintjs/core";
import type { AccessRequestStatus, MyAccessRequest } from "@portal/core/domain/AccessRequest";
import type { MyAccess } from "@portal/core/domain/Device";

const time = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
const dateTime = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));

/** "Active until 14:30", "Pending", ... for the Devices list. */
export function myAccessLabel(access: MyAccess, timeZone?: string): string {
  switch (access.state) {
    case "none": return "No access";
    case "pending": return "Request pending";
    case "scheduled": return access.start ? `Scheduled from ${dateTime(access.start, timeZone)}` : "Scheduled";
    case "active": return access.end ? `Active until ${time(access.end, timeZone)}` : "Active";
    case "expired": return access.end ? `Expired at ${dateTime(access.end, timeZone)}` : "Expired";
  }
}

export const MY_ACCESS_INTENT: Readonly<Record<MyAccess["state"], Intent>> = {
  none: "none", pending: "warning", scheduled: "primary", active: "success", expired: "none",
};

export const STATUS_LABEL: Readonly<Record<AccessRequestStatus, string>> = {
  pending: "Pending", approved: "Approved", rejected: "Rejected", revoked: "Revoked",
  cancelled: "Cancelled", released: "Ended early", expired: "Expired",
};

export const STATUS_INTENT: Readonly<Record<AccessRequestStatus, Intent>> = {
  pending: "warning", approved: "success", rejected: "danger", revoked: "danger", cancelled: "none", released: "none", expired: "none",
};

/** "21 Nov 2026, 10:00 – 10:30" (the end's date only when it differs). */
export function windowLabel(start: string, end: string, timeZone?: string): string {
  const sameDay = new Date(start).toDateString() === new Date(end).toDateString();
  return `${dateTime(start, timeZone)} – ${sameDay ? time(end, timeZone) : dateTime(end, timeZone)}`;
}

/** The services of a request: "VPN, Web panel". */
export function servicesLabel(m: MyAccessRequest): string {
  return [...(m.request.vpn ? ["VPN"] : []), ...m.request.servers.map((s) => s.name)].join(", ") || "—";
}

/** The device of a request by name. */
export function deviceName(m: MyAccessRequest): string {
  return m.agent?.name ?? m.asset?.name ?? "Unknown device";
}

export { dateTime as formatDateTime };
