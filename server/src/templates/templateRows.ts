/**
 * Reading backend component templates as a company sees them (issue 13): its own, and those other
 * companies shared with it (read-only there). A template the company cannot see is a 404, so
 * another company's template is indistinguishable from one that does not exist.
 */
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { BackendTemplate } from "@portal/core/domain/BackendTemplate";
import { Conflict, NotFound } from "@portal/core/errors";
import { runnerName, TEMPLATE_READ_ONLY } from "@portal/core/rules/backendTemplates";
import type { Db } from "../db/Database";
import { backendTemplates, companies } from "../db/schema";

export type TemplateRow = typeof backendTemplates.$inferSelect;
export interface SeenTemplate {
  readonly row: TemplateRow;
  readonly owner: { readonly publicId: string; readonly name: string };
}

/** The condition "company `companyId` sees this template": it owns it or it was shared with it. */
export const visibleTo = (companyId: number): SQL =>
  or(eq(backendTemplates.companyId, companyId), sql`${backendTemplates.id} in (select template_id from template_shares where company_id = ${companyId})`)!;

/** Selects templates with their owner, under `where`. */
export const selectTemplates = (db: Db, where: SQL) =>
  db.select({ row: backendTemplates, owner: { publicId: companies.publicId, name: companies.name } })
    .from(backendTemplates).innerJoin(companies, eq(companies.id, backendTemplates.companyId)).where(where);

/** The template as the company `viewer` sees it. */
export const templateView = (t: SeenTemplate, viewer: { id: number; publicId: string }): BackendTemplate => ({
  publicId: t.row.publicId, name: t.row.name, description: t.row.description, company: t.owner,
  shared: t.row.companyId !== viewer.id, runner: runnerName(viewer.publicId, t.row.publicId), createdOn: t.row.createdAt.toISOString(),
});

/** A template the company sees; NotFound otherwise. */
export async function seenTemplate(db: Db, companyId: number, publicId: string): Promise<SeenTemplate> {
  const [found] = await selectTemplates(db, and(eq(backendTemplates.publicId, publicId), visibleTo(companyId))!);
  if (!found) throw new NotFound({ entity: "BackendTemplate", publicId });
  return found;
}

/** A template the company owns: NotFound when it does not see it, 409 TEMPLATE_READ_ONLY when it was only shared with it. */
export async function ownTemplate(db: Db, companyId: number, publicId: string, propertyName?: string): Promise<SeenTemplate> {
  const found = await seenTemplate(db, companyId, publicId);
  if (found.row.companyId !== companyId) throw new Conflict({ issues: [{ message: TEMPLATE_READ_ONLY, ...(propertyName ? { propertyName } : {}) }] });
  return found;
}
