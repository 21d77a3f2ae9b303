/**
 * Custom field values of one device or asset (issue 12): read by whoever sees the device, replaced
 * as a whole by a PUT that core's rule checks (validateCustomValues: every property of the target,
 * required ones filled, each value valid for its type). One transaction, one audit entry.
 * Another company's device or asset, or one of an access category the caller may not see, is 404.
 */
import { and, eq, inArray } from "drizzle-orm";
import { Result } from "effect";
import type { CustomFieldValue, CustomPropertyTarget } from "@portal/core/domain/CustomProperty";
import { NotFound } from "@portal/core/errors";
import { validateCustomValues, wireValue } from "@portal/core/rules/customFields";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { agents, assets, companies, customFieldValues } from "../db/schema";
import { findAgent, visibleAgents } from "../devices/deviceAccess";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { propertiesSeenBy, type PropertyRow } from "../custom-fields/customPropertyRows";

/** The owner of values: its row id, publicId and which column of custom_field_values points at it. */
interface Owner {
  readonly id: number;
  readonly publicId: string;
  readonly target: CustomPropertyTarget;
}

const ownerColumn = (target: CustomPropertyTarget) => (target === "device" ? customFieldValues.agentId : customFieldValues.assetId);

async function findDevice(ctx: RequestContext): Promise<Owner> {
  const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
  return { id: agent.id, publicId: agent.publicId, target: "device" };
}

async function findAsset(ctx: RequestContext): Promise<Owner> {
  const publicId = ctx.params["publicId"]!;
  const seen = await visibleAgents(ctx, ctx.db);
  const [row] = await ctx.db.select({ id: assets.id, publicId: assets.publicId }).from(assets).innerJoin(agents, eq(agents.id, assets.agentId))
    .where(and(eq(assets.publicId, publicId), eq(assets.companyId, companyOf(ctx).id), ...seen));
  if (!row) throw new NotFound({ entity: "Asset", publicId });
  return { ...row, target: "asset" };
}

/** The owner's values by property publicId, as the wire gives them (only properties it still has). */
async function valuesOf(db: Db, owner: Owner, properties: ReadonlyArray<PropertyRow>): Promise<Record<string, CustomFieldValue>> {
  if (properties.length === 0) return {};
  const rows = await db.select().from(customFieldValues)
    .where(and(eq(ownerColumn(owner.target), owner.id), inArray(customFieldValues.propertyId, properties.map((p) => p.id))));
  const byId = new Map(properties.map((p) => [p.id, p]));
  return Object.fromEntries(rows.map((r) => {
    const p = byId.get(r.propertyId)!;
    return [p.publicId, wireValue(p.type, r.value)];
  }));
}

const read = (find: (ctx: RequestContext) => Promise<Owner>) => async (ctx: RequestContext) => {
  const owner = await find(ctx);
  const properties = await propertiesSeenBy(ctx.db, companyOf(ctx).id, owner.target);
  return { type: "CustomFieldValues", data: { publicId: owner.publicId, values: await valuesOf(ctx.db, owner, properties) } };
};

const replace = (find: (ctx: RequestContext) => Promise<Owner>) => async (ctx: RequestContext<{ values: Readonly<Record<string, unknown>> }>) => {
  const owner = await find(ctx);
  const values = await ctx.db.transaction(async (tx) => {
    // A change of a property (type, target, options) is allowed only while it has no values, and
    // runs with the company row locked FOR UPDATE; this lock conflicts with that one alone (not
    // with other PUTs, nor with plain updates of the company), so the properties read below are
    // the ones the values are written under, and a change counts these values.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyOf(ctx).id)).for("key share");
    // The properties are read in the transaction: a property deleted meanwhile is refused, not written.
    const properties = await propertiesSeenBy(tx, companyOf(ctx).id, owner.target);
    const checked = validateCustomValues(properties, ctx.body.values);
    if (Result.isFailure(checked)) throw checked.failure;
    const before = await valuesOf(tx, owner, properties);
    await tx.delete(customFieldValues).where(eq(ownerColumn(owner.target), owner.id));
    const rows = checked.success.filter((v) => v.value !== null).map((v) => ({
      propertyId: v.property.id, value: v.value!, ...(owner.target === "device" ? { agentId: owner.id } : { assetId: owner.id }),
    }));
    if (rows.length > 0) await tx.insert(customFieldValues).values(rows);
    const after = await valuesOf(tx, owner, properties);
    await writeAudit(tx, actorOf(ctx), [{
      action: "UPDATE", topic: owner.target === "device" ? "AgentCustomFieldValues" : "AssetCustomFieldValues", target: owner.publicId, before, after,
    }]);
    return after;
  });
  return { type: "CustomFieldValues", data: { publicId: owner.publicId, values } };
};

export const customFieldValueRoutes: HandlersOf<"AgentCustomFieldValues" | "AssetCustomFieldValues"> = {
  "AgentCustomFieldValues.GET": read(findDevice),
  "AgentCustomFieldValues.PUT": replace(findDevice),
  "AssetCustomFieldValues.GET": read(findAsset),
  "AssetCustomFieldValues.PUT": replace(findAsset),
};
