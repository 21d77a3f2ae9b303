/**
 * The demo pages (issue 13): each written as a published page with a draft copy of it, the way
 * core's rules leave a page after publish (rules/pages.ts), previewed on a demo device.
 */
import { and, eq } from "drizzle-orm";
import type { DemoPage } from "@portal/fixtures/demo/demoData";
import { emptyVersion, publish, ensureDraft } from "@portal/core/rules/pages";
import { Result } from "effect";
import type { Db } from "../db/Database";
import { agents, pages } from "../db/schema";
import { newPublicId } from "../ids";
import { insertPage } from "../pages/pageRows";

export async function loadDemoPages(tx: Db, companyId: number, list: ReadonlyArray<DemoPage>): Promise<void> {
  for (const p of list) {
    const [agent] = p.previewAgent === null ? [] : await tx.select({ publicId: agents.publicId }).from(agents)
      .where(and(eq(agents.companyId, companyId), eq(agents.name, p.previewAgent)));
    const ensured = ensureDraft({ publicId: newPublicId(), draft: null, published: null }, { title: p.title, icon: p.icon }, newPublicId);
    const draft = { ...emptyVersion(ensured.page.draft!.publicId, { title: p.title, icon: p.icon }), components: [...p.components], previewAgent: agent ? { publicId: agent.publicId } : null };
    const published = publish({ ...ensured.page, draft }, newPublicId);
    if (Result.isFailure(published)) throw published.failure;
    const row = await insertPage(tx, companyId, p.kind, published.success.page);
    if (p.default) await tx.update(pages).set({ isDefault: true }).where(eq(pages.id, row.id));
  }
}
