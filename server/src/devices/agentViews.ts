/**
 * Agents as the Devices list and the device page show them (core's AgentView), read in one
 * statement: each agent row with its servers, assets, groups and the caller's requests on it as
 * JSON sub-selects (each on an index), so a page costs one round trip, not one per part (PGlite
 * runs one statement at a time). Rights are core's rightsOnDevice, my access core's myAccessState.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AccessRequestStatus } from "@portal/core/domain/AccessRequest";
import type { AgentView, DeviceGroup } from "@portal/core/domain/Device";
import { myAccessState } from "@portal/core/rules/accessWindow";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import { bypassesApprovalWith, canApproveWith } from "@portal/core/rules/deviceRights";
import { rowsOf, type Db } from "../db/Database";
import { agents } from "../db/schema";
import { userOf, type RequestContext } from "../http/RequestContext";
import { callerRightsOf, rightsOn } from "./deviceAccess";

interface MyRequest {
  publicId: string; status: AccessRequestStatus; start: number; end: number; requestedEnd: number; vpn: boolean; servers: string[] | null;
}

interface ViewRow {
  public_id: string; name: string; vpn_require_access_approval: boolean; rsc_server_name: string | null; rsc_server_public_id: string | null;
  vpn_address: string | null; rate_limit: "soft" | "hard" | null; rate_counter: number; rate_last_hit_ms: number | string | null; use_stunnel: boolean;
  servers: Array<{ publicId: string; name: string; requireAccessApproval: boolean; serviceGroup: string | null }>;
  assets: string[]; groups: DeviceGroup[]; mine: MyRequest[]; connected: Array<{ publicId: string; name: string }>;
}

/** Epoch ms of a timestamptz column, as a JSON number. */
const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The statement of agentViews: agents matching `where` (conditions on the agents table) with
 * their parts as JSON, for user `userId`'s requests. Exported for the benchmark's baseline.
 */
export const agentViewQuery = (userId: number, where: SQL, orderBy: ReadonlyArray<SQL>, limit: number): SQL => sql`
    select ${agents.publicId} as public_id, ${agents.name} as name, ${agents.vpnRequireAccessApproval} as vpn_require_access_approval,
      ${agents.rscServerName} as rsc_server_name, ${agents.rscServerPublicId} as rsc_server_public_id, ${agents.vpnAddress} as vpn_address,
      ${agents.rateLimit} as rate_limit, ${agents.rateCounter} as rate_counter, ${ms(sql`${agents.rateLastHit}`)} as rate_last_hit_ms,
      ${agents.useStunnel} as use_stunnel,
      coalesce((select json_agg(json_build_object('publicId', s.public_id, 'name', s.name, 'requireAccessApproval', s.require_access_approval,
        'serviceGroup', s.service_group) order by s.name, s.public_id) from agent_servers s where s.agent_id = ${agents.id}), '[]'::json) as servers,
      coalesce((select json_agg(x.public_id order by x.name, x.public_id) from assets x where x.agent_id = ${agents.id}), '[]'::json) as assets,
      coalesce((select json_agg(json_build_object('publicId', g.public_id, 'name', g.name) order by g.name, g.public_id)
        from agent_groups ag join groups g on g.id = ag.group_id where ag.agent_id = ${agents.id}), '[]'::json) as groups,
      coalesce((select json_agg(json_build_object('publicId', r.public_id, 'status', r.status, 'start', ${ms(sql`r.start`)}, 'end', ${ms(sql`r."end"`)},
          'requestedEnd', ${ms(sql`r.requested_end`)}, 'vpn', r.vpn,
          'servers', (select json_agg(s2.public_id) from access_request_servers rs join agent_servers s2 on s2.id = rs.server_id where rs.request_id = r.id)))
        from access_requests r where r.agent_id = ${agents.id} and r.requester_id = ${userId}), '[]'::json) as mine,
      coalesce((select json_agg(json_build_object('publicId', c.public_id, 'name', c.name) order by c.name, c.public_id)
        from (select distinct u.public_id, u.name from tunnel_sessions ts join users u on u.id = ts.user_id
          where ts.agent_id = ${agents.id} and ts.ended_at is null) c), '[]'::json) as connected
    from ${agents} where ${where} ${orderBy.length > 0 ? sql`order by ${sql.join([...orderBy], sql`, `)}` : sql``} limit ${limit}`;

/** The views of the agents matching `where`, in `orderBy` order, at most `limit`. */
export async function agentViews(ctx: RequestContext, db: Db, where: SQL, orderBy: ReadonlyArray<SQL>, limit: number): Promise<AgentView[]> {
  const rows = rowsOf<ViewRow>(await db.execute(agentViewQuery(userOf(ctx).id, where, orderBy, limit)));
  if (rows.length === 0) return [];
  const caller = await callerRightsOf(ctx, db);
  return rows.map((a) => {
    const rights = rightsOn(caller, a.groups);
    // Scheduled: my requests that may still grant access (pending and not expired, or approved and not ended).
    const scheduled = a.mine.filter((r) => (r.status === "pending" && r.requestedEnd > ctx.now) || (r.status === "approved" && r.end > ctx.now));
    const lastHit = a.rate_last_hit_ms === null ? null : Number(a.rate_last_hit_ms);
    return {
      publicId: a.public_id, name: a.name,
      assets: a.assets.map((publicId) => ({ publicId })),
      vpnRequireAccessApproval: a.vpn_require_access_approval,
      servers: a.servers,
      scheduledAccessRequests: scheduled.map((r) => ({
        publicId: r.publicId, status: r.status, start: toUtcIsoSeconds(r.start), end: toUtcIsoSeconds(r.end), vpn: r.vpn,
        servers: (r.servers ?? []).map((publicId) => ({ publicId })),
      })),
      activeVpnSession: a.rsc_server_public_id === null ? null
        : { rscServer: { name: a.rsc_server_name ?? "", publicId: a.rsc_server_public_id }, vpnAddress: a.vpn_address },
      // Who has a live session through the relay on this device now.
      connectedUsers: a.connected,
      rateLimiting: a.rate_limit === null ? null : {
        configOpenvpnLimit: a.rate_limit, configOpenvpnCounter: Number(a.rate_counter),
        configOpenvpnLastHit: lastHit === null ? null : toUtcIsoSeconds(lastHit),
      },
      useStunnel: a.use_stunnel,
      online: a.vpn_address !== null,
      groups: a.groups,
      myAccess: myAccessState(a.mine, ctx.now),
      canManageAccessRequests: bypassesApprovalWith(rights),
      canApprove: canApproveWith(rights),
    };
  });
}
