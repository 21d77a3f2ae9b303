/**
 * Usage history for the demo (issue 12): 45 days of ended VPN sessions on Demo Company's devices
 * (by the demo engineer), report runs on its devices, and hourly API call counts, so that the usage screen has something to
 * show after `npm start`. Loaded by the server's start with the demo data, not by the test
 * templates (tests count the sessions they make). The numbers come from a fixed seed: the same
 * history, shifted to end today, on every fresh start.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/Database";
import { agentServers, agents, apiCallCounts, companies, reportRuns, tunnelSessions, users } from "../db/schema";
import { newPublicId } from "../ids";

const DAYS = 45;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A small deterministic generator (mulberry32): the same history on every fresh start. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function loadDemoUsage(db: Db, now: number): Promise<void> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, "Demo Company"));
  const [engineer] = await db.select({ id: users.id }).from(users).where(eq(users.email, "engineer@example.com"));
  if (!company || !engineer) return;
  const services = await db.select({ agentId: agents.id, serverId: agentServers.id }).from(agentServers)
    .innerJoin(agents, eq(agents.id, agentServers.agentId)).where(and(eq(agents.companyId, company.id)));
  const next = random(20261126);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const sessions: Array<typeof tunnelSessions.$inferInsert> = [];
  const calls: Array<typeof apiCallCounts.$inferInsert> = [];
  const runs: Array<typeof reportRuns.$inferInsert> = [];
  for (let d = DAYS; d >= 1; d--) {
    const day = today - d * DAY_MS;
    const weekend = [0, 6].includes(new Date(day).getUTCDay());
    for (const s of services) {
      // Busier devices first in the list; fewer sessions at weekends.
      const count = Math.floor(next() * (weekend ? 2 : 5) * (1 + (services.length - services.indexOf(s)) / services.length));
      for (let i = 0; i < count; i++) {
        const start = day + Math.floor((6 + next() * 12) * HOUR_MS);
        const minutes = 2 + Math.floor(next() * 40);
        sessions.push({
          publicId: newPublicId(), companyId: company.id, userId: engineer.id, agentId: s.agentId, serverId: s.serverId, node: "demo-history",
          startedAt: new Date(start), endedAt: new Date(start + minutes * 60_000), endReason: "closed",
          bytesToDevice: Math.floor(next() * 4 * 1024 * 1024), bytesFromDevice: Math.floor(next() * 60 * 1024 * 1024),
        });
      }
    }
    // Weekday mornings: a few reports printed, most for a device, now and then one failed.
    const printed = weekend ? 0 : Math.floor(next() * 4);
    for (let i = 0; i < printed; i++) {
      const s = services[Math.floor(next() * services.length)];
      runs.push({
        companyId: company.id, agentId: next() < 0.85 ? s?.agentId ?? null : null, status: next() < 0.1 ? "failed" : "done",
        finishedAt: new Date(day + Math.floor((7 + next() * 3) * HOUR_MS)),
      });
    }
    for (let h = 6; h < 20; h++) {
      const n = Math.floor(next() * (weekend ? 20 : 120));
      if (n > 0) calls.push({ companyId: company.id, hour: new Date(day + h * HOUR_MS), calls: n });
    }
  }
  for (let i = 0; i < sessions.length; i += 500) await db.insert(tunnelSessions).values(sessions.slice(i, i + 500));
  if (calls.length > 0) await db.insert(apiCallCounts).values(calls);
  if (runs.length > 0) await db.insert(reportRuns).values(runs);
}
