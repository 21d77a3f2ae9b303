/**
 * Terms of use (spec sections 2 and 3): which policy the signed-in user must still accept. The
 * server resolves the applicable policy per company (the company's own when its customTermsOfUse
 * is "company" and it has one, else the sector's) into `latestTermsOfUse`; this rule decides
 * whether the not-closable "terms updated" alert shows.
 */
import type { Company, TermsOfUse } from "../domain/Company";

/** Where the applicable policy comes from: the company's own terms only when it has custom terms. */
export const termsSource = (customTermsOfUse: Company["customTermsOfUse"], companyHasTerms: boolean): "company" | "sector" =>
  customTermsOfUse === "company" && companyHasTerms ? "company" : "sector";

/**
 * The policy to prompt for: the selected company's latest applicable terms when I have not
 * accepted them, else null. A report jump-start link (spec 2) suppresses the prompt for its
 * session, and a company without any terms never prompts.
 */
export const termsToAccept = (company: Pick<Company, "latestTermsOfUse"> | null | undefined, suppressed: boolean): TermsOfUse | null => {
  if (suppressed) return null;
  const latest = company?.latestTermsOfUse ?? null;
  return latest !== null && latest.accepted !== true ? latest : null;
};
