/** Tests publish new terms versions the way the operator command (src/publishTerms.ts) does. */
export { publishTermsOfUse } from "../src/seed/publishTermsOfUse";
