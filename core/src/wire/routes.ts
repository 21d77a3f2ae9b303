/**
 * The wire contract's route table (api.md): one entry per endpoint, found by `rel` through
 * discovery (`GET /api/`). The server registers exactly these, the clients resolve URLs by rel,
 * and the rights table test walks this list. `rights` per method: the caller needs at least one
 * of them in the selected company (`Api-Company`); an empty list means any signed-in user.
 */
import type { Right } from "../domain/Right";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface RouteSpec {
  /** Discovery relation name, e.g. "GroupTypeList". */
  readonly rel: string;
  /** Path under the API base with `{placeholders}`, e.g. "/api/group-types/{publicId}". */
  readonly href: string;
  /** Rights needed per method; a method missing here is not served. */
  readonly methods: Partial<Record<HttpMethod, ReadonlyArray<Right>>>;
  /** "none": no token needed; "session": a valid Bearer token is needed. */
  readonly auth: "none" | "session";
  /** Whether the call is scoped to the company named by the Api-Company header. */
  readonly company: boolean;
}

const session = { auth: "session", company: false } as const;
const company = { auth: "session", company: true } as const;
const open = { auth: "none", company: false } as const;

export const ROUTES = [
  { rel: "Discovery", href: "/api/", methods: { GET: [] }, ...open },
  { rel: "Health", href: "/api/health", methods: { GET: [] }, ...open },
  { rel: "OpenApi", href: "/api/openapi.json", methods: { GET: [] }, ...open },
  { rel: "BrandingList", href: "/api/brandings", methods: { GET: [] }, ...open },
  { rel: "SsoIdentityProviderList", href: "/api/sso-identity-providers", methods: { GET: [] }, ...open },

  { rel: "AccessTokenList", href: "/api/access-tokens", methods: { POST: [] }, ...open },
  { rel: "AccessToken", href: "/api/access-tokens/{publicId}", methods: { DELETE: [] }, ...session },

  { rel: "MyUser", href: "/api/my-user", methods: { GET: [] }, ...session },
  { rel: "MyPassword", href: "/api/my-user/password", methods: { POST: [] }, ...session },
  { rel: "MyTwoFactor", href: "/api/my-user/two-factor", methods: { GET: [], POST: [], DELETE: [] }, ...session },
  { rel: "MyTwoFactorVerification", href: "/api/my-user/two-factor/verification", methods: { POST: [] }, ...session },
  { rel: "MyTwoFactorBackupCodes", href: "/api/my-user/two-factor/backup-codes", methods: { POST: [] }, ...session },
  { rel: "MyCompanyList", href: "/api/my-companies", methods: { GET: [] }, ...session },
  { rel: "MyRights", href: "/api/my-rights", methods: { GET: [] }, ...company },
  { rel: "MySector", href: "/api/my-sector", methods: { GET: [] }, ...session },
  { rel: "Company", href: "/api/companies/{publicId}", methods: { GET: [] }, ...session },
  { rel: "TermsOfUseAcceptance", href: "/api/terms-of-use-policies/{publicId}/acceptance", methods: { POST: [] }, ...session },
  { rel: "EventStream", href: "/api/events", methods: { GET: [] }, ...session },

  {
    rel: "GroupTypeList", href: "/api/group-types", ...company,
    methods: { GET: [], POST: ["manage:group-types"], PATCH: ["manage:group-types"], DELETE: ["manage:group-types"] },
  },
  {
    rel: "GroupType", href: "/api/group-types/{publicId}", ...company,
    methods: { GET: [], PATCH: ["manage:group-types"], DELETE: ["manage:group-types"] },
  },
  { rel: "GroupList", href: "/api/groups", methods: { GET: ["manage:groups", "manage:group-types"] }, ...company },
  {
    rel: "AssetTypeList", href: "/api/asset-types", ...company,
    methods: { GET: [], POST: ["manage:asset-types"], PATCH: ["manage:asset-types"], DELETE: ["manage:asset-types"] },
  },
  {
    rel: "AssetType", href: "/api/asset-types/{publicId}", ...company,
    methods: { GET: [], PATCH: ["manage:asset-types"], DELETE: ["manage:asset-types"] },
  },
  {
    rel: "TranslationList", href: "/api/translations", ...company,
    methods: { GET: [], POST: ["manage:translations"], PATCH: ["manage:translations"], DELETE: ["manage:translations"] },
  },
  {
    rel: "Translation", href: "/api/translations/{publicId}", ...company,
    methods: { GET: [], PATCH: ["manage:translations"], DELETE: ["manage:translations"] },
  },
  { rel: "AuditLogList", href: "/api/audit-logs", methods: { GET: ["use:audit-logs"] }, ...company },
] as const satisfies ReadonlyArray<RouteSpec>;

export type RouteRel = (typeof ROUTES)[number]["rel"];

/** One discovery entry as served by `GET /api/`. */
export interface DiscoveryLink {
  readonly rel: string;
  readonly href: string;
  readonly methods: ReadonlyArray<HttpMethod>;
}

/** The discovery document: every route with the methods it serves. */
export const discoveryLinks = (): ReadonlyArray<DiscoveryLink> =>
  ROUTES.map((r) => ({ rel: r.rel, href: r.href, methods: Object.keys(r.methods) as HttpMethod[] }));

/** Fills `{placeholders}` of an href; missing values fail loudly at the call site's test. */
export const expandHref = (href: string, params: Readonly<Record<string, string>> = {}): string =>
  href.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
