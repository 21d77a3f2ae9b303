/**
 * Group types and asset types: two ordered, named, company-owned lists with the same wire shape
 * (GET list ordered by `order`; POST one or many; bulk PATCH, e.g. a drag reorder; bulk DELETE;
 * item GET/PATCH/DELETE). Everything they differ in - validation, delete rule, colour, list
 * columns - comes from core's descriptor (entities/OrderedTypeEntity); the server adds the table
 * and the usage count (TypeKind). A bulk call is one transaction; a failing item's error carries
 * its listIndex.
 */
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTableWithColumns } from "drizzle-orm/pg-core";
import { Result } from "effect";
import type { OrderedTypeEntity } from "@portal/core/entities/OrderedTypeEntity";
import { NotFound } from "@portal/core/errors";
import { jsonStringLength, rowsThatFit } from "@portal/core/rules/pageBytes";
import { TypeIndex } from "@portal/core/rules/typeIndex";
import { reorderAuditValues } from "@portal/core/rules/auditReorder";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { companies } from "../db/schema";
import { atListIndex } from "../http/errorResponse";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { bulkItems, checkOrder, itemPublicId } from "./bodies";
import { inChunks, nextTurn, ROWS_PER_READ, yieldEvery } from "./batchWork";

/** A stored type as the rules see it. */
export interface TypeRow {
  id: number;
  publicId: string;
  name: string;
  color: string | null;
  order: number;
}

type TypeTable = PgTableWithColumns<any> & {
  id: PgColumn; publicId: PgColumn; companyId: PgColumn; name: PgColumn; order: PgColumn;
};

/**
 * An ordered type kind as the server runs it: core's descriptor (rels, topic, colour, rules,
 * list columns) plus where it is stored and how its usage is counted.
 */
export interface TypeKind<L extends string = string, I extends string = string> extends OrderedTypeEntity<L, I> {
  readonly table: TypeTable;
  /** How many things use each of the types (groups, resource variants); a type used by none may be absent. */
  usage(tx: Db, typeIds: ReadonlyArray<number>): Promise<Map<number, number>>;
}

/**
 * At least the characters of a row's JSON (json() below): its strings' exact JSON lengths plus a
 * bound on the keys and punctuation, computed without serialising the row twice per request.
 */
const rowChars = (r: TypeRow): number =>
  40 + jsonStringLength(r.publicId) + jsonStringLength(r.name) + (r.color === null ? 4 : jsonStringLength(r.color)) + String(r.order).length;

type TypeRels = "GroupTypeList" | "GroupType" | "AssetTypeList" | "AssetType";

const json = (kind: TypeKind, r: TypeRow) =>
  kind.hasColor ? { publicId: r.publicId, name: r.name, color: r.color, order: r.order } : { publicId: r.publicId, name: r.name, order: r.order };

const orThrow = <A>(result: Result.Result<A, unknown>): A => {
  if (Result.isFailure(result)) throw result.failure;
  return result.success;
};

/**
 * Runs `fn` on each item; an error of item i is re-thrown with listIndex i when the body was a
 * list. Lets other requests run every few hundred items, so a bulk call never holds the event loop.
 */
export async function eachItem<T>(items: T[], isList: boolean, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  const breathe = yieldEvery();
  for (let i = 0; i < items.length; i++) {
    const turn = breathe();
    if (turn) await turn;
    try {
      await fn(items[i]!, i);
    } catch (e) {
      throw isList ? atListIndex(e, i) : e;
    }
  }
}

/** Locks the company row: mutations of one company's list run one at a time, so name checks hold. */
const lockCompany = (tx: Db, companyId: number) => tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");

/**
 * The company's whole list, indexed. Read in pages of ROWS_PER_READ by (order, id) with a turn for
 * other requests in between: on PGlite one read of 20,000 types held the event loop for 70 ms.
 */
async function allTypes(tx: Db, kind: TypeKind, companyId: number): Promise<TypeIndex<TypeRow>> {
  const t = kind.table;
  const index = new TypeIndex<TypeRow>([]);
  let last: TypeRow | undefined;
  for (;;) {
    const where = last ? and(eq(t.companyId, companyId), sql`(${t.order}, ${t.id}) > (${last.order}, ${last.id})`) : eq(t.companyId, companyId);
    const rows = await tx.select().from(t).where(where).orderBy(t.order, t.id).limit(ROWS_PER_READ);
    for (const r of rows as Array<Record<string, unknown>>) {
      last = {
        id: r["id"] as number, publicId: r["publicId"] as string, name: r["name"] as string,
        color: (r["color"] as string | null | undefined) ?? null, order: r["order"] as number,
      };
      index.add(last);
    }
    if (rows.length < ROWS_PER_READ) return index;
    await nextTurn();
  }
}

/**
 * The handlers of one ordered type list. Both kinds share one implementation, so the table is
 * typed by its kind's rels with one cast; the answers are checked against each kind's schemas by
 * the platform in tests (checkAnswers).
 */
export function orderedTypeRoutes<L extends TypeRels, I extends TypeRels>(kind: TypeKind<L, I>): HandlersOf<L | I> {
  const t = kind.table;
  // The descriptor's filterable columns, each on the table column of the same name.
  const columns = Object.fromEntries(Object.entries(kind.columns).map(([name, c]) => [name, { column: t[name] as PgColumn, type: c.type }]));

  const mutate = async <A>(ctx: RequestContext, fn: (tx: Db, all: TypeIndex<TypeRow>) => Promise<A>): Promise<A> =>
    ctx.db.transaction(async (tx) => {
      const company = companyOf(ctx);
      await lockCompany(tx, company.id);
      return fn(tx, await allTypes(tx, kind, company.id));
    });

  const find = (all: TypeIndex<TypeRow>, publicId: string): TypeRow => {
    const found = all.get(publicId);
    if (!found) throw new NotFound({ entity: kind.topic, publicId });
    return found;
  };

  /**
   * Applies one PATCH item to the in-memory list (checked by core's rules against the items
   * before it); returns the row as it now is. The table is written once for the whole batch.
   */
  const patchOne = (ctx: RequestContext, all: TypeIndex<TypeRow>, item: Record<string, unknown>, listIndex: number | undefined) => {
    const current = find(all, itemPublicId(item, listIndex));
    const next: TypeRow = { ...current };
    if ("name" in item || (kind.hasColor && "color" in item)) {
      const valid = orThrow(kind.validate(
        { name: "name" in item ? item["name"] : current.name, color: "color" in item ? item["color"] : current.color ?? undefined },
        { index: all, selfPublicId: current.publicId, rights: ctx.rights, colorUnchanged: !("color" in item) }));
      next.name = valid.name;
      if (kind.hasColor && "color" in item && valid.color !== undefined) next.color = valid.color;
    }
    if ("order" in item) next.order = checkOrder(item["order"]);
    all.replace(next);
    return { row: next, before: json(kind, current), after: json(kind, next) };
  };

  /**
   * Writes the final state of every patched row, 250 rows per statement (one JSON parameter):
   * a 10,000-item reorder is 40 statements, not 10,000 (26 s on PGlite before).
   */
  const writePatches = async (tx: Db, rows: ReadonlyArray<TypeRow>): Promise<void> => {
    const last = [...new Map(rows.map((r) => [r.id, r])).values()];
    await inChunks(last, (chunk) => tx.execute(kind.hasColor
      ? sql`update ${t} as t set name = x.name, "order" = x."order", color = x.color
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id int, name text, "order" int, color text) where t.id = x.id`
      : sql`update ${t} as t set name = x.name, "order" = x."order"
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id int, name text, "order" int) where t.id = x.id`));
  };

  /**
   * Deletes the items in order, each checked by core's rule against the list as the items before
   * it left it. The usage counts are read, and the rows deleted, 250 per statement: one count and
   * one DELETE per item made 20,000 statements of a 10,000-item call.
   */
  const deleteMany = async (tx: Db, all: TypeIndex<TypeRow>, items: Array<Record<string, unknown>>, isList: boolean) => {
    // Ids of the items that name a type; an item that does not fails in the ordered pass below.
    const ids = items.flatMap((item) => {
      const id = typeof item["publicId"] === "string" ? all.get(item["publicId"])?.id : undefined;
      return id === undefined ? [] : [id];
    });
    const used = new Map<number, number>();
    await inChunks(ids, async (chunk) => { for (const [id, n] of await kind.usage(tx, chunk)) used.set(id, n); });
    const out: TypeRow[] = [];
    await eachItem(items, isList, async (item, i) => {
      const current = find(all, itemPublicId(item, isList ? i : undefined));
      orThrow(kind.canDelete(current.publicId, { length: all.size }, used.get(current.id) ?? 0));
      all.remove(current);
      out.push(current);
    });
    await inChunks(out, (chunk) => tx.delete(t).where(inArray(t.id, chunk.map((r) => r.id))));
    return out.map((r) => json(kind, r));
  };

  const handlers: Record<string, (ctx: RequestContext<any>) => Promise<unknown>> = {
    [`${kind.listRel}.GET`]: async (ctx) => {
      const company = companyOf(ctx);
      const { after, orderBy } = keyset([t.order, t.publicId], ctx.list.pageAfter);
      const where: SQL[] = [eq(t.companyId, company.id), ...filterConditions(ctx.list.filters, columns)];
      if (after) where.push(after);
      const rows = await ctx.db.select().from(t).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
      const typed = rows.map((r: Record<string, unknown>) => ({ publicId: r["publicId"], name: r["name"], color: r["color"] ?? null, order: r["order"] }) as TypeRow);
      const p = page(typed, rowsThatFit(typed, ctx.list.pageSize, rowChars), (r) => [r.order, r.publicId]);
      return { type: kind.topic, data: p.rows.map((r) => json(kind, r)), moreAfter: p.moreAfter };
    },

    [`${kind.itemRel}.GET`]: async (ctx) => {
      const all = await allTypes(ctx.db, kind, companyOf(ctx).id);
      return { type: kind.topic, data: json(kind, find(all, ctx.params["publicId"] ?? "")) };
    },

    [`${kind.listRel}.POST`]: async (ctx) => {
      const { items, isList } = bulkItems(ctx.body, kind.topic);
      const created = await mutate(ctx, async (tx, all) => {
        const rows: TypeRow[] = [];
        await eachItem(items, isList, async (item) => {
          const valid = orThrow(kind.validate({ name: item["name"], color: item["color"] }, { index: all, rights: ctx.rights }));
          const order = item["order"] === undefined ? all.nextOrder() : checkOrder(item["order"]);
          const row = { id: 0, publicId: newPublicId(), name: valid.name, color: valid.color ?? null, order };
          all.add(row);
          rows.push(row);
        });
        const companyId = companyOf(ctx).id;
        // Rows travel as one JSON parameter per statement: binding thousands of parameters is
        // what made a multi-row VALUES slow (and, on PGlite, long on this thread).
        await inChunks(rows, (chunk) => tx.execute(kind.hasColor
          ? sql`insert into ${t} (public_id, company_id, name, "order", color)
              select x."publicId", ${companyId}::int, x.name, x."order", x.color
              from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x("publicId" text, name text, "order" int, color text)`
          : sql`insert into ${t} (public_id, company_id, name, "order")
              select x."publicId", ${companyId}::int, x.name, x."order"
              from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x("publicId" text, name text, "order" int)`));
        await writeAudit(tx, actorOf(ctx), rows.map((r) => ({ action: "CREATE", topic: kind.topic, target: r.publicId, after: json(kind, r) })));
        return rows;
      });
      return { type: kind.topic, data: created.map((r) => ({ publicId: r.publicId })), status: 201 };
    },

    [`${kind.listRel}.PATCH`]: async (ctx) => {
      const { items, isList } = bulkItems(ctx.body, kind.topic);
      const changes = await mutate(ctx, async (tx, all) => {
        const out: Array<ReturnType<typeof patchOne>> = [];
        await eachItem(items, isList, async (item, i) => { out.push(patchOne(ctx, all, item, isList ? i : undefined)); });
        await writePatches(tx, out.map((c) => c.row));
        // A drag saves every item's order in one call: one action, one entry (core's reorderAuditValues).
        const reorder = reorderAuditValues(out);
        if (reorder === null) {
          await writeAudit(tx, actorOf(ctx), out.map((c) => ({ action: "UPDATE", topic: kind.topic, target: c.after.publicId, before: c.before, after: c.after })));
        } else if (Object.keys(reorder.after).length > 0) {
          await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: `${kind.topic}Order`, target: companyOf(ctx).publicId, ...reorder }]);
        }
        return out;
      });
      return { type: kind.topic, data: changes.map((c) => c.after) };
    },

    [`${kind.itemRel}.PATCH`]: async (ctx) => {
      const body = bulkItems(ctx.body, kind.topic);
      if (body.isList) throw atListIndex(new NotFound({ entity: kind.topic }), 0);
      const change = await mutate(ctx, async (tx, all) => {
        const c = patchOne(ctx, all, { ...body.items[0], publicId: ctx.params["publicId"] }, undefined);
        await writePatches(tx, [c.row]);
        await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: kind.topic, target: c.after.publicId, before: c.before, after: c.after }]);
        return c;
      });
      return { type: kind.topic, data: change.after };
    },

    [`${kind.listRel}.DELETE`]: async (ctx) => {
      const { items, isList } = bulkItems(ctx.body, kind.topic);
      const deleted = await mutate(ctx, async (tx, all) => {
        const out = await deleteMany(tx, all, items, isList);
        await writeAudit(tx, actorOf(ctx), out.map((b) => ({ action: "DELETE", topic: kind.topic, target: b.publicId, before: b })));
        return out;
      });
      return { type: kind.topic, data: deleted.map((d) => ({ publicId: d.publicId })) };
    },

    [`${kind.itemRel}.DELETE`]: async (ctx) => {
      const before = await mutate(ctx, async (tx, all) => {
        const b = (await deleteMany(tx, all, [{ publicId: ctx.params["publicId"] }], false))[0]!;
        await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: kind.topic, target: b.publicId, before: b }]);
        return b;
      });
      return { type: kind.topic, data: { publicId: before.publicId } };
    },
  };
  return handlers as unknown as HandlersOf<L | I>;
}

/** Rows of `table` whose `column` points at each of `typeIds` (one grouped count). */
export const usageCounts = async (tx: Db, table: PgTableWithColumns<any>, column: PgColumn, typeIds: ReadonlyArray<number>): Promise<Map<number, number>> => {
  if (typeIds.length === 0) return new Map();
  const rows = await tx.select({ id: column, n: count() }).from(table).where(inArray(column, [...typeIds])).groupBy(column);
  return new Map(rows.map((r) => [r.id as number, Number(r.n)]));
};
