/**
 * Custom properties (issue 12; spec 7 "Entity lists"): the global list (the platform's global
 * properties and the company's own, every field) and the company's list resource without a GET:
 * POST one or many, bulk PATCH (an edit, a keyboard or drag reorder), bulk DELETE, item PATCH and
 * DELETE. Core's rules judge every item against the list as it is after the items before it. A
 * call is one transaction with the company row locked, and writes one audit entry (one user
 * action: a reorder of ten fields is one entry). Global properties are read-only (409).
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { Result } from "effect";
import { Conflict, NotFound } from "@portal/core/errors";
import { GLOBAL_PROPERTY_READ_ONLY, propertyNameKey, validateCustomProperty, type PropertyInput } from "@portal/core/rules/customFields";
import { nextOrder } from "@portal/core/rules/ordering";
import { writeAudit, type AuditEntry } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { companies, customProperties } from "../db/schema";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { propertiesSeenBy, propertyUsage, propertyView, seenBy, type PropertyRow } from "../custom-fields/customPropertyRows";
import { bulkItems, checkOrder, itemPublicId } from "./bodies";
import { inChunks } from "./batchWork";
import { eachItem } from "./orderedTypeRoutes";

const TOPIC = "CustomProperty";
const FIELDS = ["name", "type", "target", "required", "options"] as const;

const orThrow = <A>(result: Result.Result<A, unknown>): A => {
  if (Result.isFailure(result)) throw result.failure;
  return result.success;
};

/**
 * One audit entry for one call: the item itself when there is one, else the list of items under
 * the company (a reorder is one user action, so one entry).
 */
const auditOnce = (ctx: RequestContext, action: AuditEntry["action"], changes: ReadonlyArray<{ publicId: string; before?: unknown; after?: unknown }>): AuditEntry => {
  const one = changes.length === 1 ? changes[0]! : undefined;
  return one
    ? { action, topic: TOPIC, target: one.publicId, ...(one.before === undefined ? {} : { before: one.before }), ...(one.after === undefined ? {} : { after: one.after }) }
    : {
      action, topic: TOPIC, target: companyOf(ctx).publicId,
      ...(changes.some((c) => c.before !== undefined) ? { before: changes.map((c) => c.before ?? null) } : {}),
      ...(changes.some((c) => c.after !== undefined) ? { after: changes.map((c) => c.after ?? null) } : {}),
    };
};

/**
 * The properties a company sees, indexed by publicId and by name key (core's propertyNameKey), so
 * that each item of a 10,000-item call is checked in constant time.
 */
class PropertyList {
  readonly byId = new Map<string, PropertyRow>();
  readonly names = new Map<string, string>();
  /** The company's own properties' orders seen so far: enough for core's nextOrder (it takes the largest). */
  private highest: Array<{ order: number }> = [];
  constructor(rows: ReadonlyArray<PropertyRow>) { for (const r of rows) this.add(r); }
  add(r: PropertyRow): void {
    if (r.companyId !== null && (this.highest.length === 0 || r.order > this.highest[0]!.order)) this.highest = [{ order: r.order }];
    this.byId.set(r.publicId, r);
    this.names.set(propertyNameKey(r.target, r.name), r.publicId);
  }
  remove(r: PropertyRow): void {
    this.byId.delete(r.publicId);
    const key = propertyNameKey(r.target, r.name);
    if (this.names.get(key) === r.publicId) this.names.delete(key);
  }
  replace(before: PropertyRow, after: PropertyRow): void { this.remove(before); this.add(after); }
  /** The order of a new property: after the company's own last one (core's nextOrder). */
  nextOrder(): number { return nextOrder(this.highest); }
}

/** Runs `fn` in a transaction with the company locked and the list the company sees loaded. */
const mutate = <A>(ctx: RequestContext, fn: (tx: Db, all: PropertyList, companyId: number) => Promise<A>): Promise<A> =>
  ctx.db.transaction(async (tx) => {
    const companyId = companyOf(ctx).id;
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    return fn(tx, new PropertyList(await propertiesSeenBy(tx, companyId)), companyId);
  });

/** The company's own property with this publicId: a global one is read-only (409), anything else 404. */
const ownProperty = (all: PropertyList, publicId: string): PropertyRow => {
  const found = all.byId.get(publicId);
  if (!found) throw new NotFound({ entity: TOPIC, publicId });
  if (found.companyId === null) throw new Conflict({ issues: [{ message: GLOBAL_PROPERTY_READ_ONLY, propertyName: "publicId" }] });
  return found;
};

/** Applies one change to `all` (in place) after core's rule accepted it; returns before and after. */
async function patchOne(tx: Db, all: PropertyList, item: Record<string, unknown>, publicId: string) {
  const current = ownProperty(all, publicId);
  const next: PropertyRow = { ...current };
  if (FIELDS.some((f) => f in item)) {
    const input: PropertyInput = Object.fromEntries(FIELDS.map((f) => [f, f in item ? item[f] : current[f]]));
    const valid = orThrow(validateCustomProperty(input, {
      others: [], index: all.names, selfPublicId: current.publicId, current, usage: await propertyUsage(tx, current),
    }));
    Object.assign(next, valid);
  }
  if ("order" in item) next.order = checkOrder(item["order"]);
  all.replace(current, next);
  return { row: next, publicId: next.publicId, before: propertyView(current), after: propertyView(next) };
}

/** Writes the final state of the changed rows, ROWS_PER_STATEMENT per statement (one JSON parameter each). */
const writeRows = (tx: Db, rows: ReadonlyArray<PropertyRow>) => inChunks(rows, (chunk) => tx.execute(sql`
  update ${customProperties} as t set name = x.name, type = x.type, target = x.target, required = x.required, options = x.options, "order" = x."order"
  from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id int, name text, type text, target text, required boolean, options jsonb, "order" int)
  where t.id = x.id`));

export const customPropertyRoutes: HandlersOf<"CustomPropertyList" | "CompanyCustomPropertyList" | "CompanyCustomProperty"> = {
  "CustomPropertyList.GET": async (ctx) => {
    const p = customProperties;
    const { after, orderBy } = keyset([p.order, p.publicId], ctx.list.pageAfter);
    const where: SQL[] = [seenBy(companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: p.publicId, type: "text" }, name: { column: p.name, type: "text" },
      type: { column: p.type, type: "text" }, target: { column: p.target, type: "text" },
      required: { column: p.required, type: "boolean" }, order: { column: p.order, type: "number" },
      global: { column: sql`(${p.companyId} is null)`, type: "boolean" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select().from(p).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const out = page(rows, ctx.list.pageSize, (r) => [r.order, r.publicId]);
    return { type: TOPIC, data: out.rows.map(propertyView), moreAfter: out.moreAfter };
  },

  "CompanyCustomPropertyList.POST": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const created = await mutate(ctx, async (tx, all, companyId) => {
      const rows: PropertyRow[] = [];
      await eachItem(items, isList, async (item) => {
        const valid = orThrow(validateCustomProperty(item, { others: [], index: all.names }));
        const order = item["order"] === undefined ? all.nextOrder() : checkOrder(item["order"]);
        const row: PropertyRow = { id: 0, publicId: newPublicId(), companyId, ...valid, options: [...valid.options], order };
        all.add(row);
        rows.push(row);
      });
      await inChunks(rows, (chunk) => tx.insert(customProperties).values(chunk.map(({ id: _, ...r }) => r)));
      await writeAudit(tx, actorOf(ctx), [auditOnce(ctx, "CREATE", rows.map((r) => ({ publicId: r.publicId, after: propertyView(r) })))]);
      return rows;
    });
    return { type: TOPIC, data: created.map((r) => ({ publicId: r.publicId })), status: 201 };
  },

  "CompanyCustomPropertyList.PATCH": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const changes = await mutate(ctx, async (tx, all) => {
      const out: Array<Awaited<ReturnType<typeof patchOne>>> = [];
      await eachItem(items, isList, async (item, i) => { out.push(await patchOne(tx, all, item, itemPublicId(item, isList ? i : undefined))); });
      await writeRows(tx, [...new Map(out.map((c) => [c.row.id, c.row])).values()]);
      await writeAudit(tx, actorOf(ctx), [auditOnce(ctx, "UPDATE", out)]);
      return out;
    });
    return { type: TOPIC, data: changes.map((c) => c.after) };
  },

  "CompanyCustomProperty.PATCH": async (ctx) => {
    const change = await mutate(ctx, async (tx, all) => {
      const c = await patchOne(tx, all, ctx.body as Record<string, unknown>, ctx.params["publicId"]!);
      await writeRows(tx, [c.row]);
      await writeAudit(tx, actorOf(ctx), [auditOnce(ctx, "UPDATE", [c])]);
      return c;
    });
    return { type: TOPIC, data: change.after };
  },

  "CompanyCustomPropertyList.DELETE": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const deleted = await mutate(ctx, async (tx, all) => {
      const out: PropertyRow[] = [];
      await eachItem(items, isList, async (item, i) => {
        const row = ownProperty(all, itemPublicId(item, isList ? i : undefined));
        all.remove(row);
        out.push(row);
      });
      // Their values go with them (foreign key cascade).
      await inChunks(out, (chunk) => tx.delete(customProperties).where(inArray(customProperties.id, chunk.map((r) => r.id))));
      await writeAudit(tx, actorOf(ctx), [auditOnce(ctx, "DELETE", out.map((r) => ({ publicId: r.publicId, before: propertyView(r) })))]);
      return out;
    });
    return { type: TOPIC, data: deleted.map((r) => ({ publicId: r.publicId })) };
  },

  "CompanyCustomProperty.DELETE": async (ctx) => {
    const deleted = await mutate(ctx, async (tx, all) => {
      const row = ownProperty(all, ctx.params["publicId"]!);
      await tx.delete(customProperties).where(eq(customProperties.id, row.id));
      await writeAudit(tx, actorOf(ctx), [auditOnce(ctx, "DELETE", [{ publicId: row.publicId, before: propertyView(row) }])]);
      return row;
    });
    return { type: TOPIC, data: { publicId: deleted.publicId } };
  },
};
