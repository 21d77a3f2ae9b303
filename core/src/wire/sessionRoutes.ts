/**
 * The session routes of the wire contract: discovery, health, branding, sign-in and the signed-in
 * person's own user, companies, rights and event stream. They open the table of routes.ts (which
 * spreads them first) and live apart so that the sign-in page reads their schemas without the
 * whole table (the HTTP adapter loads routes.ts on the first call of another endpoint).
 */
import { Schema } from "effect";
import { AccessToken } from "../domain/AccessToken";
import { Branding } from "../domain/Branding";
import { Company, MyCompany, Sector } from "../domain/Company";
import { RightSchema } from "../domain/Right";
import { BackupCodes, MyUser, TwoFactorEnrolment, TwoFactorStatus } from "../domain/User";
import { endpoint, NoData } from "./endpoint";
import { AccessTokenBody, OtpBody, PasswordChangeBody, ProfileBody } from "./sessionPayloads";
import { company, DiscoveryLinkSchema, get, item, open, session, type RouteSpec } from "./routeSpec";

/** The answer of `GET /api/registrations` (rel Registration): whether the host's sector takes registrations. */
export const RegistrationAllowed = Schema.Struct({ allowed: Schema.Boolean });

export const SESSION_ROUTES = [
  { rel: "Discovery", href: "/api/", methods: { GET: get(Schema.Array(DiscoveryLinkSchema)) }, ...open },
  { rel: "Health", href: "/api/health", methods: { GET: get(Schema.Struct({ status: Schema.String, database: Schema.String })) }, ...open },
  { rel: "OpenApi", href: "/api/openapi.json", methods: { GET: endpoint({ rights: [], success: NoData, raw: true }) }, ...open },
  { rel: "BrandingList", href: "/api/brandings", methods: { GET: get(Schema.Array(Branding)) }, ...open },
  { rel: "SsoIdentityProviderList", href: "/api/sso-identity-providers", methods: { GET: get(Schema.Array(Schema.Unknown)) }, ...open },

  {
    rel: "AccessTokenList", href: "/api/access-tokens", ...open,
    methods: { POST: endpoint({ rights: [], payload: AccessTokenBody, success: AccessToken }) },
  },
  { rel: "AccessToken", href: "/api/access-tokens/{publicId}", methods: { DELETE: endpoint({ rights: [], ...item, success: Schema.Struct({ publicId: Schema.String }) }) }, ...session },

  { rel: "MyUser", href: "/api/my-user", methods: { GET: get(MyUser), PATCH: endpoint({ rights: [], payload: ProfileBody, success: MyUser }) }, ...session },
  {
    rel: "MyPassword", href: "/api/my-user/password", ...session,
    methods: { POST: endpoint({ rights: [], payload: PasswordChangeBody, success: Schema.Struct({ publicId: Schema.String }) }) },
  },
  {
    rel: "MyTwoFactor", href: "/api/my-user/two-factor", ...session,
    methods: {
      GET: get(TwoFactorStatus),
      POST: endpoint({ rights: [], success: TwoFactorEnrolment }),
      DELETE: endpoint({ rights: [], payload: OtpBody, success: TwoFactorStatus }),
    },
  },
  {
    rel: "MyTwoFactorVerification", href: "/api/my-user/two-factor/verification", ...session,
    methods: { POST: endpoint({ rights: [], payload: OtpBody, success: Schema.Struct({ enabled: Schema.Boolean, ...BackupCodes.fields }) }) },
  },
  {
    rel: "MyTwoFactorBackupCodes", href: "/api/my-user/two-factor/backup-codes", ...session,
    methods: { POST: endpoint({ rights: [], payload: OtpBody, success: BackupCodes }) },
  },
  { rel: "MyCompanyList", href: "/api/my-companies", methods: { GET: get(Schema.Array(MyCompany)) }, ...session },
  { rel: "MyRights", href: "/api/my-rights", methods: { GET: get(Schema.Struct({ rights: Schema.Array(RightSchema) })) }, ...company },
  { rel: "MySector", href: "/api/my-sector", methods: { GET: get(Sector) }, ...session },
  { rel: "Company", href: "/api/companies/{publicId}", methods: { GET: endpoint({ rights: [], ...item, success: Company }) }, ...session },
  {
    rel: "TermsOfUseAcceptance", href: "/api/terms-of-use-policies/{publicId}/acceptance", ...session,
    methods: { POST: endpoint({ rights: [], ...item, success: Schema.Struct({ publicId: Schema.String, accepted: Schema.Boolean }) }) },
  },
  { rel: "EventStream", href: "/api/events", methods: { GET: endpoint({ rights: [], success: NoData, raw: true }) }, ...session },
] as const satisfies ReadonlyArray<RouteSpec>;
