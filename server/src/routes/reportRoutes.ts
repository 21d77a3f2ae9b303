/**
 * Reports (issue 13; spec 3 "Report queue request", spec 7 "Pages"): queue a page's draft or
 * published version for a period, a time zone and optionally a device or an asset; list the
 * company's reports; download a done report's PDF; delete one (a queued job is withdrawn). The
 * print page reads what to print with the worker's single-use render credential (ReportPrint),
 * never with a user's token. Rights: the pages' write right (manage:pages) for every call.
 */
import { and, eq, gt, lt } from "drizzle-orm";
import { Result } from "effect";
import type { Page } from "@portal/core/domain/Page";
import { Conflict, InvalidInput, NotFound } from "@portal/core/errors";
import { checkReportRequest, reportPeriodLabel } from "@portal/core/rules/reports";
import { writeAudit } from "../audit/writeAudit";
import { hashSecret } from "../auth/secrets";
import type { UserRow } from "../auth/signIn";
import { agents, assets, companies, pages, reportFiles, reports } from "../db/schema";
import { agentViews } from "../devices/agentViews";
import { encodeCursor } from "@portal/core/wire/cursor";
import { actorOf, companyOf, userOf, type CompanyRow, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { findPage, pagesOf } from "../pages/pageRows";
import { publishReportChanged } from "../reports/reportEvents";
import { reportView, reportViews } from "../reports/reportRows";

const TOPIC = "Report";

/** The company's report with this publicId, else NotFound (another company's is not found either). */
async function findReport(ctx: RequestContext, publicId: string) {
  const [row] = await ctx.db.select().from(reports).where(and(eq(reports.companyId, companyOf(ctx).id), eq(reports.publicId, publicId)));
  if (!row) throw new NotFound({ entity: TOPIC, publicId });
  return row;
}

/** The device or asset of a queue call in this company, with its name; NotFound for an unknown one. */
async function targetOf(ctx: RequestContext, agent: { publicId: string } | null | undefined, asset: { publicId: string } | null | undefined) {
  const companyId = companyOf(ctx).id;
  if (agent) {
    const [row] = await ctx.db.select({ id: agents.id, name: agents.name }).from(agents).where(and(eq(agents.companyId, companyId), eq(agents.publicId, agent.publicId)));
    if (!row) throw new NotFound({ entity: "Agent", publicId: agent.publicId });
    return { agentId: row.id, agentName: row.name };
  }
  if (asset) {
    const [row] = await ctx.db.select({ id: assets.id, name: assets.name }).from(assets).innerJoin(agents, eq(agents.id, assets.agentId))
      .where(and(eq(agents.companyId, companyId), eq(assets.publicId, asset.publicId)));
    if (!row) throw new NotFound({ entity: "Asset", publicId: asset.publicId });
    return { assetId: row.id, assetName: row.name };
  }
  return {};
}

/** The cursor of the list: the last report id sent (newest first). */
const afterOf = (ctx: RequestContext) => {
  const key = ctx.list.pageAfter;
  return key && typeof key[0] === "number" ? lt(reports.id, key[0]) : undefined;
};

export const reportRoutes: HandlersOf<"ReportList" | "Report" | "ReportFile" | "ReportPrint"> = {
  "ReportList.GET": async (ctx) => {
    const size = ctx.list.pageSize;
    const found = await reportViews(ctx.db, eq(reports.companyId, companyOf(ctx).id), size + 1, afterOf(ctx));
    const more = found.length > size;
    const kept = found.slice(0, size);
    return { type: TOPIC, data: kept.map((r) => r.view), moreAfter: more ? encodeCursor([kept[kept.length - 1]!.row.id]) : null };
  },

  "ReportList.POST": async (ctx) => {
    const body = ctx.body;
    const checked = checkReportRequest(body);
    if (Result.isFailure(checked)) throw new InvalidInput({ issues: checked.failure });
    const companyId = companyOf(ctx).id;
    const page = await findPage(ctx.db, companyId, checked.success.report);
    const [state] = await pagesOf(ctx.db, [page]);
    const which = body.version ?? "published";
    const version = (state as Page)[which];
    if (!version) {
      throw new Conflict({ issues: [{ message: which === "draft" ? "Page has no draft version" : "No published page", propertyName: "version" }] });
    }
    const target = await targetOf(ctx, body.agent, body.asset);
    const created = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(reports).values({
        publicId: newPublicId(), companyId, pageId: page.id, version: which, versionPublicId: version.publicId, title: version.title,
        ...target, periodStart: new Date(checked.success.start), periodEnd: new Date(checked.success.end), timeZone: checked.success.timeZone,
        status: "queued", requestedBy: userOf(ctx).id,
      }).returning();
      const after = await reportView(tx, row!.id);
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: TOPIC, target: row!.publicId, after }]);
      // The others who may see reports see the new one queued (the worker tells them the rest).
      await publishReportChanged(tx, row!.id, ctx.now);
      return row!;
    });
    // The job is added once the report row is committed, so a worker always finds it.
    await ctx.deps.reports.enqueue(created.id, created.publicId);
    return { type: TOPIC, data: [{ publicId: created.publicId }], status: 201 };
  },

  "Report.GET": async (ctx) => {
    const row = await findReport(ctx, ctx.params["publicId"]!);
    return { type: TOPIC, data: (await reportView(ctx.db, row.id))! };
  },

  "Report.DELETE": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(reports).where(and(eq(reports.companyId, companyOf(ctx).id), eq(reports.publicId, publicId))).for("update");
      if (!row) throw new NotFound({ entity: TOPIC, publicId });
      const before = await reportView(tx, row.id);
      // The others who may see reports drop it from their lists (published with the commit).
      await publishReportChanged(tx, row.id, ctx.now, true);
      // The PDF goes with the row (on delete cascade); a worker still printing finds no row and stores nothing.
      await tx.delete(reports).where(eq(reports.id, row.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: TOPIC, target: publicId, before }]);
    });
    return { type: TOPIC, data: { publicId } };
  },

  "ReportFile.GET": async (ctx) => {
    const row = await findReport(ctx, ctx.params["publicId"]!);
    if (row.status !== "done") throw new Conflict({ issues: [{ message: "The report is not printed yet" }] });
    const [file] = await ctx.db.select({ pdf: reportFiles.pdf }).from(reportFiles).where(eq(reportFiles.reportId, row.id));
    if (!file) throw new NotFound({ entity: "ReportFile", publicId: row.publicId });
    const name = `${row.title.replace(/[^\w .-]+/g, "_").slice(0, 80) || "report"}-${row.publicId}.pdf`;
    await ctx.reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "private, no-store")
      .send(file.pdf);
    return { type: "ReportFile", data: null, raw: true };
  },

  "ReportPrint.POST": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    // Single use: the credential is cleared by the statement that accepts it.
    const [row] = await ctx.db.update(reports).set({ renderCredentialHash: null, renderCredentialExpiresAt: null })
      .where(and(
        eq(reports.publicId, publicId), eq(reports.status, "running"), eq(reports.renderCredentialHash, hashSecret(ctx.body.credential)),
        gt(reports.renderCredentialExpiresAt, new Date(ctx.now)),
      )).returning();
    if (!row) throw new NotFound({ entity: TOPIC, publicId });
    const report = (await reportView(ctx.db, row.id))!;
    const page = row.pageId === null ? undefined : (await pagesOf(ctx.db, [await pageRow(ctx, row.pageId)]))[0];
    const version = page ? [page.draft, page.published].find((v) => v?.publicId === row.versionPublicId) : undefined;
    if (!version) throw new NotFound({ entity: "PageVersion", publicId: row.versionPublicId });
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, row.companyId));
    // The device as the member who queued it would see it (no session here: the report is the authority).
    const asRequester = { ...ctx, user: { id: row.requestedBy ?? 0 } as UserRow, company: company as CompanyRow, rights: new Set() } as RequestContext;
    // An asset's report shows its device's data: the components read the device the asset sits on.
    const agentId = row.agentId ?? (row.assetId === null ? null
      : (await ctx.db.select({ agentId: assets.agentId }).from(assets).where(eq(assets.id, row.assetId)))[0]?.agentId ?? null);
    const agent = agentId === null ? null : (await agentViews(asRequester, ctx.db, eq(agents.id, agentId), [], 1))[0] ?? null;
    return {
      type: "ReportPrint",
      data: { report, version, agent, asset: report.asset, periodLabel: reportPeriodLabel(report.start, report.end, report.timeZone) },
    };
  },
};

async function pageRow(ctx: RequestContext, id: number) {
  const [row] = await ctx.db.select().from(pages).where(eq(pages.id, id));
  if (!row) throw new NotFound({ entity: "Page" });
  return row;
}
