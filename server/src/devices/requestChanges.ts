/**
 * What every change of an access request writes, inside the change's transaction: one audit
 * entry (topic AccessRequest, before and after with names), the "access-request" event to the
 * requester and to every approver of the device (the addressed ones included even when they no
 * longer hold the right), and the mails (approvers on a new request, the requester on a decision
 * or on expiry), and the requester's notice of a decision in their messages.
 */
import { ACCESS_REQUEST_EVENT, type AccessRequestChange, type AccessRequestEvent } from "@portal/core/wire/events";
import { canApproveWith } from "@portal/core/rules/deviceRights";
import { writeAudit, type AuditAction, type AuditActor } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { sql } from "drizzle-orm";
import { EventHub } from "../events/EventHub";
import { RELAY_CHANNEL } from "../relay/relayContext";
import { decisionMails, newRequestMails } from "../mail/accessRequestMail";
import { enqueueMails, type MailSettings } from "../mail/outbox";
import { accessDecisionNotice } from "@portal/core/rules/notices";
import { storeNotices } from "../notices/storeNotices";
import { deviceMembers } from "./deviceAccess";
import { auditValueOf, viewOf, type RequestRecord } from "./requestRows";

export const AUDIT_TOPIC = "AccessRequest";

export interface ChangeContext {
  readonly audit: AuditActor;
  readonly mail: MailSettings;
  /** Who made the change; null for the server's own expiry. */
  readonly actor: { readonly publicId: string; readonly name: string } | null;
}

const AUDIT_ACTIONS: Record<AccessRequestChange, AuditAction> = {
  created: "CREATE", approved: "UPDATE", rejected: "UPDATE", revoked: "UPDATE", cancelled: "UPDATE",
  released: "UPDATE", extended: "UPDATE", expired: "TRIGGER",
};

/** The users told about a change of `r`: requester, the device's approvers, the addressed approvers. */
export async function recipientsOf(tx: Db, r: RequestRecord, now: number): Promise<number[]> {
  const approvers = (await deviceMembers(tx, r.companyId, r.agent.id, now)).filter((m) => canApproveWith(m.rights)).map((m) => m.id);
  return [...new Set([r.requester.id, ...approvers, ...r.allowedApprovers.map((a) => a.id)])];
}

/** Writes the audit entry, the events and the mails of one change with `tx`. */
export async function recordChange(
  tx: Db, c: ChangeContext, change: AccessRequestChange, before: RequestRecord | null, after: RequestRecord,
): Promise<void> {
  await writeAudit(tx, c.audit, [{
    action: AUDIT_ACTIONS[change], topic: AUDIT_TOPIC, target: after.publicId,
    before: before ? auditValueOf(before) : null, after: auditValueOf(after),
  }]);
  const event: AccessRequestEvent = { change, actor: c.actor, request: viewOf(after) };
  await EventHub.publishToAll(tx, await recipientsOf(tx, after, c.audit.at.getTime()), ACCESS_REQUEST_EVENT, event);
  // Live tunnels of the requester on this device are checked again at commit (relay/Relay.ts).
  const notice = JSON.stringify({ type: "access", userId: after.requester.id, agentId: after.agent.id, change });
  await tx.execute(sql`select pg_notify(${RELAY_CHANNEL}, ${notice})`);
  const mails = change === "created" ? newRequestMails(after, c.mail.origin)
    : change === "approved" || change === "rejected" || change === "revoked" || change === "expired" ? decisionMails(after, c.mail.origin) : [];
  await enqueueMails(tx, c.mail, after.companyId, mails, c.audit.at);
  // The requester's notice in my messages (approved, rejected, revoked, expired undecided).
  const decision = accessDecisionNotice(change, c.actor?.name ?? null, after.agent.name);
  if (decision) await storeNotices(tx, [after.requester.id], decision, after.companyId, c.audit.at);
}
