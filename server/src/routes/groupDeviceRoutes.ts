/**
 * What a group page edits besides the group itself (issue 11): its devices (agent_groups; the
 * roles members hold in the group apply on them, rules/deviceRights.ts), and the read-only lists
 * its dialogs pick from: the company's members (the member picker) and the company's roles.
 * Every call is scoped to a group of the caller's company (404 otherwise); adding or removing
 * devices is one transaction with one audit row per device.
 */
import { and, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { writeAudit } from "../audit/writeAudit";
import { noticeCompanyRightsChanged } from "../relay/relayContext";
import { agentGroups, agents, memberships, roles, users } from "../db/schema";
import { HttpProblem } from "../http/HttpProblem";
import { keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf } from "../http/RequestContext";
import { bulkItems, itemPublicId } from "./bodies";
import { eachItem } from "./orderedTypeRoutes";
import { groupOfCompany, lockCompany } from "./groupRoutes";

const GROUP_DEVICE_UNKNOWN = "GROUP_DEVICE_UNKNOWN";
const GROUP_DEVICE_ALREADY_IN_GROUP = "GROUP_DEVICE_ALREADY_IN_GROUP";
const GROUP_DEVICE_NOT_IN_GROUP = "GROUP_DEVICE_NOT_IN_GROUP";

/** A LIKE pattern matching `text` anywhere, its wildcards escaped. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const groupDeviceRoutes: HandlersOf<"GroupAgentList" | "GroupCandidateList" | "GroupRoleChoiceList"> = {
  "GroupAgentList.GET": async (ctx) => {
    const group = await groupOfCompany(ctx.db, companyOf(ctx).id, ctx.params["publicId"] ?? "");
    const rows = await ctx.db.select({ publicId: agents.publicId, name: agents.name }).from(agentGroups)
      .innerJoin(agents, eq(agents.id, agentGroups.agentId)).where(eq(agentGroups.groupId, group.id)).orderBy(agents.name, agents.publicId);
    return { type: "Agent", data: rows };
  },

  "GroupAgentList.POST": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, "device");
    const added = await ctx.db.transaction(async (tx) => {
      const companyId = companyOf(ctx).id;
      await lockCompany(tx, companyId);
      const group = await groupOfCompany(tx, companyId, ctx.params["publicId"] ?? "");
      const ids = items.map((item, i) => itemPublicId(item, isList ? i : undefined));
      const found = new Map((await tx.select({ id: agents.id, publicId: agents.publicId, name: agents.name }).from(agents)
        .where(and(eq(agents.companyId, companyId), inArray(agents.publicId, ids)))).map((a) => [a.publicId, a]));
      const inGroup = new Set((await tx.select({ agentId: agentGroups.agentId }).from(agentGroups).where(eq(agentGroups.groupId, group.id))).map((r) => r.agentId));
      const out: Array<{ id: number; publicId: string; name: string }> = [];
      await eachItem(items, isList, async (_item, i) => {
        const agent = found.get(ids[i]!);
        if (!agent) throw HttpProblem.of(404, GROUP_DEVICE_UNKNOWN, "publicId");
        if (inGroup.has(agent.id)) throw HttpProblem.of(409, GROUP_DEVICE_ALREADY_IN_GROUP, "publicId");
        inGroup.add(agent.id);
        out.push(agent);
      });
      await tx.insert(agentGroups).values(out.map((a) => ({ agentId: a.id, groupId: group.id })));
      await writeAudit(tx, actorOf(ctx), out.map((a) => ({
        action: "CREATE", topic: "GroupAgent", target: a.publicId, after: { group: { publicId: group.publicId, name: group.name }, agent: { publicId: a.publicId, name: a.name } },
      })));
      return out;
    });
    return { type: "Agent", data: added.map((a) => ({ publicId: a.publicId })), status: 201 };
  },

  "GroupAgentList.DELETE": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, "device");
    const removed = await ctx.db.transaction(async (tx) => {
      const companyId = companyOf(ctx).id;
      await lockCompany(tx, companyId);
      const group = await groupOfCompany(tx, companyId, ctx.params["publicId"] ?? "");
      const ids = items.map((item, i) => itemPublicId(item, isList ? i : undefined));
      const inGroup = new Map((await tx.select({ id: agents.id, publicId: agents.publicId, name: agents.name }).from(agentGroups)
        .innerJoin(agents, eq(agents.id, agentGroups.agentId)).where(eq(agentGroups.groupId, group.id))).map((a) => [a.publicId, a]));
      const out: Array<{ id: number; publicId: string; name: string }> = [];
      await eachItem(items, isList, async (_item, i) => {
        const agent = inGroup.get(ids[i]!);
        if (!agent) throw HttpProblem.of(404, GROUP_DEVICE_NOT_IN_GROUP, "publicId");
        inGroup.delete(ids[i]!);
        out.push(agent);
      });
      await tx.delete(agentGroups).where(and(eq(agentGroups.groupId, group.id), inArray(agentGroups.agentId, out.map((a) => a.id))));
      await writeAudit(tx, actorOf(ctx), out.map((a) => ({
        action: "DELETE", topic: "GroupAgent", target: a.publicId, before: { group: { publicId: group.publicId, name: group.name }, agent: { publicId: a.publicId, name: a.name } },
      })));
      // A device leaving a group takes the group's rights on it away: its tunnels are checked again.
      await noticeCompanyRightsChanged(tx, companyId);
      return out;
    });
    return { type: "Agent", data: removed.map((a) => ({ publicId: a.publicId })) };
  },

  "GroupCandidateList.GET": async (ctx) => {
    const companyId = companyOf(ctx).id;
    await groupOfCompany(ctx.db, companyId, ctx.params["publicId"] ?? "");
    const search = typeof ctx.query["search"] === "string" ? ctx.query["search"].trim() : "";
    const { after, orderBy } = keyset([users.name, users.publicId], ctx.list.pageAfter);
    const where: SQL[] = [eq(memberships.companyId, companyId)];
    if (search !== "") where.push(or(ilike(users.name, containing(search)), ilike(users.email, containing(search)))!);
    if (after) where.push(after);
    const rows = await ctx.db.selectDistinct({ publicId: users.publicId, name: users.name, email: users.email }).from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId)).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return { type: "User", data: p.rows, moreAfter: p.moreAfter };
  },

  "GroupRoleChoiceList.GET": async (ctx) => {
    const rows = await ctx.db.select({ publicId: roles.publicId, name: roles.name }).from(roles)
      .where(eq(roles.companyId, companyOf(ctx).id)).orderBy(roles.name, roles.publicId);
    return { type: "Role", data: rows };
  },
};
