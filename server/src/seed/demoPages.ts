/**
 * The demo pages (issue 13): each written as a published page with a draft copy of it, the way
 * core's rules leave a page after publish (rules/pages.ts), previewed on a demo device.
 */
import { and, eq } from "drizzle-orm";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { emptyVersion, publish, ensureDraft } from "@portal/core/rules/pages";
import { Result } from "effect";
import type { Db } from "../db/Database";
import { agents, pages } from "../db/schema";
import { newPublicId } from "../ids";
import { insertPage } from "../pages/pageRows";

/** One demo page as the fixture describes it (fixtures' DemoPage; the loader passes it in). */
export interface DemoPageInput {
  readonly kind: "dashboard" | "report";
  readonly title: string;
  readonly icon: string;
  readonly default: boolean;
  readonly previewAgent: string | null;
  readonly components: ReadonlyArray<PageComponent>;
}

export async function loadDemoPages(tx: Db, companyId: number, list: ReadonlyArray<DemoPageInput>): Promise<void> {
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
