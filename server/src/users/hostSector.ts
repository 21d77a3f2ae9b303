/**
 * The sector a signed-out caller belongs to (registration, the sector's privacy statement): the
 * sector whose branding, or whose company's branding, has the host of the Api-Branding header as
 * fqdn; else the first sector (a portal with one sector, as the demo and most installations are).
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/Database";
import { brandings, companies, sectors } from "../db/schema";
import type { RequestContext } from "../http/RequestContext";

export type SectorRow = typeof sectors.$inferSelect;

/** The host named by Api-Branding, lower-cased and without a port; "" when absent. */
export function brandingHostOf(ctx: RequestContext): string {
  const raw = ctx.request.headers["api-branding"];
  return ((Array.isArray(raw) ? raw[0] : raw) ?? "").trim().toLowerCase().replace(/:\d+$/, "");
}

export async function hostSector(db: Db, host: string): Promise<SectorRow | null> {
  if (host !== "") {
    const [own] = await db.select({ s: sectors }).from(sectors).innerJoin(brandings, eq(brandings.id, sectors.brandingId))
      .where(eq(brandings.fqdn, host)).orderBy(asc(sectors.id)).limit(1);
    if (own) return own.s;
    const [viaCompany] = await db.select({ s: sectors }).from(companies).innerJoin(brandings, eq(brandings.id, companies.brandingId))
      .innerJoin(sectors, eq(sectors.id, companies.sectorId)).where(eq(brandings.fqdn, host)).orderBy(asc(companies.id)).limit(1);
    if (viaCompany) return viaCompany.s;
  }
  const [first] = await db.select().from(sectors).orderBy(asc(sectors.id)).limit(1);
  return first ?? null;
}
