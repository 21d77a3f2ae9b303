/**
 * Company menu items (issue 12; spec 3 "Menu item", 7 "Entity lists"): the ordered list (GET, any
 * member: the left menu shows them), POST new ones, bulk PATCH existing ones (an edit, a reorder),
 * bulk DELETE by publicIds; manage:branding writes. Core's rules judge every item
 * (rules/menuItems.ts). A call is one transaction with the company row locked, one audit entry
 * (a save of the list is one user action), and one BRANDING_CHANGED_EVENT to the company's users.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { Result } from "effect";
import type { MenuItem } from "@portal/core/domain/Identity";
import { InvalidInput, NotFound } from "@portal/core/errors";
import { MENU_ITEMS_MAX, TOO_MANY_MENU_ITEMS, validateMenuItem } from "@portal/core/rules/menuItems";
import { nextOrder } from "@portal/core/rules/ordering";
import { BRANDING_CHANGED_EVENT, type BrandingChangedEvent } from "@portal/core/wire/events";
import { writeAudit, type AuditAction } from "../audit/writeAudit";
import { companyUserIds } from "../branding/identityView";
import type { Db } from "../db/Database";
import { companies, menuItems } from "../db/schema";
import { EventHub } from "../events/EventHub";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { bulkItems, checkOrder, itemPublicId } from "./bodies";
import { eachItem } from "./orderedTypeRoutes";

const TOPIC = "MenuItem";
type Row = typeof menuItems.$inferSelect;

const view = (r: Row): MenuItem => ({ publicId: r.publicId, label: r.label, url: r.url, order: r.order });

const listOf = (db: Db, companyId: number): Promise<Row[]> =>
  db.select().from(menuItems).where(eq(menuItems.companyId, companyId)).orderBy(asc(menuItems.order), asc(menuItems.id));

/** Runs `fn` in a transaction with the company locked and its items loaded; audits and tells the users once. */
const mutate = <A>(ctx: RequestContext, action: AuditAction, fn: (tx: Db, rows: Row[], companyId: number) => Promise<{ result: A; before: unknown; after: unknown }>): Promise<A> =>
  ctx.db.transaction(async (tx) => {
    const company = companyOf(ctx);
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for("update");
    const { result, before, after } = await fn(tx, await listOf(tx, company.id), company.id);
    await writeAudit(tx, actorOf(ctx), [{ action, topic: TOPIC, target: company.publicId, before, after }]);
    const event: BrandingChangedEvent = { company: company.publicId };
    await EventHub.publishToAll(tx, await companyUserIds(tx, company.id), BRANDING_CHANGED_EVENT, event);
    return result;
  });

const orThrow = <A>(r: Result.Result<A, InvalidInput>): A => {
  if (Result.isFailure(r)) throw r.failure;
  return r.success;
};

export const menuItemRoutes: HandlersOf<"MenuItemList" | "MenuItem"> = {
  "MenuItemList.GET": async (ctx) => ({ type: TOPIC, data: (await listOf(ctx.db, companyOf(ctx).id)).map(view) }),

  "MenuItem.GET": async (ctx) => {
    const publicId = ctx.params["publicId"] ?? "";
    const [row] = await ctx.db.select().from(menuItems).where(and(eq(menuItems.companyId, companyOf(ctx).id), eq(menuItems.publicId, publicId)));
    if (!row) throw new NotFound({ entity: TOPIC, publicId });
    return { type: TOPIC, data: view(row) };
  },

  "MenuItemList.POST": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const created = await mutate(ctx, "CREATE", async (tx, rows, companyId) => {
      if (rows.length + items.length > MENU_ITEMS_MAX) throw new InvalidInput({ issues: [{ message: TOO_MANY_MENU_ITEMS }] });
      const all: Array<{ order: number }> = [...rows];
      const out: Row[] = [];
      await eachItem(items, isList, async (item) => {
        const valid = orThrow(validateMenuItem(item));
        const order = item["order"] === undefined ? nextOrder(all) : checkOrder(item["order"]);
        const row: Row = { id: 0, publicId: newPublicId(), companyId, ...valid, order };
        all.push(row);
        out.push(row);
      });
      await tx.insert(menuItems).values(out.map(({ id: _, ...r }) => r));
      return { result: out, before: undefined, after: out.map(view) };
    });
    return { type: TOPIC, data: created.map((r) => ({ publicId: r.publicId })), status: 201 };
  },

  "MenuItemList.PATCH": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const changed = await mutate(ctx, "UPDATE", async (tx, rows) => {
      const byId = new Map(rows.map((r) => [r.publicId, r]));
      const before: MenuItem[] = [];
      const after = new Map<number, Row>();
      await eachItem(items, isList, async (item, i) => {
        const publicId = itemPublicId(item, isList ? i : undefined);
        const current = byId.get(publicId);
        if (!current) throw new NotFound({ entity: TOPIC, publicId });
        const valid = orThrow(validateMenuItem(item, current));
        const next: Row = { ...current, ...valid, order: "order" in item ? checkOrder(item["order"]) : current.order };
        before.push(view(current));
        byId.set(publicId, next);
        after.set(next.id, next);
      });
      for (const r of after.values()) await tx.update(menuItems).set({ label: r.label, url: r.url, order: r.order }).where(eq(menuItems.id, r.id));
      return { result: [...after.values()].map(view), before, after: [...after.values()].map(view) };
    });
    return { type: TOPIC, data: changed };
  },

  "MenuItemList.DELETE": async (ctx) => {
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const deleted = await mutate(ctx, "DELETE", async (tx, rows) => {
      const byId = new Map(rows.map((r) => [r.publicId, r]));
      const out: Row[] = [];
      await eachItem(items, isList, async (item, i) => {
        const publicId = itemPublicId(item, isList ? i : undefined);
        const row = byId.get(publicId);
        if (!row) throw new NotFound({ entity: TOPIC, publicId });
        byId.delete(publicId);
        out.push(row);
      });
      await tx.delete(menuItems).where(inArray(menuItems.id, out.map((r) => r.id)));
      return { result: out, before: out.map(view), after: undefined };
    });
    return { type: TOPIC, data: deleted.map((r) => ({ publicId: r.publicId })) };
  },
};
