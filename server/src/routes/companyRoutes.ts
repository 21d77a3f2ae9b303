/**
 * Companies, sectors, branding and terms of use: my companies with my rights in each, my rights
 * in the selected company, my sector, a company of mine with its parents (for the nearest fqdn),
 * host branding without sign-in, and acceptance of terms of use.
 */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { ALL_RIGHTS, type Right } from "@portal/core/domain/Right";
import { InvalidInput, NotFound } from "@portal/core/errors";
import { writeAudit } from "../audit/writeAudit";
import { activeMembership } from "../users/members";
import type { Db } from "../db/Database";
import { brandings, companies, memberships, roles, sectors, termsAcceptances, termsOfUsePolicies } from "../db/schema";
import type { Company } from "@portal/core/domain/Company";
import { companyAccessEnd } from "@portal/core/rules/expiryWarning";
import { termsSource } from "@portal/core/rules/termsOfUse";
import { sanitizeTermsHtml } from "../terms/sanitizeTermsHtml";
import { actorOf, userOf, type RequestContext, type HandlersOf } from "../http/RequestContext";

type BrandingRow = typeof brandings.$inferSelect;

/** Deepest parent chain served; guards against a cycle in bad data. */
const MAX_PARENT_DEPTH = 8;

export const brandingJson = (b: BrandingRow) => ({
  publicId: b.publicId, name: b.name, appleTouchIcon: b.appleTouchIcon, theme: b.theme, fqdn: b.fqdn, logo: b.logo,
  custom: { glbBrowserTitle: b.custom.glbBrowserTitle ?? null, glbPrimaryColor: b.custom.glbPrimaryColor ?? null },
});

/**
 * My companies with the rights I hold in each (union of my roles there), in the order of
 * ALL_RIGHTS, and when my temporary access there ends (core's companyAccessEnd over my memberships).
 */
async function myCompanies(db: Db, userId: number, now: number = Date.now()) {
  const rows = await db.select({
    publicId: companies.publicId, name: companies.name, id: companies.id, sectorId: companies.sectorId, rights: roles.rights, expiresOn: memberships.expiresOn,
  })
    .from(memberships).innerJoin(companies, eq(companies.id, memberships.companyId)).innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), activeMembership(now))).orderBy(companies.name, companies.id);
  const byId = new Map<number, { publicId: string; name: string; sectorId: number; rights: Set<string>; ends: Array<number | null> }>();
  for (const r of rows) {
    const entry = byId.get(r.id) ?? { publicId: r.publicId, name: r.name, sectorId: r.sectorId, rights: new Set<string>(), ends: [] };
    for (const right of r.rights) entry.rights.add(right);
    entry.ends.push(r.expiresOn?.getTime() ?? null);
    byId.set(r.id, entry);
  }
  return [...byId.values()].map(({ ends, ...c }) => {
    const end = companyAccessEnd(ends);
    return { ...c, rights: ALL_RIGHTS.filter((r) => c.rights.has(r)) as Right[], expiresOn: end === null ? null : new Date(end).toISOString() };
  });
}

async function latestSectorTerms(db: Db, sectorId: number) {
  const [row] = await db.select().from(termsOfUsePolicies).where(eq(termsOfUsePolicies.sectorId, sectorId))
    .orderBy(desc(termsOfUsePolicies.createdAt), desc(termsOfUsePolicies.id)).limit(1);
  return row;
}

async function termsJson(db: Db, userId: number, policy: typeof termsOfUsePolicies.$inferSelect | undefined) {
  if (!policy) return null;
  const [accepted] = await db.select().from(termsAcceptances)
    .where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.policyId, policy.id)));
  // Sanitised on the way out: the stored body is administrators' HTML shown to every user.
  return { publicId: policy.publicId, body: sanitizeTermsHtml(policy.body), accepted: accepted !== undefined };
}

async function brandingById(db: Db, id: number | null) {
  if (id === null) return null;
  const [b] = await db.select().from(brandings).where(eq(brandings.id, id));
  return b ? brandingJson(b) : null;
}

/** A company with its parents nested under `parent`, each with its branding. */
async function companyJson(db: Db, userId: number, companyId: number, depth = 0): Promise<Company | null> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!c) return null;
  const [companyTerms] = await db.select().from(termsOfUsePolicies).where(eq(termsOfUsePolicies.companyId, c.id))
    .orderBy(desc(termsOfUsePolicies.createdAt), desc(termsOfUsePolicies.id)).limit(1);
  const latest = termsSource(c.customTermsOfUse, companyTerms !== undefined) === "company" ? companyTerms : await latestSectorTerms(db, c.sectorId);
  return {
    publicId: c.publicId,
    name: c.name,
    customTermsOfUse: c.customTermsOfUse,
    latestTermsOfUse: await termsJson(db, userId, latest),
    branding: await brandingById(db, c.brandingId),
    favicon: c.favicon,
    appleAppStoreLink: c.appleAppStoreLink,
    googlePlayStoreLink: c.googlePlayStoreLink,
    parent: c.parentId !== null && depth < MAX_PARENT_DEPTH ? await companyJson(db, userId, c.parentId, depth + 1) : null,
  };
}

/** The sector of the selected company (Api-Company, when it is mine) or of my first company. */
async function mySectorId(ctx: RequestContext): Promise<number> {
  const mine = await myCompanies(ctx.db, userOf(ctx).id, ctx.now);
  const selected = ctx.request.headers["api-company"];
  const chosen = mine.find((c) => c.publicId === selected) ?? mine[0];
  if (!chosen) throw new NotFound({ entity: "Sector" });
  return chosen.sectorId;
}

export const companyRoutes: HandlersOf<"MyCompanyList" | "MyRights" | "MySector" | "Company" | "BrandingList" | "SsoIdentityProviderList" | "TermsOfUseAcceptance"> = {
  "MyCompanyList.GET": async (ctx) => ({
    type: "MyCompany",
    data: (await myCompanies(ctx.db, userOf(ctx).id, ctx.now)).map(({ publicId, name, rights, expiresOn }) => ({ publicId, name, rights, expiresOn })),
  }),

  "MyRights.GET": async (ctx) => ({ type: "MyRights", data: { rights: ALL_RIGHTS.filter((r) => ctx.rights.has(r)) } }),

  "MySector.GET": async (ctx) => {
    const sectorId = await mySectorId(ctx);
    const [s] = await ctx.db.select().from(sectors).where(eq(sectors.id, sectorId));
    const latest = await termsJson(ctx.db, userOf(ctx).id, await latestSectorTerms(ctx.db, sectorId));
    return {
      type: "Sector",
      data: {
        publicId: s!.publicId,
        name: s!.name,
        latestTermsOfUse: latest,
        branding: await brandingById(ctx.db, s!.brandingId),
        custom: {
          glbVpnClientReleaseNotesUrl: s!.custom.glbVpnClientReleaseNotesUrl ?? null,
          glbSupportedPlatforms: s!.custom.glbSupportedPlatforms ?? [],
        },
      },
    };
  },

  "Company.GET": async (ctx) => {
    const publicId = ctx.params["publicId"] ?? "";
    const mine = (await myCompanies(ctx.db, userOf(ctx).id, ctx.now)).find((c) => c.publicId === publicId);
    if (!mine) throw new NotFound({ entity: "Company", publicId });
    const [row] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.publicId, publicId));
    const company = row ? await companyJson(ctx.db, userOf(ctx).id, row.id) : null;
    if (!company) throw new NotFound({ entity: "Company", publicId });
    return { type: "Company", data: company };
  },

  "BrandingList.GET": async (ctx) => {
    const raw = ctx.request.headers["api-branding"];
    const host = ((Array.isArray(raw) ? raw[0] : raw) ?? "").trim().toLowerCase().replace(/:\d+$/, "");
    if (host === "") return { type: "Branding", data: [] };
    const rows = await ctx.db.select().from(brandings).where(eq(brandings.fqdn, host)).orderBy(brandings.id);
    return { type: "Branding", data: rows.map(brandingJson) };
  },

  // No SSO identity providers are configured in this product yet: the list is empty, not missing.
  "SsoIdentityProviderList.GET": async () => ({ type: "SsoIdentityProvider", data: [] }),

  "TermsOfUseAcceptance.POST": async (ctx) => {
    const user = userOf(ctx);
    const publicId = ctx.params["publicId"] ?? "";
    const mine = await myCompanies(ctx.db, user.id, ctx.now);
    if (mine.length === 0) throw new NotFound({ entity: "TermsOfUsePolicy", publicId });
    const companyIds = (await ctx.db.select({ id: companies.id }).from(companies)
      .where(inArray(companies.publicId, mine.map((c) => c.publicId)))).map((r) => r.id);
    const [policy] = await ctx.db.select().from(termsOfUsePolicies).where(and(
      eq(termsOfUsePolicies.publicId, publicId),
      or(inArray(termsOfUsePolicies.sectorId, [...new Set(mine.map((c) => c.sectorId))]), inArray(termsOfUsePolicies.companyId, companyIds)),
    ));
    if (!policy) throw new NotFound({ entity: "TermsOfUsePolicy", publicId });
    if (ctx.body !== undefined && ctx.body !== null && (typeof ctx.body !== "object" || Array.isArray(ctx.body))) {
      throw new InvalidInput({ issues: [{ message: "Body must be an object or empty" }] });
    }
    await ctx.db.transaction(async (tx) => {
      const inserted = await tx.insert(termsAcceptances).values({ userId: user.id, policyId: policy.id, acceptedAt: new Date(ctx.now) })
        .onConflictDoNothing().returning({ policyId: termsAcceptances.policyId });
      if (inserted.length > 0) {
        await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: "TermsOfUseAcceptance", target: policy.publicId, after: { accepted: true } }]);
      }
    });
    return { type: "TermsOfUseAcceptance", data: { publicId: policy.publicId, accepted: true } };
  },
};
