/**
 * Reading custom properties and their values as stored (issue 12): the properties a company sees
 * (its own and the platform's global ones), how a property is used (for core's change rule), the
 * wire view, and the list filters on a field's value. The rules are core's (rules/customFields.ts).
 */
import { and, asc, count, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CustomProperty, CustomPropertyTarget } from "@portal/core/domain/CustomProperty";
import { InvalidInput } from "@portal/core/errors";
import type { Filter } from "@portal/core/wire/query";
import type { Db } from "../db/Database";
import { customFieldValues, customProperties } from "../db/schema";
import { filterConditions } from "../http/listSql";

export type PropertyRow = typeof customProperties.$inferSelect;

/** The wire view of a property. */
export const propertyView = (r: PropertyRow): CustomProperty => ({
  publicId: r.publicId, name: r.name, type: r.type, target: r.target, required: r.required,
  options: r.options, order: r.order, global: r.companyId === null,
});

/** The company's own properties and the global ones: the condition of "what a company sees". */
export const seenBy = (companyId: number): SQL => or(eq(customProperties.companyId, companyId), isNull(customProperties.companyId))!;

/** Every property the company sees, in form order (optionally of one target). */
export const propertiesSeenBy = (db: Db, companyId: number, target?: CustomPropertyTarget): Promise<PropertyRow[]> =>
  db.select().from(customProperties)
    .where(target === undefined ? seenBy(companyId) : and(seenBy(companyId), eq(customProperties.target, target)))
    .orderBy(asc(customProperties.order), asc(customProperties.id));

/** How many values a property has and which distinct values they are (for choice options). */
export async function propertyUsage(db: Db, property: PropertyRow): Promise<{ valueCount: number; usedOptions: string[] }> {
  const [n] = await db.select({ n: count() }).from(customFieldValues).where(eq(customFieldValues.propertyId, property.id));
  const valueCount = Number(n?.n ?? 0);
  if (valueCount === 0 || property.type !== "choice") return { valueCount, usedOptions: [] };
  const used = await db.selectDistinct({ value: customFieldValues.value }).from(customFieldValues).where(eq(customFieldValues.propertyId, property.id));
  return { valueCount, usedOptions: used.map((u) => u.value) };
}

/** The prefix of a filter column on a custom field: `customFields.<property publicId>`. */
export const CUSTOM_FIELD_COLUMN_PREFIX = "customFields.";

/** Splits a list's filters into those on custom fields and the others. */
export const splitCustomFilters = (filters: ReadonlyArray<Filter>) => ({
  custom: filters.filter((f) => f.column.startsWith(CUSTOM_FIELD_COLUMN_PREFIX)),
  plain: filters.filter((f) => !f.column.startsWith(CUSTOM_FIELD_COLUMN_PREFIX)),
});

/**
 * The SQL conditions of filters on custom field values (api.md `filters`, e.g.
 * `eq(customFields.AbC123xyz789,North)`), for a list of devices (`owner` agents.id) or assets
 * (assets.id). The field's value is compared as its type: numbers numerically, booleans as
 * true/false, texts, dates (YYYY-MM-DD) and choices as text; no value is null (isnull).
 * An unknown field, or one of another target, is a 400 on "filters", never a 500.
 */
export async function customFieldConditions(
  db: Db, companyId: number, target: CustomPropertyTarget, filters: ReadonlyArray<Filter>, owner: AnyPgColumn,
): Promise<SQL[]> {
  if (filters.length === 0) return [];
  const props = new Map((await propertiesSeenBy(db, companyId, target)).map((p) => [p.publicId, p]));
  const ownerColumn = target === "device" ? sql`v.agent_id` : sql`v.asset_id`;
  return filters.flatMap((f) => {
    const p = props.get(f.column.slice(CUSTOM_FIELD_COLUMN_PREFIX.length));
    if (!p) throw new InvalidInput({ issues: [{ message: `Cannot filter on ${f.column}: no such custom field for ${target}s`, propertyName: "filters" }] });
    const from = sql`from custom_field_values v where v.property_id = ${p.id} and ${ownerColumn} = ${owner}`;
    const column = p.type === "number" ? sql`(select v.value::numeric ${from})`
      : p.type === "boolean" ? sql`(select v.value = 'true' ${from})`
      : sql`(select v.value ${from})`;
    const type = p.type === "number" ? "number" as const : p.type === "boolean" ? "boolean" as const : "text" as const;
    return filterConditions([f], { [f.column]: { column, type } });
  });
}
