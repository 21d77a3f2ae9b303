import { Effect } from "effect";
import { BackupCodes } from "@portal/core/domain/User";
import { ApiFailure } from "@portal/core/errors";
import { issuesOfError, statusOfError } from "@portal/core/wire/errorStatus";
import type { AuthApi, DiscoveryApi, MeApi } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "../HttpClient";
import { narrow } from "../narrow";

const data = <A, E>(e: Effect.Effect<{ readonly data: A }, E>) => Effect.map(e, (p) => p.data);

/** Basic credentials of api.md: base64(email:otp:password), UTF-8 safe. */
export function basicCredentials(email: string, otp: string, password: string): string {
  const bytes = new TextEncoder().encode(`${email}:${otp}:${password}`);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export const discoveryApi = (http: HttpClient): DiscoveryApi => ({
  discover: () =>
    http.discover().pipe(
      Effect.mapError((e) =>
        e._tag === "ApiUnavailable" || e._tag === "GatewayTimeout" || e._tag === "ApiFailure" || e._tag === "InvalidInput"
          ? e
          : new ApiFailure({ status: statusOfError(e), issues: issuesOfError(e) }),
      ),
    ),
});

export const authApi = (http: HttpClient): AuthApi => ({
  createAccessToken: (grant, expiresIn) =>
    narrow()(data(http.endpoint("AccessTokenList.POST", {
      auth: grant.kind === "password" ? { basic: basicCredentials(grant.email, grant.otp, grant.password) } : { bearer: grant.secretId },
      json: { expiresIn },
      query: { fields: "expiresOn,publicId,secretId" },
    }))),
  deleteAccessToken: (publicId) =>
    narrow("NotFound")(http.callVoid("AccessToken", "DELETE", { params: { publicId }, context: { publicId, entity: "AccessToken" } })),
});

export const meApi = (http: HttpClient): MeApi => ({
  myUser: () => narrow()(data(http.endpoint("MyUser.GET"))),
  myCompanies: () => narrow()(data(http.endpoint("MyCompanyList.GET"))),
  myRights: (companyId) =>
    narrow()(data(http.endpoint("MyRights.GET", {
      company: companyId,
    })).pipe(Effect.map((r) => r.rights))),
  mySector: (fields) =>
    narrow("NotFound")(data(http.endpoint("MySector.GET", { company: true, ...(fields ? { query: { fields } } : {}) }))),
  company: (publicId) =>
    narrow("NotFound")(data(http.endpoint("Company.GET", {
      params: { publicId },
      // latestTermsOfUse: the terms alert and page (TermsStore): whether I accepted the applicable terms, and their text.
      query: { fields: "name,branding.fqdn,branding.name,branding.theme,branding.logo,branding.appleTouchIcon,branding.custom.glbBrowserTitle,branding.custom.glbPrimaryColor,appleAppStoreLink,googlePlayStoreLink,parent.branding.fqdn,parent.parent.branding.fqdn,favicon,latestTermsOfUse.publicId,latestTermsOfUse.accepted,latestTermsOfUse.body" },
      context: { publicId, entity: "Company" },
    }))),
  brandingByHost: (host) =>
    narrow()(data(http.endpoint("BrandingList.GET", {
      auth: "none", branding: host,
      query: { fields: "name,appleTouchIcon,theme,fqdn,logo,custom.glbBrowserTitle,custom.glbPrimaryColor" },
    })).pipe(Effect.map((list) => list[0]))),
  changePassword: (change) => narrow()(http.callVoid("MyPassword", "POST", { json: change })),
  twoFactorStatus: () => narrow()(data(http.endpoint("MyTwoFactor.GET"))),
  enrolTwoFactor: () => narrow()(data(http.endpoint("MyTwoFactor.POST", { json: {} }))),
  verifyTwoFactor: (otp) => narrow()(data(http.call("MyTwoFactorVerification", "POST", BackupCodes, { json: { otp } }))),
  renewBackupCodes: (otp) => narrow()(data(http.endpoint("MyTwoFactorBackupCodes.POST", { json: { otp } }))),
  disableTwoFactor: (otp) => narrow()(http.callVoid("MyTwoFactor", "DELETE", { json: { otp } })),
  acceptTermsOfUse: (policyPublicId) =>
    narrow("NotFound")(http.callVoid("TermsOfUseAcceptance", "POST", {
      params: { publicId: policyPublicId }, json: {}, context: { publicId: policyPublicId, entity: "TermsOfUse" },
    })),
});
