/**
 * The parts of backend component templates (issue 13; spec 7 "Entity lists", manage:templates):
 * - shares: the owner shares a template with another company (POST, GET its shares, PATCH the
 *   company, DELETE); the other company then sees it read-only, and a share that goes takes that
 *   company's subscriptions of the template with it;
 * - configs: JSON objects per template, in creation order; the first is the one used (spec 7:
 *   "GET list filtered by template.publicId, the first result is used"); the owner writes them,
 *   a company the template is shared with reads them;
 * - message subscriptions: the company's MQTT topic filters whose messages reach its runner of a
 *   template it sees (own or shared).
 * Core's rules judge each item (rules/backendTemplates.ts). Each call is one transaction with one
 * audit entry per item; runners log config loads and (un)subscriptions (templates/templateRunner).
 */
import { and, asc, eq, ne, type SQL } from "drizzle-orm";
import { Result } from "effect";
import type { MessageSubscription, TemplateConfig, TemplateShare } from "@portal/core/domain/BackendTemplate";
import { Conflict, InvalidInput, NotFound } from "@portal/core/errors";
import { checkTemplateConfig, checkTopicFilter, SHARE_WITH_OWN_COMPANY, TEMPLATE_ALREADY_SHARED } from "@portal/core/rules/backendTemplates";
import { writeAudit, type AuditEntry } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { backendTemplates, companies, messageSubscriptions, templateConfigs, templateLogs, templateShares } from "../db/schema";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type CompanyRow, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { ownTemplate, seenTemplate, visibleTo } from "../templates/templateRows";
import { appendLogs } from "../templates/templateRunner";
import { bulkItems } from "./bodies";
import { eachItem } from "./orderedTypeRoutes";

const orThrow = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw r.failure;
  return r.success;
};

/** The publicId of a `{publicId}` reference field; REQUIRED on the field when missing. */
const refOf = (item: Record<string, unknown>, field: string): string => {
  const ref = item[field] as { publicId?: unknown } | null | undefined;
  if (!ref || typeof ref.publicId !== "string" || ref.publicId === "") throw new InvalidInput({ issues: [{ message: "REQUIRED", propertyName: field }] });
  return ref.publicId;
};

const templateRef = (t: { publicId: string; name: string }) => ({ publicId: t.publicId, name: t.name });
const ids = (c: CompanyRow) => ({ id: c.id, publicId: c.publicId });

/** Runs a write in a transaction and audits its entries there. */
const write = <A>(ctx: RequestContext, fn: (tx: Db, audit: AuditEntry[]) => Promise<A>): Promise<A> =>
  ctx.db.transaction(async (tx) => {
    const audit: AuditEntry[] = [];
    const result = await fn(tx, audit);
    await writeAudit(tx, actorOf(ctx), audit);
    return result;
  });

// ---- shares

const SHARE = "TemplateShare";

async function shareView(db: Db, shareId: number): Promise<TemplateShare> {
  const [r] = await db.select({
    publicId: templateShares.publicId, company: { publicId: companies.publicId, name: companies.name },
    template: { publicId: backendTemplates.publicId, name: backendTemplates.name },
  }).from(templateShares).innerJoin(companies, eq(companies.id, templateShares.companyId))
    .innerJoin(backendTemplates, eq(backendTemplates.id, templateShares.templateId)).where(eq(templateShares.id, shareId));
  return r!;
}

/** The target company of a share: it exists and is not the owner; the template is not yet shared with it. */
async function shareTarget(tx: Db, owner: CompanyRow, templateId: number, item: Record<string, unknown>, exceptShareId?: number): Promise<number> {
  const publicId = refOf(item, "company");
  const [target] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.publicId, publicId));
  if (!target) throw new NotFound({ entity: "Company", publicId });
  if (target.id === owner.id) throw new InvalidInput({ issues: [{ message: SHARE_WITH_OWN_COMPANY, propertyName: "company" }] });
  const clash = await tx.select({ id: templateShares.id }).from(templateShares).where(and(
    eq(templateShares.templateId, templateId), eq(templateShares.companyId, target.id), ...(exceptShareId ? [ne(templateShares.id, exceptShareId)] : []),
  ));
  if (clash.length > 0) throw new Conflict({ issues: [{ message: TEMPLATE_ALREADY_SHARED, propertyName: "company" }] });
  return target.id;
}

/** What a company loses with a share: its subscriptions of the template and its runner's log. */
async function unshare(tx: Db, templateId: number, companyId: number): Promise<void> {
  await tx.delete(messageSubscriptions).where(and(eq(messageSubscriptions.templateId, templateId), eq(messageSubscriptions.companyId, companyId)));
  await tx.delete(templateLogs).where(and(eq(templateLogs.templateId, templateId), eq(templateLogs.companyId, companyId)));
}

/**
 * A template the company may subscribe to now. A shared one's share row is share-locked until the
 * transaction ends: a revocation (which locks it for update, deletes the company's subscriptions,
 * then the share) either comes first, and this finds no share, or waits and deletes this
 * subscription with the others. Without the lock a subscription written beside a revocation
 * outlived it, and the template's runner kept getting the company's messages.
 */
async function subscribableTemplate(tx: Db, companyId: number, publicId: string) {
  const seen = await seenTemplate(tx, companyId, publicId);
  if (seen.row.companyId === companyId) return seen.row;
  const [share] = await tx.select({ id: templateShares.id }).from(templateShares)
    .where(and(eq(templateShares.templateId, seen.row.id), eq(templateShares.companyId, companyId))).for("share");
  if (!share) throw new NotFound({ entity: "BackendTemplate", publicId });
  return seen.row;
}

/** A share of one of the company's templates, locked for update (see subscribableTemplate); NotFound for anything else. */
async function ownShare(tx: Db, companyId: number, publicId: string) {
  const [row] = await tx.select({ share: templateShares }).from(templateShares)
    .innerJoin(backendTemplates, eq(backendTemplates.id, templateShares.templateId))
    .where(and(eq(templateShares.publicId, publicId), eq(backendTemplates.companyId, companyId)))
    .for("update", { of: templateShares });
  if (!row) throw new NotFound({ entity: SHARE, publicId });
  return row.share;
}

// ---- configs

const CONFIG = "TemplateConfig";
type ConfigRow = typeof templateConfigs.$inferSelect;
const configView = (r: ConfigRow, templatePublicId: string): TemplateConfig => ({ publicId: r.publicId, template: { publicId: templatePublicId }, config: r.config });

/** Logs "config loaded" in the owner's runner when `configId` is the template's first config (the one used). */
async function logIfUsed(tx: Db, ctx: RequestContext, template: { id: number; publicId: string }, config: ConfigRow): Promise<void> {
  const [first] = await tx.select({ id: templateConfigs.id }).from(templateConfigs).where(eq(templateConfigs.templateId, template.id)).orderBy(asc(templateConfigs.id)).limit(1);
  if (first?.id === config.id) await appendLogs(tx, new Date(ctx.now), [{ company: ids(companyOf(ctx)), template, event: { kind: "config", configPublicId: config.publicId } }]);
}

async function configOf(tx: Db, companyId: number, publicId: string) {
  const [row] = await tx.select({ config: templateConfigs, template: { publicId: backendTemplates.publicId } }).from(templateConfigs)
    .innerJoin(backendTemplates, eq(backendTemplates.id, templateConfigs.templateId))
    .where(and(eq(templateConfigs.publicId, publicId), visibleTo(companyId)));
  if (!row) throw new NotFound({ entity: CONFIG, publicId });
  // Only the owner writes: a company the template is shared with gets the read-only refusal.
  const owned = await ownTemplate(tx, companyId, row.template.publicId);
  return { config: row.config, template: owned.row };
}

// ---- subscriptions

const SUBSCRIPTION = "MessageSubscription";

async function subscriptionView(db: Db, id: number, company: CompanyRow): Promise<MessageSubscription> {
  const [r] = await db.select({ s: messageSubscriptions, t: { publicId: backendTemplates.publicId, name: backendTemplates.name } })
    .from(messageSubscriptions).innerJoin(backendTemplates, eq(backendTemplates.id, messageSubscriptions.templateId)).where(eq(messageSubscriptions.id, id));
  return { publicId: r!.s.publicId, company: { publicId: company.publicId }, template: templateRef(r!.t), topic: r!.s.topic };
}

async function ownSubscription(tx: Db, companyId: number, publicId: string) {
  const [row] = await tx.select().from(messageSubscriptions).where(and(eq(messageSubscriptions.publicId, publicId), eq(messageSubscriptions.companyId, companyId)));
  if (!row) throw new NotFound({ entity: SUBSCRIPTION, publicId });
  const [t] = await tx.select().from(backendTemplates).where(eq(backendTemplates.id, row.templateId));
  return { row, template: t! };
}

export const templatePartRoutes: HandlersOf<"TemplateShareList" | "TemplateShare" | "TemplateConfigList" | "TemplateConfig" | "MessageSubscriptionList" | "MessageSubscription"> = {
  "TemplateShareList.GET": async (ctx) => {
    const s = templateShares;
    const { after, orderBy } = keyset([s.id], ctx.list.pageAfter);
    const where: SQL[] = [eq(backendTemplates.companyId, companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: s.publicId, type: "text" }, "template.publicId": { column: backendTemplates.publicId, type: "text" },
      "company.publicId": { column: companies.publicId, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select({
      id: s.id, publicId: s.publicId, company: { publicId: companies.publicId, name: companies.name },
      template: { publicId: backendTemplates.publicId, name: backendTemplates.name },
    }).from(s).innerJoin(backendTemplates, eq(backendTemplates.id, s.templateId)).innerJoin(companies, eq(companies.id, s.companyId))
      .where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const out = page(rows, ctx.list.pageSize, (r) => [r.id]);
    return { type: SHARE, data: out.rows.map(({ id: _, ...v }) => v), moreAfter: out.moreAfter };
  },

  "TemplateShareList.POST": async (ctx) => {
    const company = companyOf(ctx);
    const { items, isList } = bulkItems(ctx.body, SHARE);
    const made = await write(ctx, async (tx, audit) => {
      const out: TemplateShare[] = [];
      await eachItem(items, isList, async (item) => {
        const template = (await ownTemplate(tx, company.id, refOf(item, "template"), "template")).row;
        const companyId = await shareTarget(tx, company, template.id, item);
        const [row] = await tx.insert(templateShares).values({ publicId: newPublicId(), templateId: template.id, companyId }).returning();
        const view = await shareView(tx, row!.id);
        audit.push({ action: "CREATE", topic: SHARE, target: view.publicId, after: view });
        out.push(view);
      });
      return out;
    });
    return { type: SHARE, data: made.map((s) => ({ publicId: s.publicId })), status: 201 };
  },

  "TemplateShare.PATCH": async (ctx) => {
    const company = companyOf(ctx);
    const view = await write(ctx, async (tx, audit) => {
      const share = await ownShare(tx, company.id, ctx.params["publicId"] ?? "");
      const before = await shareView(tx, share.id);
      const body = ctx.body as Record<string, unknown>;
      const templateId = body["template"] ? (await ownTemplate(tx, company.id, refOf(body, "template"), "template")).row.id : share.templateId;
      const companyId = body["company"] ? await shareTarget(tx, company, templateId, body, share.id) : share.companyId;
      if (companyId !== share.companyId || templateId !== share.templateId) await unshare(tx, share.templateId, share.companyId);
      await tx.update(templateShares).set({ templateId, companyId }).where(eq(templateShares.id, share.id));
      const after = await shareView(tx, share.id);
      audit.push({ action: "UPDATE", topic: SHARE, target: share.publicId, before, after });
      return after;
    });
    return { type: SHARE, data: view };
  },

  "TemplateShare.DELETE": async (ctx) => {
    const company = companyOf(ctx);
    const gone = await write(ctx, async (tx, audit) => {
      const share = await ownShare(tx, company.id, ctx.params["publicId"] ?? "");
      const before = await shareView(tx, share.id);
      await unshare(tx, share.templateId, share.companyId);
      await tx.delete(templateShares).where(eq(templateShares.id, share.id));
      audit.push({ action: "DELETE", topic: SHARE, target: share.publicId, before });
      return share.publicId;
    });
    return { type: SHARE, data: { publicId: gone } };
  },

  "TemplateConfigList.GET": async (ctx) => {
    const c = templateConfigs;
    const { after, orderBy } = keyset([c.id], ctx.list.pageAfter);
    const where: SQL[] = [visibleTo(companyOf(ctx).id), ...filterConditions(ctx.list.filters, {
      publicId: { column: c.publicId, type: "text" }, "template.publicId": { column: backendTemplates.publicId, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select({ c, t: backendTemplates.publicId }).from(c).innerJoin(backendTemplates, eq(backendTemplates.id, c.templateId))
      .where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const out = page(rows, ctx.list.pageSize, (r) => [r.c.id]);
    return { type: CONFIG, data: out.rows.map((r) => configView(r.c, r.t)), moreAfter: out.moreAfter };
  },

  "TemplateConfigList.POST": async (ctx) => {
    const company = companyOf(ctx);
    const { items, isList } = bulkItems(ctx.body, CONFIG);
    const made = await write(ctx, async (tx, audit) => {
      const out: string[] = [];
      await eachItem(items, isList, async (item) => {
        const template = (await ownTemplate(tx, company.id, refOf(item, "template"), "template")).row;
        const config = orThrow(checkTemplateConfig(item["config"]));
        const [row] = await tx.insert(templateConfigs).values({ publicId: newPublicId(), templateId: template.id, config }).returning();
        await logIfUsed(tx, ctx, template, row!);
        audit.push({ action: "CREATE", topic: CONFIG, target: row!.publicId, after: configView(row!, template.publicId) });
        out.push(row!.publicId);
      });
      return out;
    });
    return { type: CONFIG, data: made.map((publicId) => ({ publicId })), status: 201 };
  },

  "TemplateConfig.PATCH": async (ctx) => {
    const company = companyOf(ctx);
    const view = await write(ctx, async (tx, audit) => {
      const { config: current, template } = await configOf(tx, company.id, ctx.params["publicId"] ?? "");
      const body = ctx.body as Record<string, unknown>;
      if (body["template"] && refOf(body, "template") !== template.publicId) {
        throw new InvalidInput({ issues: [{ message: "A config stays with its template", propertyName: "template" }] });
      }
      const config = "config" in body ? orThrow(checkTemplateConfig(body["config"])) : current.config;
      const [row] = await tx.update(templateConfigs).set({ config }).where(eq(templateConfigs.id, current.id)).returning();
      await logIfUsed(tx, ctx, template, row!);
      audit.push({ action: "UPDATE", topic: CONFIG, target: current.publicId, before: configView(current, template.publicId), after: configView(row!, template.publicId) });
      return configView(row!, template.publicId);
    });
    return { type: CONFIG, data: view };
  },

  "TemplateConfig.DELETE": async (ctx) => {
    const company = companyOf(ctx);
    const gone = await write(ctx, async (tx, audit) => {
      const { config, template } = await configOf(tx, company.id, ctx.params["publicId"] ?? "");
      await tx.delete(templateConfigs).where(eq(templateConfigs.id, config.id));
      audit.push({ action: "DELETE", topic: CONFIG, target: config.publicId, before: configView(config, template.publicId) });
      return config.publicId;
    });
    return { type: CONFIG, data: { publicId: gone } };
  },

  "MessageSubscriptionList.GET": async (ctx) => {
    const company = companyOf(ctx);
    const s = messageSubscriptions;
    const { after, orderBy } = keyset([s.id], ctx.list.pageAfter);
    const where: SQL[] = [eq(s.companyId, company.id), ...filterConditions(ctx.list.filters, {
      publicId: { column: s.publicId, type: "text" }, "template.publicId": { column: backendTemplates.publicId, type: "text" }, topic: { column: s.topic, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await ctx.db.select({ s, t: { publicId: backendTemplates.publicId, name: backendTemplates.name } })
      .from(s).innerJoin(backendTemplates, eq(backendTemplates.id, s.templateId)).where(and(...where)).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const out = page(rows, ctx.list.pageSize, (r) => [r.s.id]);
    return {
      type: SUBSCRIPTION, moreAfter: out.moreAfter,
      data: out.rows.map((r) => ({ publicId: r.s.publicId, company: { publicId: company.publicId }, template: templateRef(r.t), topic: r.s.topic })),
    };
  },

  "MessageSubscriptionList.POST": async (ctx) => {
    const company = companyOf(ctx);
    const { items, isList } = bulkItems(ctx.body, SUBSCRIPTION);
    const made = await write(ctx, async (tx, audit) => {
      const out: string[] = [];
      await eachItem(items, isList, async (item) => {
        const template = await subscribableTemplate(tx, company.id, refOf(item, "template"));
        const topic = orThrow(checkTopicFilter(item["topic"]));
        const [row] = await tx.insert(messageSubscriptions).values({ publicId: newPublicId(), companyId: company.id, templateId: template.id, topic }).returning();
        await appendLogs(tx, new Date(ctx.now), [{ company: ids(company), template, event: { kind: "subscribed", topic } }]);
        audit.push({ action: "CREATE", topic: SUBSCRIPTION, target: row!.publicId, after: { template: template.publicId, topic } });
        out.push(row!.publicId);
      });
      return out;
    });
    return { type: SUBSCRIPTION, data: made.map((publicId) => ({ publicId })), status: 201 };
  },

  "MessageSubscription.PATCH": async (ctx) => {
    const company = companyOf(ctx);
    const view = await write(ctx, async (tx, audit) => {
      const { row, template } = await ownSubscription(tx, company.id, ctx.params["publicId"] ?? "");
      const body = ctx.body as Record<string, unknown>;
      const next = body["template"] ? await subscribableTemplate(tx, company.id, refOf(body, "template")) : template;
      const topic = "topic" in body ? orThrow(checkTopicFilter(body["topic"])) : row.topic;
      await tx.update(messageSubscriptions).set({ templateId: next.id, topic }).where(eq(messageSubscriptions.id, row.id));
      if (next.id !== template.id || topic !== row.topic) {
        await appendLogs(tx, new Date(ctx.now), [
          { company: ids(company), template, event: { kind: "unsubscribed", topic: row.topic } },
          { company: ids(company), template: next, event: { kind: "subscribed", topic } },
        ]);
      }
      audit.push({ action: "UPDATE", topic: SUBSCRIPTION, target: row.publicId, before: { template: template.publicId, topic: row.topic }, after: { template: next.publicId, topic } });
      return subscriptionView(tx, row.id, company);
    });
    return { type: SUBSCRIPTION, data: view };
  },

  "MessageSubscription.DELETE": async (ctx) => {
    const company = companyOf(ctx);
    const gone = await write(ctx, async (tx, audit) => {
      const { row, template } = await ownSubscription(tx, company.id, ctx.params["publicId"] ?? "");
      await tx.delete(messageSubscriptions).where(eq(messageSubscriptions.id, row.id));
      await appendLogs(tx, new Date(ctx.now), [{ company: ids(company), template, event: { kind: "unsubscribed", topic: row.topic } }]);
      audit.push({ action: "DELETE", topic: SUBSCRIPTION, target: row.publicId, before: { template: template.publicId, topic: row.topic } });
      return row.publicId;
    });
    return { type: SUBSCRIPTION, data: { publicId: gone } };
  },
};

