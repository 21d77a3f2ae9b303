/**
 * Groups under group types (issue 11): list and item resources (api.md), with core's tree rules
 * (rules/groupTree.ts: names unique among siblings, a parent of the same type only with
 * manage:subgroups, no cycles, no delete while in use). Every mutation runs in one transaction
 * that first locks the company row, so two calls never both pass a name or cycle check.
 */
import { and, count, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Result } from "effect";
import type { Group } from "@portal/core/domain/Group";
import { Conflict, NotFound } from "@portal/core/errors";
import { groupDeleteRefusal, validateGroup, type TreeGroup } from "@portal/core/rules/groupTree";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { agentGroups, companies, groupMemberships, groupTypes, groups } from "../db/schema";
import { atListIndex } from "../http/errorResponse";
import { HttpProblem } from "../http/HttpProblem";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { bulkItems, itemPublicId } from "./bodies";
import { eachItem } from "./orderedTypeRoutes";

const parents = alias(groups, "parent_group");

/** A stored group with its type and parent, as the handlers and core's rules use it. */
export interface GroupRow extends TreeGroup {
  readonly id: number;
  readonly typeDbId: number;
  readonly typeName: string;
  readonly typeColor: string | null;
}

const groupColumns = {
  id: groups.id, publicId: groups.publicId, name: groups.name, typeDbId: groups.groupTypeId,
  typeId: groupTypes.publicId, typeName: groupTypes.name, typeColor: groupTypes.color, parentId: parents.publicId,
};

/** The wire form of a group: its type (with the type's colour, spec: colour comes from the type) and parent. */
export const groupJson = (r: GroupRow): Group & { groupType: { publicId: string; name: string } } => {
  const type = { publicId: r.typeId, name: r.typeName, color: r.typeColor };
  // The type is served under both names: `groupType` (the filter column clients use) and `type`.
  return { publicId: r.publicId, name: r.name, groupType: { publicId: r.typeId, name: r.typeName }, type, parent: r.parentId === null ? null : { publicId: r.parentId } };
};

/** Every group of the company, with type and parent. */
export async function companyGroups(db: Db, companyId: number): Promise<GroupRow[]> {
  return db.select(groupColumns).from(groups).innerJoin(groupTypes, eq(groupTypes.id, groups.groupTypeId))
    .leftJoin(parents, eq(parents.id, groups.parentId)).where(eq(groups.companyId, companyId));
}

/** The group of the company with this publicId; 404 otherwise (another company's too). */
export async function groupOfCompany(db: Db, companyId: number, publicId: string): Promise<GroupRow> {
  const [row] = await db.select(groupColumns).from(groups).innerJoin(groupTypes, eq(groupTypes.id, groups.groupTypeId))
    .leftJoin(parents, eq(parents.id, groups.parentId)).where(and(eq(groups.companyId, companyId), eq(groups.publicId, publicId)));
  if (!row) throw new NotFound({ entity: "Group", publicId });
  return row;
}

/** Locks the company row: one company's group and membership changes run one at a time. */
export const lockCompany = (tx: Db, companyId: number) => tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");

/** The `{publicId}` of a reference field, null when sent as null, undefined when absent. */
export const refOf = (item: Record<string, unknown>, field: string): string | null | undefined => {
  const v = item[field];
  if (v === undefined) return undefined;
  if (v === null) return null;
  return (v as { publicId: string }).publicId;
};

const required = (field: string) => HttpProblem.of(400, "Required property", field);

const orThrow = <A>(r: Result.Result<A, unknown>): A => {
  if (Result.isFailure(r)) throw r.failure;
  return r.success;
};

/** One company's groups in memory for a mutation: core's rules check each item against it. */
class GroupSet {
  readonly byId: Map<string, GroupRow>;
  constructor(rows: GroupRow[]) { this.byId = new Map(rows.map((r) => [r.publicId, r])); }
  get all(): GroupRow[] { return [...this.byId.values()]; }
  find(publicId: string): GroupRow {
    const g = this.byId.get(publicId);
    if (!g) throw new NotFound({ entity: "Group", publicId });
    return g;
  }
}

const mutate = <A>(ctx: RequestContext, fn: (tx: Db, set: GroupSet) => Promise<A>): Promise<A> =>
  ctx.db.transaction(async (tx) => {
    const company = companyOf(ctx);
    await lockCompany(tx, company.id);
    return fn(tx, new GroupSet(await companyGroups(tx, company.id)));
  });

/** Renames and/or moves one group (an item of a PATCH); writes it and its audit row. */
async function patchOne(ctx: RequestContext, tx: Db, set: GroupSet, item: Record<string, unknown>, listIndex: number | undefined) {
  const current = set.find(itemPublicId(item, listIndex));
  const parentRef = refOf(item, "parent");
  const parentId = parentRef === undefined ? current.parentId : parentRef;
  const name = orThrow(validateGroup(set.all, { name: "name" in item ? item["name"] : current.name, typeId: current.typeId, parentId, selfPublicId: current.publicId },
    { mayUseSubgroups: ctx.rights.has("manage:subgroups"), parentChanged: parentId !== current.parentId }));
  const parentDbId = parentId === null ? null : set.find(parentId).id;
  await tx.update(groups).set({ name, parentId: parentDbId }).where(eq(groups.id, current.id));
  const next: GroupRow = { ...current, name, parentId };
  set.byId.set(next.publicId, next);
  await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "Group", target: next.publicId, before: groupJson(current), after: groupJson(next) }]);
  return next;
}

/** Deletes one group, refused (409, each reason a sentence) while it has subgroups, members or devices. */
async function deleteOne(ctx: RequestContext, tx: Db, set: GroupSet, publicId: string) {
  const current = set.find(publicId);
  const [members] = await tx.select({ n: count() }).from(groupMemberships).where(eq(groupMemberships.groupId, current.id));
  const [devices] = await tx.select({ n: count() }).from(agentGroups).where(eq(agentGroups.groupId, current.id));
  const refusal = groupDeleteRefusal({
    subgroups: set.all.filter((g) => g.parentId === current.publicId).length, members: Number(members?.n ?? 0), devices: Number(devices?.n ?? 0),
  });
  if (refusal.length > 0) throw new Conflict({ issues: refusal });
  await tx.delete(groups).where(eq(groups.id, current.id));
  set.byId.delete(publicId);
  await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: "Group", target: publicId, before: groupJson(current) }]);
}

export const groupRoutes: HandlersOf<"GroupList" | "Group"> = {
  "GroupList.GET": async (ctx) => {
    const { after, orderBy } = keyset([groups.name, groups.publicId], ctx.list.pageAfter);
    const where: SQL[] = [eq(groups.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: groups.publicId, type: "text" },
      name: { column: groups.name, type: "text" },
      "groupType.publicId": { column: groupTypes.publicId, type: "text" },
      "type.publicId": { column: groupTypes.publicId, type: "text" },
      "parent.publicId": { column: parents.publicId, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select(groupColumns).from(groups).innerJoin(groupTypes, eq(groupTypes.id, groups.groupTypeId))
      .leftJoin(parents, eq(parents.id, groups.parentId)).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return { type: "Group", data: p.rows.map(groupJson), moreAfter: p.moreAfter };
  },

  "Group.GET": async (ctx) => ({ type: "Group", data: groupJson(await groupOfCompany(ctx.db, companyOf(ctx).id, ctx.params["publicId"] ?? "")) }),

  "GroupList.POST": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, "group");
    const companyId = companyOf(ctx).id;
    const created = await mutate(ctx, async (tx, set) => {
      const types = await tx.select().from(groupTypes).where(eq(groupTypes.companyId, companyId));
      const out: GroupRow[] = [];
      await eachItem(items, isList, async (item) => {
        const typeId = refOf(item, "type");
        if (typeId === undefined || typeId === null) throw required("type");
        const type = types.find((t) => t.publicId === typeId);
        if (!type) throw HttpProblem.of(404, "GROUP_TYPE_NOT_FOUND", "type");
        const parentId = refOf(item, "parent") ?? null;
        const name = orThrow(validateGroup(set.all, { name: item["name"], typeId, parentId }, { mayUseSubgroups: ctx.rights.has("manage:subgroups"), parentChanged: true }));
        const row = { publicId: newPublicId(), name, parentId, typeId, typeDbId: type.id, typeName: type.name, typeColor: type.color };
        const [inserted] = await tx.insert(groups).values({
          publicId: row.publicId, companyId, groupTypeId: type.id, name, parentId: parentId === null ? null : set.find(parentId).id,
        }).returning({ id: groups.id });
        const full: GroupRow = { ...row, id: inserted!.id };
        set.byId.set(full.publicId, full);
        out.push(full);
      });
      await writeAudit(tx, actorOf(ctx), out.map((r) => ({ action: "CREATE", topic: "Group", target: r.publicId, after: groupJson(r) })));
      return out;
    });
    return { type: "Group", data: created.map((r) => ({ publicId: r.publicId })), status: 201 };
  },

  "GroupList.PATCH": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, "group");
    const changed = await mutate(ctx, async (tx, set) => {
      const out: GroupRow[] = [];
      await eachItem(items, isList, async (item, i) => { out.push(await patchOne(ctx, tx, set, item, isList ? i : undefined)); });
      return out;
    });
    return { type: "Group", data: changed.map(groupJson) };
  },

  "Group.PATCH": async (ctx) => {
    const body = bulkItems(ctx.body, "group");
    if (body.isList) throw atListIndex(new NotFound({ entity: "Group" }), 0);
    const next = await mutate(ctx, (tx, set) => patchOne(ctx, tx, set, { ...body.items[0], publicId: ctx.params["publicId"] }, undefined));
    return { type: "Group", data: groupJson(next) };
  },

  "GroupList.DELETE": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, "group");
    const deleted = await mutate(ctx, async (tx, set) => {
      const out: string[] = [];
      // Children first within one call: deleting a subgroup and its parent together succeeds.
      await eachItem(items, isList, async (item, i) => { out.push(itemPublicId(item, isList ? i : undefined)); });
      const order = [...out].sort((a, b) => depth(set, b) - depth(set, a));
      for (const id of order) {
        try {
          await deleteOne(ctx, tx, set, id);
        } catch (e) {
          throw isList ? atListIndex(e, out.indexOf(id)) : e;
        }
      }
      return out;
    });
    return { type: "Group", data: deleted.map((publicId) => ({ publicId })) };
  },

  "Group.DELETE": async (ctx) => {
    const publicId = ctx.params["publicId"] ?? "";
    await mutate(ctx, (tx, set) => deleteOne(ctx, tx, set, publicId));
    return { type: "Group", data: { publicId } };
  },
};

/** How deep a group lies (0 at the top); unknown ids are 0, so that they fail as not found in order. */
function depth(set: GroupSet, publicId: string): number {
  let d = 0;
  const seen = new Set<string>();
  for (let at = set.byId.get(publicId)?.parentId ?? null; at !== null && !seen.has(at); at = set.byId.get(at)?.parentId ?? null) {
    seen.add(at);
    d++;
  }
  return d;
}
