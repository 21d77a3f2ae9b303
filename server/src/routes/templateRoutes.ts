/**
 * Backend component templates (issue 13; spec 7 "Entity lists", "Template logs"), manage:templates:
 * the templates the company sees (its own and those shared with it, read-only), create (refused
 * with 409 'Your company is not fully provisioned' without an mdr platform server: core's
 * isFullyProvisioned), edit and delete (owner only), and the log of the company's runner of a
 * template as a file (cloud-function.log). Each write is one transaction with one audit entry;
 * a new template's runner logs its deployment.
 */
import { and, eq, type SQL } from "drizzle-orm";
import { Result } from "effect";
import { Conflict } from "@portal/core/errors";
import { checkTemplate, isFullyProvisioned, LOG_FILE_NAME, notProvisionedIssue } from "@portal/core/rules/backendTemplates";
import { writeAudit } from "../audit/writeAudit";
import { backendTemplates, companies, platformServers } from "../db/schema";
import { filterConditions, keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { ownTemplate, seenTemplate, selectTemplates, templateView, visibleTo } from "../templates/templateRows";
import { logDeployed, logText } from "../templates/templateRunner";
import { bulkItems } from "./bodies";
import { eachItem } from "./orderedTypeRoutes";

const TOPIC = "BackendTemplate";

const orThrow = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw r.failure;
  return r.success;
};

export const templateRoutes: HandlersOf<"BackendTemplateList" | "BackendTemplate" | "BackendTemplateLogs"> = {
  "BackendTemplateList.GET": async (ctx) => {
    const company = companyOf(ctx);
    const t = backendTemplates;
    const { after, orderBy } = keyset([t.name, t.publicId], ctx.list.pageAfter);
    const where: SQL[] = [visibleTo(company.id), ...filterConditions(ctx.list.filters, {
      publicId: { column: t.publicId, type: "text" }, name: { column: t.name, type: "text" }, "company.publicId": { column: companies.publicId, type: "text" },
    })];
    if (after) where.push(after);
    const rows = await selectTemplates(ctx.db, and(...where)!).orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const out = page(rows, ctx.list.pageSize, (r) => [r.row.name, r.row.publicId]);
    return { type: TOPIC, data: out.rows.map((r) => templateView(r, company)), moreAfter: out.moreAfter };
  },

  "BackendTemplateList.POST": async (ctx) => {
    const company = companyOf(ctx);
    const { items, isList } = bulkItems(ctx.body, TOPIC);
    const made = await ctx.db.transaction(async (tx) => {
      const servers = await tx.select({ type: platformServers.type }).from(platformServers).where(eq(platformServers.companyId, company.id));
      if (!isFullyProvisioned(servers)) throw new Conflict({ issues: [notProvisionedIssue] });
      const rows: Array<typeof backendTemplates.$inferSelect> = [];
      await eachItem(items, isList, async (item) => {
        const fields = orThrow(checkTemplate(item));
        const [row] = await tx.insert(backendTemplates).values({ publicId: newPublicId(), companyId: company.id, ...fields }).returning();
        rows.push(row!);
      });
      const at = new Date(ctx.now);
      for (const r of rows) await logDeployed(tx, at, company, r);
      await writeAudit(tx, actorOf(ctx), rows.map((r) => ({ action: "CREATE" as const, topic: TOPIC, target: r.publicId, after: { name: r.name, description: r.description } })));
      return rows;
    });
    return { type: TOPIC, data: made.map((r) => ({ publicId: r.publicId })), status: 201 };
  },

  "BackendTemplate.GET": async (ctx) => {
    const company = companyOf(ctx);
    return { type: TOPIC, data: templateView(await seenTemplate(ctx.db, company.id, ctx.params["publicId"] ?? ""), company) };
  },

  "BackendTemplate.PATCH": async (ctx) => {
    const company = companyOf(ctx);
    const updated = await ctx.db.transaction(async (tx) => {
      const found = await ownTemplate(tx, company.id, ctx.params["publicId"] ?? "");
      const fields = orThrow(checkTemplate(ctx.body, found.row));
      const [row] = await tx.update(backendTemplates).set(fields).where(eq(backendTemplates.id, found.row.id)).returning();
      await writeAudit(tx, actorOf(ctx), [{
        action: "UPDATE", topic: TOPIC, target: found.row.publicId,
        before: { name: found.row.name, description: found.row.description }, after: fields,
      }]);
      return { ...found, row: row! };
    });
    return { type: TOPIC, data: templateView(updated, company) };
  },

  "BackendTemplate.DELETE": async (ctx) => {
    const company = companyOf(ctx);
    const found = await ctx.db.transaction(async (tx) => {
      const f = await ownTemplate(tx, company.id, ctx.params["publicId"] ?? "");
      // Shares, configs, subscriptions and the runners' logs go with it (foreign keys cascade).
      await tx.delete(backendTemplates).where(eq(backendTemplates.id, f.row.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: TOPIC, target: f.row.publicId, before: { name: f.row.name, description: f.row.description } }]);
      return f;
    });
    return { type: TOPIC, data: { publicId: found.row.publicId } };
  },

  "BackendTemplateLogs.GET": async (ctx) => {
    const company = companyOf(ctx);
    const found = await seenTemplate(ctx.db, company.id, ctx.params["publicId"] ?? "");
    const text = await logText(ctx.db, company.id, found.row.id);
    await ctx.reply.header("content-type", "text/plain; charset=utf-8")
      .header("content-disposition", `attachment; filename="${LOG_FILE_NAME}"`)
      .header("cache-control", "no-store").send(text);
    return { type: "TemplateLog", data: null, raw: true };
  },
};
