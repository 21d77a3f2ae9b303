/**
 * The end of activations (issue 12): an activation whose expiry passed (a trial on its date, a
 * coupon's days, a licence's bundle) is told once: a notice in the messages of the company's
 * licence managers, a "licence-changed" event to them, and an audit entry (TRIGGER, by the
 * system). Rows are claimed FOR UPDATE SKIP LOCKED, so several server processes tell each once.
 * A trial's end is also owed to the device itself (relay/agentMessages.ts): its agent is told on
 * its relay link now, or when it links again; a licence or coupon ends on the portal only.
 */
import { eq, sql } from "drizzle-orm";
import { licenceEndedNotice } from "@portal/core/rules/notices";
import { LICENCE_CHANGED_EVENT } from "@portal/core/wire/events";
import { writeAudit } from "../audit/writeAudit";
import { rowsOf, type Database } from "../db/Database";
import { agentActivations } from "../db/schema";
import { EventHub } from "../events/EventHub";
import { nowOf, type Clock } from "../http/Clock";
import { storeNotices } from "../notices/storeNotices";
import { oweAgentMessage, type TrialEndedBody } from "../relay/agentMessages";
import { Relay } from "../relay/Relay";
import { licenceManagers } from "./licenceRows";

const BATCH = 100;

interface Ended {
  id: number; agent_id: number; feature: string; method: string; expires_on: string | Date; agent_public_id: string; agent_name: string; company_id: number; company_public_id: string;
}

/** Tells every activation that ran out by the clock's now and was not told yet; returns how many. */
export async function tellEndedActivations(deps: { readonly database: Database; readonly clock: Clock }): Promise<number> {
  let total = 0;
  for (;;) {
    const now = nowOf(deps.clock);
    const at = new Date(now);
    const owed = new Set<number>();
    const done = await deps.database.db.transaction(async (tx) => {
      const claimed = rowsOf<Ended>(await tx.execute(sql`
        select a.id, a.agent_id, a.feature, a.method, a.expires_on, g.public_id as agent_public_id, g.name as agent_name, g.company_id, c.public_id as company_public_id
        from agent_activations a join agents g on g.id = a.agent_id join companies c on c.id = g.company_id
        where a.end_notified_at is null and a.expires_on <= ${at.toISOString()}::timestamptz
        order by a.id limit ${BATCH} for update of a skip locked`));
      for (const e of claimed) {
        await tx.update(agentActivations).set({ endNotifiedAt: at }).where(eq(agentActivations.id, e.id));
        const managers = await licenceManagers(tx, e.company_id, now);
        const expiresOn = new Date(e.expires_on).toISOString();
        await storeNotices(tx, managers, licenceEndedNotice(e.method, e.feature, e.agent_name, e.agent_public_id), e.company_id, at, `licence-end:${e.id}:${expiresOn}`);
        await EventHub.publishToAll(tx, managers, LICENCE_CHANGED_EVENT, { company: e.company_public_id, agent: e.agent_public_id, feature: e.feature, change: "ended" });
        await writeAudit(tx, { userId: null, companyId: e.company_id, clientAddress: null, at }, [{
          action: "TRIGGER", topic: "AgentActivationEnd", target: e.agent_public_id, before: { feature: e.feature, method: e.method, expiresOn },
        }]);
        if (e.method === "trial") {
          const body: TrialEndedBody = { kind: "trial-ended", feature: e.feature, expiresOn };
          if (await oweAgentMessage(tx, e.agent_id, `trial-end:${e.id}:${expiresOn}`, { ...body }, at)) owed.add(e.agent_id);
        }
      }
      return claimed.length;
    });
    // After the commit: the process holding the agent's link (maybe another one) sends it.
    for (const agentId of owed) await Relay.notify(deps.database, { type: "messages", agentId });
    total += done;
    if (done < BATCH) return total;
  }
}
