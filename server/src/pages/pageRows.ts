/**
 * Pages in PostgreSQL (issue 13): a page row and its version rows read as core's Page, and a
 * new state (from core's rules/pages.ts) written back as exactly the version rows it deletes,
 * changes or creates. Previews are stored as device and asset ids of the page's company.
 */
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Page, PageKind, PageVersion } from "@portal/core/domain/Page";
import { InvalidInput, NotFound } from "@portal/core/errors";
import type { PageState } from "@portal/core/rules/pages";
import type { Db } from "../db/Database";
import { agents, assets, pages, pageVersions } from "../db/schema";

export type PageRow = typeof pages.$inferSelect;
type VersionRow = typeof pageVersions.$inferSelect & { agentPublicId: string | null; assetPublicId: string | null };

const versionOf = (v: VersionRow): PageVersion => ({
  publicId: v.publicId, title: v.title, custom: v.icon === null ? {} : { glbMatIcon: v.icon }, periodSpec: v.periodSpec,
  components: v.components, pagePages: v.pagePages,
  previewAgent: v.agentPublicId === null ? null : { publicId: v.agentPublicId },
  previewAsset: v.assetPublicId === null ? null : { publicId: v.assetPublicId },
});

/** The versions of these pages, by page id. */
async function versionsOf(db: Db, pageIds: ReadonlyArray<number>): Promise<Map<number, VersionRow[]>> {
  const out = new Map<number, VersionRow[]>();
  if (pageIds.length === 0) return out;
  const rows = await db.select({ v: pageVersions, agentPublicId: agents.publicId, assetPublicId: assets.publicId }).from(pageVersions)
    .leftJoin(agents, eq(agents.id, pageVersions.previewAgentId)).leftJoin(assets, eq(assets.id, pageVersions.previewAssetId))
    .where(inArray(pageVersions.pageId, [...pageIds]));
  for (const r of rows) {
    const list = out.get(r.v.pageId) ?? [];
    list.push({ ...r.v, agentPublicId: r.agentPublicId, assetPublicId: r.assetPublicId });
    out.set(r.v.pageId, list);
  }
  return out;
}

/** Core's Page of each row, in the rows' order. */
export async function pagesOf(db: Db, rows: ReadonlyArray<PageRow>): Promise<Page[]> {
  const versions = await versionsOf(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const vs = versions.get(r.id) ?? [];
    const draft = vs.find((v) => v.state === "draft");
    const published = vs.find((v) => v.state === "published");
    return { publicId: r.publicId, kind: r.kind, isDefault: r.isDefault, draft: draft ? versionOf(draft) : null, published: published ? versionOf(published) : null };
  });
}

/** The company's page with this publicId, locked for the rest of the transaction when `lock`; else NotFound. */
export async function findPage(db: Db, companyId: number, publicId: string, lock = false): Promise<PageRow> {
  const q = db.select().from(pages).where(and(eq(pages.companyId, companyId), eq(pages.publicId, publicId)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new NotFound({ entity: "Page", publicId });
  return row;
}

/** The ids of the previews of a version, which must be a device and an asset of the company (else InvalidInput). */
async function previewIds(db: Db, companyId: number, v: PageVersion, field: string): Promise<{ agentId: number | null; assetId: number | null }> {
  let agentId: number | null = null;
  let assetId: number | null = null;
  if (v.previewAgent) {
    const [a] = await db.select({ id: agents.id }).from(agents).where(and(eq(agents.companyId, companyId), eq(agents.publicId, v.previewAgent.publicId)));
    if (!a) throw new InvalidInput({ issues: [{ message: "The preview device is not a device of this company", propertyName: `${field}.previewAgent` }] });
    agentId = a.id;
  }
  if (v.previewAsset) {
    const [a] = await db.select({ id: assets.id }).from(assets).where(and(eq(assets.companyId, companyId), eq(assets.publicId, v.previewAsset.publicId)));
    if (!a) throw new InvalidInput({ issues: [{ message: "The preview asset is not an asset of this company", propertyName: `${field}.previewAsset` }] });
    assetId = a.id;
  }
  return { agentId, assetId };
}

/**
 * Writes `state` as the versions of page `row`: deletes the version rows whose ids are gone,
 * updates those that stay and inserts the new ones (in that order, so that at most one draft and
 * one published row exist at every step).
 */
export async function writeState(db: Db, row: PageRow, state: PageState): Promise<void> {
  const keep = [state.draft, state.published].filter((v): v is PageVersion => v !== null);
  const ids = keep.map((v) => v.publicId);
  await db.delete(pageVersions).where(ids.length === 0 ? eq(pageVersions.pageId, row.id) : and(eq(pageVersions.pageId, row.id), notInArray(pageVersions.publicId, ids)));
  const existing = new Set((await db.select({ publicId: pageVersions.publicId }).from(pageVersions).where(eq(pageVersions.pageId, row.id))).map((r) => r.publicId));
  const ordered: Array<[PageVersion, "draft" | "published"]> = [];
  if (state.published) ordered.push([state.published, "published"]);
  if (state.draft) ordered.push([state.draft, "draft"]);
  // Existing rows first (a draft that becomes the published version), then the new ones.
  ordered.sort((a, b) => Number(!existing.has(a[0].publicId)) - Number(!existing.has(b[0].publicId)));
  for (const [v, kind] of ordered) {
    const { agentId, assetId } = await previewIds(db, row.companyId, v, kind);
    const values = {
      state: kind, title: v.title, icon: v.custom.glbMatIcon ?? null, periodSpec: v.periodSpec,
      components: [...v.components], pagePages: [...v.pagePages], previewAgentId: agentId, previewAssetId: assetId,
    };
    if (existing.has(v.publicId)) await db.update(pageVersions).set(values).where(eq(pageVersions.publicId, v.publicId));
    else await db.insert(pageVersions).values({ ...values, publicId: v.publicId, pageId: row.id });
  }
}

/** Inserts a page row of the company and writes its versions; answers the row. */
export async function insertPage(db: Db, companyId: number, kind: PageKind, state: PageState): Promise<PageRow> {
  const [row] = await db.insert(pages).values({ publicId: state.publicId, companyId, kind }).returning();
  await writeState(db, row!, state);
  return row!;
}
