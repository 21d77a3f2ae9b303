/**
 * The mails of access requests: a notice to each addressed approver when a request is sent (with
 * the link to the request, where the web app shows approve and reject after sign-in), and one to
 * the requester when it is decided. Plain text; the names are the users' own.
 */
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import type { RequestRecord } from "../devices/requestRows";
import type { OutgoingMail } from "./outbox";

/** The web app's page of a request. */
export const requestLink = (origin: string, publicId: string): string => `${origin}/access-requests/${encodeURIComponent(publicId)}`;

const services = (r: RequestRecord): string =>
  [...(r.vpn ? ["VPN"] : []), ...r.servers.map((s) => s.name)].join(", ");

const window = (r: RequestRecord): string => `${toUtcIsoSeconds(r.start)} to ${toUtcIsoSeconds(r.end)} (UTC)`;

/** One notice per addressed approver of a new request (an extension included). */
export function newRequestMails(r: RequestRecord, origin: string): OutgoingMail[] {
  const what = r.extendsRequest ? "an extension of access" : "access";
  return r.allowedApprovers.map((a) => ({
    to: a.email,
    subject: `Access request: ${r.requester.name} for ${r.agent.name}`,
    text: [
      `Hello ${a.name},`, "",
      `${r.requester.name} asks for ${what} to ${r.agent.name}.`,
      `Services: ${services(r)}`, `When: ${window(r)}`, `Reason: ${r.reason}`, "",
      `Approve or reject it here: ${requestLink(origin, r.publicId)}`,
    ].join("\n"),
  }));
}

const DECISION_WORDS: Partial<Record<RequestRecord["status"], string>> = {
  approved: "approved", rejected: "rejected", revoked: "revoked", expired: "not decided in time and has expired",
};

/** The requester's notice of a decision (approved, rejected, revoked) or of expiry; none for other changes. */
export function decisionMails(r: RequestRecord, origin: string): OutgoingMail[] {
  const word = DECISION_WORDS[r.status];
  if (!word) return [];
  return [{
    to: r.requester.email,
    subject: `Access request ${r.status}: ${r.agent.name}`,
    text: [
      `Hello ${r.requester.name},`, "",
      `Your access request for ${r.agent.name} was ${word}${r.approver ? ` by ${r.approver.name}` : ""}.`,
      `Services: ${services(r)}`, `When: ${window(r)}`,
      ...(r.comment ? [`Comment: ${r.comment}`] : []), "",
      `Details: ${requestLink(origin, r.publicId)}`,
    ].join("\n"),
  }];
}
