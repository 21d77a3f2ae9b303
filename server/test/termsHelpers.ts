/**
 * Publishes a new terms-of-use version straight into the database, as the terms builder (a later
 * issue) will: the newest policy of a sector or company is its latest, so everyone must accept it.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/Database";
import { companies, termsOfUsePolicies } from "../src/db/schema";
import { newPublicId } from "../src/ids";

/** A new version of the sector terms of the company `companyPublicId` belongs to, or (own: true) of that company's custom terms. */
export async function publishTermsOfUse(db: Db, companyPublicId: string, body: string, options: { own?: boolean } = {}): Promise<string> {
  const [company] = await db.select().from(companies).where(eq(companies.publicId, companyPublicId));
  if (!company) throw new Error(`No company ${companyPublicId}`);
  const [row] = await db.insert(termsOfUsePolicies).values({
    publicId: newPublicId(), body,
    ...(options.own === true ? { companyId: company.id } : { sectorId: company.sectorId }),
  }).returning({ publicId: termsOfUsePolicies.publicId });
  return row!.publicId;
}
