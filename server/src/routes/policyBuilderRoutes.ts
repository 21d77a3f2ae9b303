/**
 * The builders of a company's own terms of use and privacy statement (issue 12; spec 2, 3 and 6):
 * read the company's versions, publish a new one, and choose whose terms apply (spec 3 Company
 * customTermsOfUse). A publish is judged by core's rules/policyBuilder.ts on the sanitised HTML
 * (sanitize-html's allow-list, terms/sanitizeTermsHtml.ts, applied again on every read), runs in
 * one transaction with the company row locked, and writes one audit entry. A new terms version is
 * the company's latest, so every user of the company (the publisher too) must accept it while the
 * company's own terms apply: the terms alert (web/src/shell/TermsAlert.tsx) asks them.
 */
import { desc, eq } from "drizzle-orm";
import { InvalidInput } from "@portal/core/errors";
import type { PolicyBuilderView, PolicyVersion } from "@portal/core/domain/PolicyVersion";
import { normalLanguageCode, publishIssues, type PolicyDraft } from "@portal/core/rules/policyBuilder";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { companies, privacyStatements, termsOfUsePolicies } from "../db/schema";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { sanitizeTermsHtml } from "../terms/sanitizeTermsHtml";

type PolicyTable = typeof termsOfUsePolicies | typeof privacyStatements;
type Source = "company" | "sector";

/** Most versions a builder reads: the latest ones, enough to see what was published lately. */
export const BUILDER_VERSIONS_SHOWN = 50;

/** The draft as it will be stored: every text sanitised, language codes normalised. */
export const sanitisedDraft = (body: string, languages: Readonly<Record<string, string>>): PolicyDraft => ({
  body: sanitizeTermsHtml(body),
  languages: Object.fromEntries(Object.entries(languages).map(([code, text]) => [code, sanitizeTermsHtml(text)])),
});

const versionView = (row: { publicId: string; body: string; languages: Record<string, string>; createdAt: Date }): PolicyVersion => {
  const clean = sanitisedDraft(row.body, row.languages);
  return { publicId: row.publicId, body: clean.body, languages: { ...clean.languages }, createdAt: row.createdAt.toISOString() };
};

async function versionsOf(db: Db, table: PolicyTable, companyId: number): Promise<PolicyVersion[]> {
  const rows = await db.select({ publicId: table.publicId, body: table.body, languages: table.languages, createdAt: table.createdAt })
    .from(table).where(eq(table.companyId, companyId)).orderBy(desc(table.createdAt), desc(table.id)).limit(BUILDER_VERSIONS_SHOWN);
  return rows.map(versionView);
}

/** Runs `fn` in one transaction with the company row locked; hands it the company's current source of terms. */
const locked = <A>(ctx: RequestContext, fn: (tx: Db, companyId: number, source: Source) => Promise<A>): Promise<A> =>
  ctx.db.transaction(async (tx) => {
    const companyId = companyOf(ctx).id;
    const [row] = await tx.select({ source: companies.customTermsOfUse }).from(companies).where(eq(companies.id, companyId)).for("update");
    return fn(tx, companyId, row!.source);
  });

/** Judges, stores and audits one new version; returns it as the builder shows it. */
async function publish(ctx: RequestContext, tx: Db, table: PolicyTable, topic: string, companyId: number, extra?: unknown): Promise<PolicyVersion> {
  const input = ctx.body as { body?: string | null; languages?: Record<string, string> | null };
  const draft = sanitisedDraft(input.body ?? "", input.languages ?? {});
  const issues = publishIssues(draft);
  if (issues.length > 0) throw new InvalidInput({ issues });
  const languages = Object.fromEntries(Object.entries(draft.languages).map(([code, text]) => [normalLanguageCode(code), text]));
  const [row] = await tx.insert(table).values({ publicId: newPublicId(), companyId, body: draft.body, languages })
    .returning({ publicId: table.publicId, body: table.body, languages: table.languages, createdAt: table.createdAt });
  const version = versionView(row!);
  await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic, target: version.publicId, after: { body: version.body, languages: version.languages, ...(extra ?? {}) } }]);
  return version;
}

export const policyBuilderRoutes: HandlersOf<"CompanyTermsOfUsePolicyList" | "CompanyTermsOfUseSource" | "CompanyPrivacyStatementList"> = {
  "CompanyTermsOfUsePolicyList.GET": async (ctx) => {
    const company = companyOf(ctx);
    const view: PolicyBuilderView = { customTermsOfUse: company.customTermsOfUse, versions: await versionsOf(ctx.db, termsOfUsePolicies, company.id) };
    return { type: "PolicyBuilder", data: view };
  },

  "CompanyTermsOfUsePolicyList.POST": async (ctx) => {
    const wanted = (ctx.body as { customTermsOfUse?: Source }).customTermsOfUse ?? "company";
    const version = await locked(ctx, async (tx, companyId, source) => {
      const v = await publish(ctx, tx, termsOfUsePolicies, "TermsOfUsePolicy", companyId, { customTermsOfUse: wanted });
      if (wanted !== source) await tx.update(companies).set({ customTermsOfUse: wanted }).where(eq(companies.id, companyId));
      return v;
    });
    return { type: "TermsOfUsePolicy", data: version, status: 201 };
  },

  "CompanyTermsOfUseSource.PATCH": async (ctx) => {
    const wanted = (ctx.body as { customTermsOfUse: Source }).customTermsOfUse;
    const view = await locked(ctx, async (tx, companyId, source) => {
      if (wanted !== source) {
        await tx.update(companies).set({ customTermsOfUse: wanted }).where(eq(companies.id, companyId));
        await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "CompanyTermsOfUseSource", target: companyOf(ctx).publicId, before: { customTermsOfUse: source }, after: { customTermsOfUse: wanted } }]);
      }
      return { customTermsOfUse: wanted, versions: await versionsOf(tx, termsOfUsePolicies, companyId) };
    });
    return { type: "PolicyBuilder", data: view };
  },

  "CompanyPrivacyStatementList.GET": async (ctx) => {
    const view: PolicyBuilderView = { customTermsOfUse: null, versions: await versionsOf(ctx.db, privacyStatements, companyOf(ctx).id) };
    return { type: "PolicyBuilder", data: view };
  },

  "CompanyPrivacyStatementList.POST": async (ctx) => {
    const version = await locked(ctx, (tx, companyId) => publish(ctx, tx, privacyStatements, "PrivacyStatement", companyId));
    return { type: "PrivacyStatement", data: version, status: 201 };
  },
};
