/**
 * Devices (issue 9): the Devices list (search on the folded name, online, group, filters, keyset
 * paging on name + publicId), one agent, its possible approvers, and the assets behind agents.
 * Every query is scoped to the selected company: another company's device answers 404.
 * Rights on a device are core's (rules/deviceRights.ts), my access is core's myAccessState.
 */
import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { foldForSearch } from "@portal/core/rules/approvers";
import { possibleApprovers } from "@portal/core/rules/deviceRights";
import { tryAgain } from "@portal/core/rules/rateLimiting";
import { Result } from "effect";
import { Conflict, Forbidden, NotFound } from "@portal/core/errors";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { agentGroups, agents, assetTypes, assets, groups } from "../db/schema";
import { agentViews } from "../devices/agentViews";
import { callerRightsOf, deviceMembers, findAgent, groupsOfAgents, rightsOn, visibleAgents } from "../devices/deviceAccess";
import { filterConditions, keyset, page } from "../http/listSql";
import { customFieldConditions, splitCustomFilters } from "../custom-fields/customPropertyRows";
import { actorOf, companyOf, userOf, type HandlersOf } from "../http/RequestContext";

const DEVICE_RIGHTS = ["use:access-requests", "approve:access-requests", "manage:access-requests"];

/** `contains` on the folded name: LIKE wildcards in the search are matched literally. */
const likeFolded = (search: string): string => `%${foldForSearch(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export const agentRoutes: HandlersOf<"AgentList" | "Agent" | "DeviceGroupList" | "AgentRateLimitReset" | "AgentApproverList" | "AssetList" | "Asset"> = {
  "AgentList.GET": async (ctx) => {
    const { after, orderBy } = keyset([agents.name, agents.publicId], ctx.list.pageAfter);
    const company = companyOf(ctx).id;
    // Filters on custom field values (issue 12): `eq(customFields.<property publicId>,value)`.
    const { custom, plain } = splitCustomFilters(ctx.list.filters);
    const where: SQL[] = [eq(agents.companyId, company), ...await customFieldConditions(ctx.db, company, "device", custom, agents.id), ...filterConditions(plain, {
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
    where.push(...await visibleAgents(ctx, ctx.db));
    const rows = await agentViews(ctx, ctx.db, and(...where)!, orderBy, ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return { type: "Agent", data: p.rows, moreAfter: p.moreAfter };
  },

  "Agent.GET": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    const seen = await visibleAgents(ctx, ctx.db);
    const [view] = await agentViews(ctx, ctx.db, and(eq(agents.publicId, publicId), eq(agents.companyId, companyOf(ctx).id), ...seen)!, [], 1);
    if (!view) throw new NotFound({ entity: "Agent", publicId });
    return { type: "Agent", data: view };
  },

  "DeviceGroupList.GET": async (ctx) => {
    const rows = await ctx.db.selectDistinct({ publicId: groups.publicId, name: groups.name }).from(groups)
      .innerJoin(agentGroups, eq(agentGroups.groupId, groups.id)).innerJoin(agents, eq(agents.id, agentGroups.agentId))
      .where(and(eq(groups.companyId, companyOf(ctx).id), eq(agents.companyId, companyOf(ctx).id), ...await visibleAgents(ctx, ctx.db)))
      // A filter's choices, not a paged list: bounded like the largest page (spec 9: 4,000).
      .orderBy(groups.name, groups.publicId).limit(4000);
    return { type: "DeviceGroup", data: rows };
  },

  "AgentRateLimitReset.POST": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    // A right on this device (company role or a group holding it), as for connecting to it.
    const rights = rightsOn(await callerRightsOf(ctx, ctx.db), (await groupsOfAgents(ctx.db, [agent.id])).get(agent.id) ?? []);
    if (!DEVICE_RIGHTS.some((r) => rights.has(r))) throw new Forbidden({ right: "use:access-requests" });
    await ctx.db.transaction(async (tx) => {
      // Read under the row lock: two Try agains at once reset once and refuse the second.
      const [row] = await tx.select({ limit: agents.rateLimit, counter: agents.rateCounter, lastHit: agents.rateLastHit })
        .from(agents).where(eq(agents.id, agent.id)).for("update");
      const before = row?.limit ? { configOpenvpnLimit: row.limit, configOpenvpnCounter: row.counter, configOpenvpnLastHit: row.lastHit?.toISOString() ?? null } : null;
      const reset = tryAgain(before);
      if (Result.isFailure(reset)) throw new Conflict({ issues: [{ message: reset.failure }] });
      await tx.update(agents).set({ rateLimit: null, rateCounter: 0, rateLastHit: null }).where(eq(agents.id, agent.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "Agent", target: agent.publicId, before: { rateLimiting: before }, after: { rateLimiting: null } }]);
    });
    const [view] = await agentViews(ctx, ctx.db, eq(agents.id, agent.id), [], 1);
    return { type: "Agent", data: view! };
  },

  "AgentApproverList.GET": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    const members = await deviceMembers(ctx.db, agent.companyId, agent.id, ctx.now);
    return { type: "Approver", data: possibleApprovers(members, userOf(ctx).publicId) };
  },

  "AssetList.GET": async (ctx) => {
    const { after, orderBy } = keyset([assets.name, assets.publicId], ctx.list.pageAfter);
    const { custom, plain } = splitCustomFilters(ctx.list.filters);
    const where: SQL[] = [
      eq(assets.companyId, companyOf(ctx).id), ...await customFieldConditions(ctx.db, companyOf(ctx).id, "asset", custom, assets.id), ...filterConditions(plain, {
      publicId: { column: assets.publicId, type: "text" },
      name: { column: assets.name, type: "text" },
      "agent.publicId": { column: agents.publicId, type: "text" },
      "assetType.publicId": { column: assetTypes.publicId, type: "text" },
    })];
    if (after) where.push(after);
    where.push(...await visibleAgents(ctx, ctx.db));
    const rows = await assetQuery(ctx.db).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return { type: "Asset", data: p.rows.map(assetView), moreAfter: p.moreAfter };
  },

  "Asset.GET": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    const seen = await visibleAgents(ctx, ctx.db);
    const [row] = await assetQuery(ctx.db).where(and(eq(assets.publicId, publicId), eq(assets.companyId, companyOf(ctx).id), ...seen));
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
