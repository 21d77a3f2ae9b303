/**
 * Devices (issue 9): the Devices list (search on the folded name, online, group, filters, keyset
 * paging on name + publicId), one agent, its possible approvers, and the assets behind agents.
 * Every query is scoped to the selected company: another company's device answers 404.
 * Rights on a device are core's (rules/deviceRights.ts), my access is core's myAccessState.
 */
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { AgentView } from "@portal/core/domain/Device";
import { myAccessState } from "@portal/core/rules/accessWindow";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import { foldForSearch } from "@portal/core/rules/approvers";
import { bypassesApprovalWith, canApproveWith, possibleApprovers } from "@portal/core/rules/deviceRights";
import { NotFound } from "@portal/core/errors";
import type { Db } from "../db/Database";
import { accessRequests, agentServers, agents, assetTypes, assets, groups } from "../db/schema";
import { callerRightsOf, deviceMembers, findAgent, groupsOfAgents, rightsOn, type AgentRow } from "../devices/deviceAccess";
import { loadRequests, stateOf } from "../devices/requestRows";
import { filterConditions, keyset, page } from "../http/listSql";
import { companyOf, userOf, type HandlersOf, type RequestContext } from "../http/RequestContext";

/** `contains` on the folded name: LIKE wildcards in the search are matched literally. */
const likeFolded = (search: string): string => `%${foldForSearch(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The views of these agents for the caller: servers, assets, groups, my requests and rights. */
async function agentViews(ctx: RequestContext, db: Db, rows: ReadonlyArray<AgentRow>): Promise<AgentView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [servers, assetRows, groupsBy, caller, myRequestIds] = await Promise.all([
    db.select().from(agentServers).where(inArray(agentServers.agentId, ids)).orderBy(agentServers.name, agentServers.publicId),
    db.select({ agentId: assets.agentId, publicId: assets.publicId }).from(assets).where(inArray(assets.agentId, ids)).orderBy(assets.name, assets.publicId),
    groupsOfAgents(db, ids),
    callerRightsOf(ctx, db),
    db.select({ id: accessRequests.id }).from(accessRequests)
      .where(and(inArray(accessRequests.agentId, ids), eq(accessRequests.requesterId, userOf(ctx).id))),
  ]);
  const mine = await loadRequests(db, myRequestIds.map((r) => r.id));
  return rows.map((a) => {
    const deviceGroups = groupsBy.get(a.id) ?? [];
    const rights = rightsOn(caller, deviceGroups);
    const requests = mine.filter((r) => r.agent.id === a.id);
    // Scheduled: my requests that may still grant access (pending and not expired, or approved and not ended).
    const scheduled = requests.filter((r) => (r.status === "pending" && r.requestedEnd > ctx.now) || (r.status === "approved" && r.end > ctx.now));
    return {
      publicId: a.publicId, name: a.name,
      assets: assetRows.filter((x) => x.agentId === a.id).map((x) => ({ publicId: x.publicId })),
      vpnRequireAccessApproval: a.vpnRequireAccessApproval,
      servers: servers.filter((s) => s.agentId === a.id)
        .map((s) => ({ publicId: s.publicId, name: s.name, requireAccessApproval: s.requireAccessApproval, serviceGroup: s.serviceGroup })),
      scheduledAccessRequests: scheduled.map((r) => ({
        publicId: r.publicId, status: r.status, start: toUtcIsoSeconds(r.start), end: toUtcIsoSeconds(r.end), vpn: r.vpn,
        servers: r.servers.map((s) => ({ publicId: s.publicId })),
      })),
      activeVpnSession: a.rscServerPublicId === null ? null
        : { rscServer: { name: a.rscServerName ?? "", publicId: a.rscServerPublicId }, vpnAddress: a.vpnAddress },
      // Who is connected is not tracked by the portal (no VPN server reports to it yet).
      connectedUsers: [],
      rateLimiting: a.rateLimit === null ? null : {
        configOpenvpnLimit: a.rateLimit, configOpenvpnCounter: a.rateCounter,
        configOpenvpnLastHit: a.rateLastHit === null ? null : toUtcIsoSeconds(a.rateLastHit.getTime()),
      },
      useStunnel: a.useStunnel,
      online: a.vpnAddress !== null,
      groups: deviceGroups,
      myAccess: myAccessState(requests.map(stateOf), ctx.now),
      canManageAccessRequests: bypassesApprovalWith(rights),
      canApprove: canApproveWith(rights),
    };
  });
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export const agentRoutes: HandlersOf<"AgentList" | "Agent" | "AgentApproverList" | "AssetList" | "Asset"> = {
  "AgentList.GET": async (ctx) => {
    const { after, orderBy } = keyset([agents.name, agents.publicId], ctx.list.pageAfter);
    const company = companyOf(ctx).id;
    const where: SQL[] = [eq(agents.companyId, company), ...filterConditions(ctx.list.filters, {
      publicId: { column: agents.publicId, type: "text" },
      name: { column: agents.name, type: "text" },
      vpnRequireAccessApproval: { column: agents.vpnRequireAccessApproval, type: "boolean" },
      useStunnel: { column: agents.useStunnel, type: "boolean" },
    })];
    const search = str(ctx.query["search"]);
    if (search !== undefined && search.trim() !== "") where.push(sql`${agents.searchName} like ${likeFolded(search.trim())}`);
    const online = str(ctx.query["online"]);
    if (online === "true") where.push(isNotNull(agents.vpnAddress));
    if (online === "false") where.push(isNull(agents.vpnAddress));
    const group = str(ctx.query["group"]);
    if (group !== undefined) {
      where.push(sql`exists (select 1 from agent_groups ag join ${groups} g on g.id = ag.group_id
        where ag.agent_id = ${agents.id} and g.public_id = ${group} and g.company_id = ${company})`);
    }
    if (after) where.push(after);
    const rows = await ctx.db.select().from(agents).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return { type: "Agent", data: await agentViews(ctx, ctx.db, p.rows), moreAfter: p.moreAfter };
  },

  "Agent.GET": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    const [view] = await agentViews(ctx, ctx.db, [agent]);
    return { type: "Agent", data: view! };
  },

  "AgentApproverList.GET": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    const members = await deviceMembers(ctx.db, agent.companyId, agent.id);
    return { type: "Approver", data: possibleApprovers(members, userOf(ctx).publicId) };
  },

  "AssetList.GET": async (ctx) => {
    const { after, orderBy } = keyset([assets.name, assets.publicId], ctx.list.pageAfter);
    const where: SQL[] = [eq(assets.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: assets.publicId, type: "text" },
      name: { column: assets.name, type: "text" },
      "agent.publicId": { column: agents.publicId, type: "text" },
      "assetType.publicId": { column: assetTypes.publicId, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await assetQuery(ctx.db).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return { type: "Asset", data: p.rows.map(assetView), moreAfter: p.moreAfter };
  },

  "Asset.GET": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    const [row] = await assetQuery(ctx.db).where(and(eq(assets.publicId, publicId), eq(assets.companyId, companyOf(ctx).id)));
    if (!row) throw new NotFound({ entity: "Asset", publicId });
    return { type: "Asset", data: assetView(row) };
  },
};

const assetQuery = (db: Db) => db.select({
  publicId: assets.publicId, name: assets.name, agentId: agents.publicId, agentName: agents.name,
  typeId: assetTypes.publicId, typeName: assetTypes.name,
}).from(assets).innerJoin(agents, eq(agents.id, assets.agentId)).leftJoin(assetTypes, eq(assetTypes.id, assets.assetTypeId)).$dynamic();

type AssetRow = Awaited<ReturnType<ReturnType<typeof assetQuery>["execute"]>>[number];
const assetView = (r: AssetRow) => ({
  publicId: r.publicId, name: r.name, agent: { publicId: r.agentId, name: r.agentName },
  assetType: r.typeId === null || r.typeName === null ? null : { publicId: r.typeId, name: r.typeName },
});
