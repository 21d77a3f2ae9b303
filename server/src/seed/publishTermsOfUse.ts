/**
 * Publishes a new terms-of-use version, as the terms builder (a later issue) will: the newest
 * policy of a sector or company is its latest, so every user must accept it (the alert).
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/Database";
import { companies, termsOfUsePolicies } from "../db/schema";
import { newPublicId } from "../ids";

/**
 * A new version of the sector terms of the company `companyPublicId` belongs to (the first
 * company when null), or (own: true) of that company's custom terms. Returns its publicId.
 */
export async function publishTermsOfUse(db: Db, companyPublicId: string | null, body: string, options: { own?: boolean } = {}): Promise<string> {
  const [company] = companyPublicId === null
    ? await db.select().from(companies).orderBy(asc(companies.id)).limit(1)
    : await db.select().from(companies).where(eq(companies.publicId, companyPublicId));
  if (!company) throw new Error(`No company ${companyPublicId ?? ""}`.trim());
  const [row] = await db.insert(termsOfUsePolicies).values({
    publicId: newPublicId(), body,
    ...(options.own === true ? { companyId: company.id } : { sectorId: company.sectorId }),
  }).returning({ publicId: termsOfUsePolicies.publicId });
  return row!.publicId;
}
