/**
 * Device-level rights as stored (issue 9): a company role's rights apply on every device of the
 * company, a role held in a group on the devices of that group and its subgroups, and only while
 * the membership has not ended (temporary access). The rules are core's (rules/deviceRights.ts,
 * rules/groupTree.ts, rules/temporaryAccess.ts); this module only reads the rows they need.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { NotFound } from "@portal/core/errors";
import type { DeviceGroup } from "@portal/core/domain/Device";
import { grantsThroughSubgroups, rightsOnDevice, type DeviceMember, type GroupGrant } from "@portal/core/rules/deviceRights";
import { groupsContaining, type TreeLink } from "@portal/core/rules/groupTree";
import { accessAt } from "@portal/core/rules/temporaryAccess";
import { rowsOf, type Db } from "../db/Database";
import { agentGroups, agents, groupMemberships, groups, roles } from "../db/schema";
import { companyOf, userOf, type RequestContext } from "../http/RequestContext";
import { deviceAudienceFilter } from "../roles/companyMembers";

export type AgentRow = typeof agents.$inferSelect;

/**
 * The conditions on `agents` that keep the devices the caller may see (rules/accessCategories.ts):
 * none for an unrestricted caller, else "no category or one of theirs".
 */
export async function visibleAgents(ctx: RequestContext, db: Db): Promise<SQL[]> {
  const only = await deviceAudienceFilter(db, userOf(ctx).id, companyOf(ctx).id, ctx.rights, ctx.now);
  if (only === null) return [];
  return [only.length === 0 ? isNull(agents.audienceId) : or(isNull(agents.audienceId), inArray(agents.audienceId, [...only]))!];
}

/** The agent of the caller's company with this publicId; NotFound for any other (another company's too). */
export async function findAgent(ctx: RequestContext, db: Db, publicId: string): Promise<AgentRow> {
  // A device of an access category the caller may not see is answered like another company's: 404.
  const seen = await visibleAgents(ctx, db);
  const [row] = await db.select().from(agents).where(and(eq(agents.publicId, publicId), eq(agents.companyId, companyOf(ctx).id), ...seen));
  if (!row) throw new NotFound({ entity: "Agent", publicId });
  return row;
}

/** The company's groups as tree links (publicIds of group and parent), for the subgroup rules. */
export async function companyGroupTree(db: Db, companyId: number): Promise<TreeLink[]> {
  const rows = rowsOf<{ public_id: string; parent_id: string | null }>(await db.execute(sql`
    select g.public_id, p.public_id as parent_id from groups g left join groups p on p.id = g.parent_id where g.company_id = ${companyId}`));
  return rows.map((r) => ({ publicId: r.public_id, parentId: r.parent_id }));
}

/**
 * The roles a user holds in groups of the company, as core's grants reaching down into the
 * subgroups (grantsThroughSubgroups): a device's own groups then suffice to find them.
 */
export async function groupGrantsOf(db: Db, userId: number, companyId: number): Promise<GroupGrant[]> {
  const rows = await db.select({ groupId: groups.publicId, rights: roles.rights }).from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId)).innerJoin(roles, eq(roles.id, groupMemberships.roleId))
    .where(and(eq(groupMemberships.userId, userId), eq(groups.companyId, companyId)));
  // Most users hold no group role: the tree is read only for those who do.
  if (rows.length === 0) return [];
  return grantsThroughSubgroups(rows.map((r) => ({ groupId: r.groupId, rights: r.rights })), await companyGroupTree(db, companyId));
}

/** The groups of each agent (by agent id), sorted by name. */
export async function groupsOfAgents(db: Db, agentIds: ReadonlyArray<number>): Promise<Map<number, DeviceGroup[]>> {
  const out = new Map<number, DeviceGroup[]>();
  if (agentIds.length === 0) return out;
  const rows = await db.select({ agentId: agentGroups.agentId, publicId: groups.publicId, name: groups.name }).from(agentGroups)
    .innerJoin(groups, eq(groups.id, agentGroups.groupId)).where(inArray(agentGroups.agentId, [...agentIds])).orderBy(groups.name, groups.publicId);
  for (const r of rows) {
    const list = out.get(r.agentId) ?? [];
    list.push({ publicId: r.publicId, name: r.name });
    out.set(r.agentId, list);
  }
  return out;
}

/** What the caller's rights on devices are computed from: their company rights and group grants. */
export interface CallerRights {
  readonly company: ReadonlySet<string>;
  readonly grants: ReadonlyArray<GroupGrant>;
}

export async function callerRightsOf(ctx: RequestContext, db: Db): Promise<CallerRights> {
  return { company: ctx.rights, grants: await groupGrantsOf(db, userOf(ctx).id, companyOf(ctx).id) };
}

/** The caller's rights on a device in these groups (core's rightsOnDevice). */
export const rightsOn = (caller: CallerRights, deviceGroups: ReadonlyArray<DeviceGroup>): Set<string> =>
  rightsOnDevice(caller.company, caller.grants, deviceGroups.map((g) => g.publicId));

/**
 * Every member of the company with their rights on the agent at `now`: company roles plus the
 * roles they hold in the agent's groups and the groups above them (core's groupsContaining), as
 * core's accessAt counts them (an ended temporary access grants nothing). `id` is the user's row
 * id (for events and mail).
 */
export async function deviceMembers(db: Db, companyId: number, agentId: number, now: number): Promise<Array<DeviceMember & { id: number; email: string }>> {
  const own = rowsOf<{ public_id: string }>(await db.execute(sql`
    select g.public_id from agent_groups ag join groups g on g.id = ag.group_id where ag.agent_id = ${agentId}`)).map((r) => r.public_id);
  const containing = own.length === 0 ? [] : [...groupsContaining(await companyGroupTree(db, companyId), own)];
  const rows = rowsOf<{ id: number; public_id: string; name: string; email: string; rights: string[]; expires_ms: string | number | null; is_grant: boolean }>(await db.execute(sql`
    select u.id, u.public_id, u.name, u.email, r.rights, (extract(epoch from m.expires_on) * 1000)::float8 as expires_ms, false as is_grant from memberships m
      join users u on u.id = m.user_id join roles r on r.id = m.role_id
      where m.company_id = ${companyId}
    union all
    select u.id, u.public_id, u.name, u.email, r.rights, null, true from group_memberships gm
      join groups g on g.id = gm.group_id and g.company_id = ${companyId}
        and g.public_id in (select jsonb_array_elements_text(${JSON.stringify(containing)}::jsonb))
      join users u on u.id = gm.user_id join roles r on r.id = gm.role_id`));
  const byUser = new Map<number, { id: number; publicId: string; name: string; email: string; held: Array<{ rights: string[]; expiresOn: number | null }>; grants: GroupGrant[] }>();
  for (const r of rows) {
    const m = byUser.get(r.id) ?? { id: r.id, publicId: r.public_id, name: r.name, email: r.email, held: [], grants: [] };
    if (r.is_grant) m.grants.push({ groupId: "device", rights: r.rights });
    else m.held.push({ rights: r.rights, expiresOn: r.expires_ms === null ? null : Number(r.expires_ms) });
    byUser.set(r.id, m);
  }
  return [...byUser.values()].map(({ held, grants, ...who }) => {
    const access = accessAt(held, grants, now);
    return { ...who, rights: rightsOnDevice(access.companyRights, access.grants, ["device"]) };
  });
}

/**
 * The ids of the agents of the company on which the caller holds `right`: all of them when a
 * company role grants it, else those of the groups whose role grants it. As a SQL condition on
 * `agents.id`, for lists.
 */
export function agentsWhereCallerHolds(caller: CallerRights, right: string, agentIdColumn: unknown) {
  if (caller.company.has(right)) return sql`true`;
  const groupIds = caller.grants.filter((g) => g.rights.includes(right)).map((g) => g.groupId);
  if (groupIds.length === 0) return sql`false`;
  return sql`${agentIdColumn} in (select ag.agent_id from agent_groups ag join groups g on g.id = ag.group_id
    where g.public_id in (select jsonb_array_elements_text(${JSON.stringify(groupIds)}::jsonb)))`;
}
