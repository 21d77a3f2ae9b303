/**
 * Reading a company's identity (issue 12): its branding row (when it has one) and its own
 * fields, as core's CompanyIdentity and as the fields core's validateIdentity checks.
 */
import { eq } from "drizzle-orm";
import type { CompanyIdentity } from "@portal/core/domain/Identity";
import type { IdentityFields } from "@portal/core/rules/identity";
import { rowsOf, type Db } from "../db/Database";
import { sql } from "drizzle-orm";
import { brandings, companies } from "../db/schema";

export type CompanyRowFull = typeof companies.$inferSelect;
export type BrandingRowFull = typeof brandings.$inferSelect;

/** The company row and its branding row (null when it has none). */
export async function identityRows(db: Db, companyId: number): Promise<{ company: CompanyRowFull; branding: BrandingRowFull | null }> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new Error(`company ${companyId} vanished`);
  const [branding] = company.brandingId === null ? [] : await db.select().from(brandings).where(eq(brandings.id, company.brandingId));
  return { company, branding: branding ?? null };
}

/** The fields validateIdentity checks, as stored (a company without branding shows its own name). */
export const identityFields = (company: CompanyRowFull, branding: BrandingRowFull | null): IdentityFields => ({
  name: branding?.name ?? company.name,
  theme: branding?.theme ?? "light",
  primaryColor: branding?.custom.glbPrimaryColor ?? null,
  browserTitle: branding?.custom.glbBrowserTitle ?? null,
  fqdn: branding?.fqdn ?? null,
  appleAppStoreLink: company.appleAppStoreLink,
  googlePlayStoreLink: company.googlePlayStoreLink,
});

/** The wire view of the identity. */
export const identityView = (company: CompanyRowFull, branding: BrandingRowFull | null): CompanyIdentity => ({
  publicId: company.publicId,
  ...identityFields(company, branding),
  logo: branding?.logo ?? null,
  appleTouchIcon: branding?.appleTouchIcon ?? null,
  favicon: company.favicon,
});

/** Every user of the company (company roles and group roles): who is told of a branding change. */
export async function companyUserIds(tx: Db, companyId: number): Promise<number[]> {
  const rows = rowsOf<{ user_id: number }>(await tx.execute(sql`
    select user_id from memberships where company_id = ${companyId}
    union select gm.user_id from group_memberships gm join groups g on g.id = gm.group_id where g.company_id = ${companyId}`));
  return rows.map((r) => Number(r.user_id));
}

/** Whether another company or a sector shares this branding row (then an edit copies it first). */
export async function brandingShared(tx: Db, brandingId: number, companyId: number): Promise<boolean> {
  const [row] = rowsOf<{ n: string | number }>(await tx.execute(sql`
    select (select count(*) from companies where branding_id = ${brandingId} and id <> ${companyId})
         + (select count(*) from sectors where branding_id = ${brandingId}) as n`));
  return Number(row?.n ?? 0) > 0;
}
