/**
 * Privacy statement and terms of use in the reader's language (spec 2 /privacy-statement,
 * /my-company/privacy-statement, /my-company/terms-of-use; spec 3 policy languages). The sector's
 * privacy statement is open (the registration page links to it); the my-company ones are the
 * selected company's own text when it has one (terms: only with customTermsOfUse "company", core's
 * termsSource), else its sector's. The language: `?language=`, else the user's, else the browser's
 * (Accept-Language), else English (core's rules/policyLanguage.ts). Bodies are sanitised on the way out.
 */
import { desc, eq } from "drizzle-orm";
import type { PolicyText } from "@portal/core/domain/Policy";
import { policyBodyFor, wantedLanguages } from "@portal/core/rules/policyLanguage";
import { termsSource } from "@portal/core/rules/termsOfUse";
import type { Db } from "../db/Database";
import { privacyStatements, termsOfUsePolicies } from "../db/schema";
import { companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { sanitizeTermsHtml } from "../terms/sanitizeTermsHtml";
import { brandingHostOf, hostSector } from "../users/hostSector";

type PolicyTable = typeof privacyStatements | typeof termsOfUsePolicies;
type PolicyRow = { publicId: string; body: string; languages: Record<string, string> };

/** The newest text of a sector or a company in `table`. */
async function latest(db: Db, table: PolicyTable, owner: { sectorId: number } | { companyId: number }): Promise<PolicyRow | undefined> {
  const where = "sectorId" in owner ? eq(table.sectorId, owner.sectorId) : eq(table.companyId, owner.companyId);
  const [row] = await db.select({ publicId: table.publicId, body: table.body, languages: table.languages }).from(table)
    .where(where).orderBy(desc(table.createdAt), desc(table.id)).limit(1);
  return row;
}

/** The languages the caller wants, most wanted first. */
export function languagesOf(ctx: RequestContext): string[] {
  const asked = typeof ctx.query["language"] === "string" ? ctx.query["language"] : null;
  const browser = String(ctx.request.headers["accept-language"] ?? "").split(",")[0]?.split(";")[0] ?? null;
  return wantedLanguages(asked, ctx.user?.language, browser);
}

const shown = (row: PolicyRow | undefined, wanted: string[], source: PolicyText["source"]): PolicyText | null => {
  if (!row) return null;
  const { body, language } = policyBodyFor(row, wanted);
  return { publicId: row.publicId, body: sanitizeTermsHtml(body), language, source };
};

export const policyRoutes: HandlersOf<"PrivacyStatement" | "MyCompanyPrivacyStatement" | "MyCompanyTermsOfUse"> = {
  "PrivacyStatement.GET": async (ctx) => {
    const sector = await hostSector(ctx.db, brandingHostOf(ctx));
    const row = sector ? await latest(ctx.db, privacyStatements, { sectorId: sector.id }) : undefined;
    return { type: "PrivacyStatement", data: shown(row, languagesOf(ctx), "sector") };
  },

  "MyCompanyPrivacyStatement.GET": async (ctx) => {
    const company = companyOf(ctx);
    const own = await latest(ctx.db, privacyStatements, { companyId: company.id });
    const row = own ?? await latest(ctx.db, privacyStatements, { sectorId: company.sectorId });
    return { type: "PrivacyStatement", data: shown(row, languagesOf(ctx), own ? "company" : "sector") };
  },

  "MyCompanyTermsOfUse.GET": async (ctx) => {
    const company = companyOf(ctx);
    const own = await latest(ctx.db, termsOfUsePolicies, { companyId: company.id });
    const source = termsSource(company.customTermsOfUse, own !== undefined);
    const row = source === "company" ? own : await latest(ctx.db, termsOfUsePolicies, { sectorId: company.sectorId });
    return { type: "TermsOfUsePolicy", data: shown(row, languagesOf(ctx), source) };
  },
};
