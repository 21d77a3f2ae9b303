/**
 * Pages (issue 13; spec 4 and 7 "Pages"): report templates and dashboard pages with a draft and
 * a published version. Every state change is core's (rules/pages.ts: ensureDraft, discardDraft,
 * publish, duplicate); this file loads the page, calls the rule and writes exactly the version
 * rows it changed (pages/pageRows.ts). Every write is one transaction with the page locked and
 * one audit entry. Export and import use core's versioned file (rules/pageFile.ts); a bad file
 * is refused with the reason before anything is written.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { Result } from "effect";
import type { Page, PageVersion } from "@portal/core/domain/Page";
import { Conflict, NoPublishedPage, NotFound, PageHasNoDraft } from "@portal/core/errors";
import { copyVersion, discardDraft, duplicate, emptyVersion, ensureDraft, publish, type PageState } from "@portal/core/rules/pages";
import { checkPageTitle, exportPageFile, parsePageFile } from "@portal/core/rules/pageFile";
import type { PageVersionBody } from "@portal/core/wire/pagePayloads";
import { writeAudit, type AuditAction } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { agents, assets, pages, pageVersions } from "../db/schema";
import { filterConditions, keyset, page as pageOf } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { findPage, insertPage, pagesOf, writeState, type PageRow } from "../pages/pageRows";

const TOPIC = "Page";

const orThrow = <A>(result: Result.Result<A, unknown>): A => {
  if (Result.isFailure(result)) throw result.failure;
  return result.success;
};

/**
 * Runs a change of one page in a transaction with the page row locked: `fn` gets the row and the
 * page as stored, answers the page after and what to audit; one audit entry is written.
 */
async function changePage(
  ctx: RequestContext, publicId: string, action: AuditAction,
  fn: (tx: Db, row: PageRow, before: Page) => Promise<{ after: Page | null; target?: string }>,
): Promise<Page | null> {
  const companyId = companyOf(ctx).id;
  return ctx.db.transaction(async (tx) => {
    const row = await findPage(tx, companyId, publicId, true);
    const [before] = await pagesOf(tx, [row]);
    const { after, target } = await fn(tx, row, before!);
    await writeAudit(tx, actorOf(ctx), [{ action, topic: TOPIC, target: target ?? publicId, before, ...(after ? { after } : {}) }]);
    return after;
  });
}

/** The page as now stored (inside the same transaction). */
const reread = async (tx: Db, row: PageRow): Promise<Page> => (await pagesOf(tx, [row]))[0]!;

/** A version body as core's PageVersion (the same fields; the schema bounded them). */
const versionOfBody = (v: PageVersionBody): PageVersion => ({
  publicId: v.publicId, title: v.title.trim(), custom: v.custom.glbMatIcon ? { glbMatIcon: v.custom.glbMatIcon } : {}, periodSpec: v.periodSpec.trim(),
  components: v.components, pagePages: v.pagePages, previewAgent: v.previewAgent, previewAsset: v.previewAsset,
});

/** The version of `current` a PATCH replaces: it must exist and carry the same id (else the editor worked on a stale copy). */
const replaceVersion = (current: PageVersion | null, body: PageVersionBody | undefined, missing: () => Error): PageVersion | null => {
  if (body === undefined) return current;
  if (!current) throw missing();
  if (current.publicId !== body.publicId) {
    throw new Conflict({ issues: [{ message: "The page changed meanwhile; reload it", propertyName: "publicId" }] });
  }
  return versionOfBody(body);
};

/** The published pages of a company (what a device or an asset shows), paged. */
async function companyPages(ctx: RequestContext, extra: SQL[]) {
  const { after, orderBy } = keyset([pages.createdAt, pages.publicId], ctx.list.pageAfter);
  const where: SQL[] = [eq(pages.companyId, companyOf(ctx).id), ...extra, ...filterConditions(ctx.list.filters, {
    publicId: { column: pages.publicId, type: "text" }, kind: { column: pages.kind, type: "text" }, isDefault: { column: pages.isDefault, type: "boolean" },
  })];
  if (after) where.push(after);
  const rows = await ctx.db.select().from(pages).where(and(...where)).orderBy(...orderBy, asc(pages.id)).limit(ctx.list.pageSize + 1);
  const p = pageOf(rows, ctx.list.pageSize, (r) => [r.createdAt.toISOString(), r.publicId]);
  return { type: TOPIC, data: await pagesOf(ctx.db, p.rows), moreAfter: p.moreAfter };
}

/** Pages with a published version: the ones a device or asset can show. */
const publishedOnly = (): SQL => sql`exists (select 1 from ${pageVersions} pv where pv.page_id = ${pages.id} and pv.state = 'published')`;

export const pageRoutes: HandlersOf<
  "PageList" | "Page" | "PageDraft" | "PagePublish" | "PageDuplicate" | "PageDefault" | "PageExport" | "PageImportList" | "AgentPageList" | "AssetPageList"
> = {
  "PageList.GET": (ctx) => companyPages(ctx, []),

  "PageList.POST": async (ctx) => {
    const body = ctx.body;
    const title = orThrow(checkPageTitle(body.title));
    const companyId = companyOf(ctx).id;
    const created = await ctx.db.transaction(async (tx) => {
      const ensured = ensureDraft({ publicId: newPublicId(), draft: null, published: null }, { title, icon: body.custom?.glbMatIcon ?? null }, newPublicId);
      const state: PageState = body.periodSpec === undefined ? ensured.page : { ...ensured.page, draft: { ...ensured.page.draft!, periodSpec: body.periodSpec.trim() } };
      const row = await insertPage(tx, companyId, body.kind ?? "dashboard", state);
      const after = await reread(tx, row);
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: TOPIC, target: row.publicId, after }]);
      return row;
    });
    return { type: TOPIC, data: [{ publicId: created.publicId }], status: 201 };
  },

  "Page.GET": async (ctx) => {
    const row = await findPage(ctx.db, companyOf(ctx).id, ctx.params["publicId"]!);
    return { type: TOPIC, data: (await pagesOf(ctx.db, [row]))[0]! };
  },

  "Page.PATCH": async (ctx) => {
    const body = ctx.body;
    const after = await changePage(ctx, ctx.params["publicId"]!, "UPDATE", async (tx, row, before) => {
      const state: PageState = {
        publicId: before.publicId,
        draft: replaceVersion(before.draft, body.draft, () => new PageHasNoDraft({ pagePublicId: before.publicId })),
        published: replaceVersion(before.published, body.published, () => new NoPublishedPage({ pagePublicId: before.publicId })),
      };
      await writeState(tx, row, state);
      return { after: await reread(tx, row) };
    });
    return { type: TOPIC, data: after! };
  },

  "Page.DELETE": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    await changePage(ctx, publicId, "DELETE", async (tx, row) => {
      await tx.delete(pages).where(eq(pages.id, row.id));
      return { after: null };
    });
    return { type: TOPIC, data: { publicId } };
  },

  "PageDraft.POST": async (ctx) => {
    // Ensuring an existing draft changes nothing: no transaction of writes, no audit entry.
    const companyId = companyOf(ctx).id;
    const row = await findPage(ctx.db, companyId, ctx.params["publicId"]!);
    const [current] = await pagesOf(ctx.db, [row]);
    if (current!.draft) return { type: "PageVersion", data: current!.draft };
    const after = await changePage(ctx, row.publicId, "CREATE", async (tx, locked, before) => {
      const defaults = { title: before.published?.title ?? "", icon: before.published?.custom.glbMatIcon ?? null };
      const ensured = ensureDraft(before, defaults, newPublicId);
      if (ensured.created) await writeState(tx, locked, ensured.page);
      return { after: await reread(tx, locked) };
    });
    return { type: "PageVersion", data: after!.draft! };
  },

  "PageDraft.DELETE": async (ctx) => {
    const after = await changePage(ctx, ctx.params["publicId"]!, "DELETE", async (tx, row, before) => {
      const r = orThrow(discardDraft(before, newPublicId));
      await writeState(tx, row, r.page);
      return { after: await reread(tx, row), target: r.deleted.publicId };
    });
    return { type: TOPIC, data: after! };
  },

  "PagePublish.POST": async (ctx) => {
    const after = await changePage(ctx, ctx.params["publicId"]!, "TRIGGER", async (tx, row, before) => {
      const r = orThrow(publish(before, newPublicId));
      await writeState(tx, row, r.page);
      return { after: await reread(tx, row) };
    });
    return { type: TOPIC, data: after! };
  },

  "PageDuplicate.POST": async (ctx) => {
    const companyId = companyOf(ctx).id;
    const copy = await ctx.db.transaction(async (tx) => {
      const row = await findPage(tx, companyId, ctx.params["publicId"]!, true);
      const [source] = await pagesOf(tx, [row]);
      const state = orThrow(duplicate(source!, newPublicId));
      const created = await insertPage(tx, companyId, row.kind, state);
      const after = await reread(tx, created);
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: TOPIC, target: created.publicId, after: { ...after, duplicateOf: row.publicId } }]);
      return after;
    });
    return { type: TOPIC, data: copy };
  },

  "PageDefault.POST": async (ctx) => {
    const after = await changePage(ctx, ctx.params["publicId"]!, "UPDATE", async (tx, row) => {
      await tx.update(pages).set({ isDefault: false }).where(and(eq(pages.companyId, row.companyId), eq(pages.kind, row.kind), eq(pages.isDefault, true)));
      await tx.update(pages).set({ isDefault: true }).where(eq(pages.id, row.id));
      return { after: await reread(tx, { ...row, isDefault: true }) };
    });
    return { type: TOPIC, data: after! };
  },

  "PageExport.GET": async (ctx) => {
    const row = await findPage(ctx.db, companyOf(ctx).id, ctx.params["publicId"]!);
    const [current] = await pagesOf(ctx.db, [row]);
    const file = exportPageFile(current!, new Date(ctx.now).toISOString());
    if (!file) throw new NotFound({ entity: "PageVersion", publicId: row.publicId });
    return { type: "PageFile", data: file };
  },

  "PageImportList.POST": async (ctx) => {
    // Judged whole before the transaction: a refused file writes nothing.
    const file = orThrow(parsePageFile(ctx.body.file ?? ""));
    const companyId = companyOf(ctx).id;
    const created = await ctx.db.transaction(async (tx) => {
      const published: PageVersion = {
        ...emptyVersion(newPublicId(), { title: file.page.title }), custom: file.page.custom, periodSpec: file.page.periodSpec,
        components: file.page.components, pagePages: file.page.pagePages,
      };
      const state: PageState = { publicId: newPublicId(), published, draft: copyVersion(published, newPublicId()) };
      const row = await insertPage(tx, companyId, file.kind, state);
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: TOPIC, target: row.publicId, after: { ...(await reread(tx, row)), importedFrom: file.exportedAt } }]);
      return row;
    });
    return { type: TOPIC, data: [{ publicId: created.publicId }], status: 201 };
  },

  "AgentPageList.GET": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    const [a] = await ctx.db.select({ id: agents.id }).from(agents).where(and(eq(agents.companyId, companyOf(ctx).id), eq(agents.publicId, publicId)));
    if (!a) throw new NotFound({ entity: "Agent", publicId });
    return companyPages(ctx, [publishedOnly()]);
  },

  "AssetPageList.GET": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    const [a] = await ctx.db.select({ id: assets.id }).from(assets).where(and(eq(assets.companyId, companyOf(ctx).id), eq(assets.publicId, publicId)));
    if (!a) throw new NotFound({ entity: "Asset", publicId });
    return companyPages(ctx, [publishedOnly()]);
  },
};
