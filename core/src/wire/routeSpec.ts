/**
 * What every route table of the wire contract shares: the shape of a route, the auth and company
 * scopes, the discovery entry and the lookups by rel. The table itself is split (sessionRoutes.ts,
 * then routes.ts) so that a browser's first load carries only the session routes' schemas.
 */
import { Schema } from "effect";
import type { Right } from "../domain/Right";
import { endpoint, PublicIdParams, type EndpointSpec } from "./endpoint";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface RouteSpec {
  /** Discovery relation name, e.g. "GroupTypeList". */
  readonly rel: string;
  /** Path under the API base with `{placeholders}`, e.g. "/api/group-types/{publicId}". */
  readonly href: string;
  /** The endpoint of each method served; a method missing here is not served. */
  readonly methods: Partial<Record<HttpMethod, EndpointSpec>>;
  /** "none": no token needed; "session": a valid Bearer token is needed. */
  readonly auth: "none" | "session";
  /** Whether the call is scoped to the company named by the Api-Company header. */
  readonly company: boolean;
}

export const session = { auth: "session", company: false } as const;
export const company = { auth: "session", company: true } as const;
export const open = { auth: "none", company: false } as const;

/** A GET endpoint answering `success`, for callers with one of `rights` (none: anyone). */
export const get = <S extends Schema.Top>(success: S, rights: ReadonlyArray<Right> = []) => endpoint({ rights, success });
export const item = { params: PublicIdParams } as const;

/** The discovery document's entries. */
export const DiscoveryLinkSchema = Schema.Struct({
  rel: Schema.String,
  href: Schema.String,
  methods: Schema.Array(Schema.Literals(["GET", "POST", "PATCH", "PUT", "DELETE"])),
});

/** One discovery entry as served by `GET /api/`. */
export interface DiscoveryLink {
  readonly rel: string;
  readonly href: string;
  readonly methods: ReadonlyArray<HttpMethod>;
}

/** The route and endpoint of `rel` and `method` in `table`; undefined when it has none. */
export const endpointIn = (
  table: ReadonlyArray<RouteSpec>, rel: string, method: HttpMethod,
): { route: RouteSpec; endpoint: EndpointSpec } | undefined => {
  const route = table.find((r) => r.rel === rel);
  const spec = route?.methods[method];
  return route && spec ? { route, endpoint: spec } : undefined;
};

/** Fills `{placeholders}` of an href; missing values fail loudly at the call site's test. */
export const expandHref = (href: string, params: Readonly<Record<string, string>> = {}): string =>
  href.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
