/** The terms of use and privacy statement builders (issue 12) over core's route table. */
import { Effect } from "effect";
import type { PolicyBuildersApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { narrow } from "../narrow";

export const policyBuildersApi = (http: HttpClient): PolicyBuildersApi => ({
  view: (kind) => narrow()(http.endpoint(kind === "terms-of-use" ? "CompanyTermsOfUsePolicyList.GET" : "CompanyPrivacyStatementList.GET", { company: true }).pipe(Effect.map((p) => p.data))),
  publish: (kind, draft, source) => narrow()((kind === "terms-of-use"
    ? http.endpoint("CompanyTermsOfUsePolicyList.POST", { company: true, json: { body: draft.body, languages: { ...draft.languages }, ...(source ? { customTermsOfUse: source } : {}) } })
    : http.endpoint("CompanyPrivacyStatementList.POST", { company: true, json: { body: draft.body, languages: { ...draft.languages } } })).pipe(Effect.map((p) => p.data))),
  setTermsSource: (source) => narrow()(http.endpoint("CompanyTermsOfUseSource.PATCH", { company: true, json: { customTermsOfUse: source } }).pipe(Effect.map((p) => p.data))),
});
