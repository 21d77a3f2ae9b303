/** Groups (read-only in this issue): they make "group type in use" real and list by type. */
import { and, eq, type SQL } from "drizzle-orm";
import { groupTypes, groups } from "../db/schema";
import { filterConditions, keyset, page } from "../http/listSql";
import { companyOf, type HandlersOf } from "../http/RequestContext";

export const groupRoutes: HandlersOf<"GroupList"> = {
  "GroupList.GET": async (ctx) => {
    const { after, orderBy } = keyset([groups.name, groups.publicId], ctx.list.pageAfter);
    const where: SQL[] = [eq(groups.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: groups.publicId, type: "text" },
      name: { column: groups.name, type: "text" },
      "groupType.publicId": { column: groupTypes.publicId, type: "text" },
      "type.publicId": { column: groupTypes.publicId, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select({ publicId: groups.publicId, name: groups.name, typeId: groupTypes.publicId, typeName: groupTypes.name })
      .from(groups).innerJoin(groupTypes, eq(groupTypes.id, groups.groupTypeId))
      .where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const p = page(rows, ctx.list.pageSize, (r) => [r.name, r.publicId]);
    return {
      type: "Group",
      // The type is served under both names: `groupType` (the filter column clients use) and `type`
      // (core's Group schema).
      data: p.rows.map((r) => {
        const type = { publicId: r.typeId, name: r.typeName };
        return { publicId: r.publicId, name: r.name, groupType: type, type };
      }),
      moreAfter: p.moreAfter,
    };
  },
};
