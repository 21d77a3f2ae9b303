/**
 * Registers every route of core's ROUTES table, so discovery, OpenAPI and the rights check come
 * from one list and cannot drift. Per request, in order: Api-Version (except open documents),
 * Bearer token (session routes), Api-Company membership (company routes: a company the caller
 * does not belong to is answered 404, like any other company's data), the method's rights
 * (any one of them; 403 otherwise), the list query (`fields`, `filters`, paging), the handler,
 * and the success envelope with `fields` applied.
 *
 * The token and membership lookups and the answers of `cachedAnswers` go through the app's
 * ReadCache; a writing request (any method but GET and HEAD) that succeeded (2xx) makes the
 * entries of its company and of its user stale once it is done; a failed one touches nothing.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Result } from "effect";
import { API_VERSION } from "@portal/core/constants";
import { ALL_RIGHTS, type Right } from "@portal/core/domain/Right";
import { Forbidden, NotFound, Unauthenticated } from "@portal/core/errors";
import { successEnvelope } from "@portal/core/wire/envelope";
import { parseListQuery, projectFields } from "@portal/core/wire/query";
import type { EndpointSpec } from "@portal/core/wire/endpoint";
import { ROUTES, type HttpMethod, type RouteSpec } from "@portal/core/wire/routes";
import { authenticateBearer, type TokenRow, type UserRow } from "../auth/signIn";
import { hashSecret } from "../auth/secrets";
import { companies, memberships, roles } from "../db/schema";
import { activeMembership } from "../users/members";
import { HttpProblem } from "./HttpProblem";
import { nowOf } from "./Clock";
import { sendCachedAnswer } from "./cachedAnswerReply";
import { answerMatches, decodeRequest } from "./decodeRequest";
import { CACHE_MAX_ANSWER_BYTES, type CachedAnswer, type Scope } from "./ReadCache";
import type { Answer, AppDeps, CompanyRow, Handler, HandlerTable, RequestContext } from "./RequestContext";

/** Routes any client may call without `Api-Version`: discovery, health, the OpenAPI document and branding images (an <img> sends no header). */
export const VERSIONLESS_RELS: ReadonlySet<string> = new Set(["Discovery", "Health", "OpenApi", "BrandingImage"]);

export type { HandlerTable } from "./RequestContext";

/** The key of a handler in the table: "GroupTypeList.POST". */
export const handlerKey = (rel: string, method: HttpMethod): string => `${rel}.${method}`;

const KNOWN_RIGHTS: ReadonlySet<string> = new Set(ALL_RIGHTS);

const READS: ReadonlySet<string> = new Set(["GET", "HEAD"]);
/** The company and user of each request that got past authentication: what its write makes stale. */
const scopes = new WeakMap<FastifyRequest, Scope>();
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Registers the table; fails at start when a route of the table has no handler. `cachedAnswers`
 * names the handlers (handlerKey) whose answer depends only on stored data, the caller and the
 * URL, so that it may be served from the ReadCache.
 */
export function registerRoutes(app: FastifyInstance, deps: AppDeps, handlers: HandlerTable, cachedAnswers: ReadonlySet<string> = new Set()): void {
  // onSend runs once the handler (and its transaction) has finished, before the client can
  // see the answer and come back with its next request.
  app.addHook("onSend", (request, reply, payload, done) => {
    const scope = scopes.get(request);
    if (scope && !READS.has(request.method) && reply.statusCode >= 200 && reply.statusCode < 300) deps.cache.written(scope);
    done(null, payload);
  });
  const table = handlers as unknown as Readonly<Record<string, Handler | undefined>>;
  for (const route of ROUTES as ReadonlyArray<RouteSpec>) {
    for (const [method, spec] of Object.entries(route.methods) as [HttpMethod, EndpointSpec][]) {
      const handler = table[handlerKey(route.rel, method)];
      // The table's type already demands every handler; this guards a table built by a cast.
      if (!handler) throw new Error(`No handler for ${route.rel} ${method}`);
      const checked = deps.checkAnswers === true ? checkedAgainst(spec, handler) : handler;
      const cached = cachedAnswers.has(handlerKey(route.rel, method));
      app.route({
        method,
        url: route.href.replace(/\{(\w+)\}/g, ":$1"),
        handler: async (request, reply) => {
          if (cached) {
            // A cache hit needs no await at all: each lookup answers synchronously from memory.
            const hit = cachedHit(deps, route, spec, request);
            if (hit) return sendCachedAnswer(request, reply, hit, deps.lifecycle.closing);
          }
          const base = await contextOf(deps, route, spec, request, reply);
          const scope = { company: base.company?.id, user: base.user?.id };
          scopes.set(request, scope);
          if (scope.company !== undefined) deps.apiCalls.count(scope.company);
          if (cached) {
            // A URL is only kept once its query parsed, so a hit needs no parsing.
            const key = `${base.user?.id ?? ""}|${base.company?.id ?? ""}|${request.url}`;
            const answer = await deps.cache.answers.getOrLoad(key, scope, async () => {
              const ctx = withListQuery(base);
              return serialise(ctx, await checked(ctx));
            }, cacheable);
            return reply.code(answer.status).type(JSON_TYPE).send(answer.body);
          }
          const ctx = withListQuery(base);
          const answer = await checked(ctx);
          if (answer.raw) return reply;
          const data = ctx.list.fields && answer.data !== undefined ? projectFields(answer.data, ctx.list.fields) : answer.data;
          return reply.code(answer.status ?? 200).send(successEnvelope(answer.type, data, answer.moreAfter ?? null));
        },
      });
    }
  }
}

/**
 * The answer as the bytes of its success envelope, `fields` applied. A cached route's answer may
 * be shared by several requests, so it cannot be one that wrote its own reply.
 */
function serialise(ctx: RequestContext, answer: Answer): CachedAnswer {
  if (answer.raw) throw new Error("a route with a cached answer wrote its reply itself");
  const data = ctx.list.fields && answer.data !== undefined ? projectFields(answer.data, ctx.list.fields) : answer.data;
  return { status: answer.status ?? 200, body: JSON.stringify(successEnvelope(answer.type, data, answer.moreAfter ?? null)) };
}

/** The handler, with its answers checked against the endpoint's success schema (a mismatch is a fault). */
const checkedAgainst = (spec: EndpointSpec, handler: Handler): Handler => async (ctx) => {
  const answer = await handler(ctx);
  if (answer.raw || spec.raw) return answer;
  const mismatch = answerMatches(spec, answer.data);
  if (mismatch !== undefined) throw new Error(`The answer does not match its success schema: ${mismatch}`);
  return answer;
};

const cacheable = (a: CachedAnswer): boolean => a.status === 200 && a.body.length <= CACHE_MAX_ANSWER_BYTES;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function contextOf(
  deps: AppDeps,
  route: RouteSpec,
  spec: EndpointSpec,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Omit<RequestContext, "list">> {
  if (!VERSIONLESS_RELS.has(route.rel) && header(request, "api-version") !== API_VERSION) {
    throw HttpProblem.of(400, `Api-Version header must be ${API_VERSION}`, "Api-Version");
  }
  const now = nowOf(deps.clock);
  const db = deps.database.db;
  let user: RequestContext["user"] = null;
  let token: RequestContext["token"] = null;
  if (route.auth === "session") {
    const secret = /^Bearer\s+(\S+)$/i.exec(header(request, "authorization") ?? "")?.[1];
    if (!secret) throw new Unauthenticated({ reason: "Sign-in required: send Authorization: Bearer <secretId>" });
    const found = await bearer(deps, now, secret, secretHashOf(request, secret));
    if (!found) throw new Unauthenticated({ reason: "Access token is invalid or expired" });
    ({ user, token } = found);
  }
  let company: CompanyRow | null = null;
  let rights = new Set<Right>();
  if (route.company && user) {
    const companyId = header(request, "api-company");
    if (!companyId) throw HttpProblem.of(400, "Api-Company header is required", "Api-Company");
    const membership = await membershipOf(deps, user.id, companyId);
    if (!membership) throw new NotFound({ entity: "Company", publicId: companyId });
    ({ company, rights } = membership);
  }
  // Administrator-only tools: a flag of the user (users.platform_admin), not a right of a company role.
  if (spec.platformAdmin === true && user?.platformAdmin !== true) throw new Forbidden({ right: "platform administrator" });
  const needed = spec.rights;
  if (needed.length > 0 && !needed.some((r) => rights.has(r))) {
    throw new Forbidden({ right: needed.join(" or ") });
  }
  // Decoded only once the caller may call it: a stranger learns nothing of the schemas.
  const { params, query, body } = await decodeRequest(spec, { params: request.params, query: request.query, body: request.body });
  return {
    deps, db, now, user, token, company, rights, params, query, body,
    clientAddress: request.ip,
    request,
    reply,
  };
}

/**
 * The cached answer of a request whose every lookup is in the cache right now (token, membership
 * and rights, answer), checked exactly as contextOf and the cached branch check them; undefined
 * as soon as one is missing or anything would need more than a lookup (then the full path runs
 * and answers, errors included, as always). Only for endpoints that decode nothing: a GET list.
 */
function cachedHit(deps: AppDeps, route: RouteSpec, spec: EndpointSpec, request: FastifyRequest): CachedAnswer | undefined {
  if (spec.params || spec.query || spec.payload || spec.platformAdmin || route.auth !== "session") return undefined;
  if (header(request, "api-version") !== API_VERSION) return undefined;
  const secret = /^Bearer\s+(\S+)$/i.exec(header(request, "authorization") ?? "")?.[1];
  if (!secret) return undefined;
  const found = deps.cache.tokens.get(secretHashOf(request, secret)) as { user: UserRow; token: TokenRow } | null | undefined;
  if (!found || found.token.expiresOn.getTime() <= nowOf(deps.clock)) return undefined;
  let companyId: number | undefined;
  if (route.company) {
    const membership = deps.cache.memberships.get(`${found.user.id}|${header(request, "api-company") ?? ""}`) as Membership | null | undefined;
    if (!membership) return undefined;
    if (spec.rights.length > 0 && !spec.rights.some((r) => membership.rights.has(r))) return undefined;
    companyId = membership.company.id;
  } else if (spec.rights.length > 0) {
    return undefined;
  }
  const hit = deps.cache.answers.get(`${found.user.id}|${companyId ?? ""}|${request.url}`);
  if (hit && companyId !== undefined) deps.apiCalls.count(companyId);
  return hit;
}

/** The context with its parsed list query (`fields`, `filters`, paging); InvalidInput when bad. */
function withListQuery(base: Omit<RequestContext, "list">): RequestContext {
  const list = parseListQuery(base.query);
  if (Result.isFailure(list)) throw list.failure;
  return { ...base, list: list.success };
}

/**
 * The hash of a request's Bearer secret, computed once per connection: a keep-alive connection
 * sends the same secret on every request, and SHA-256 per request was the largest single cost of
 * a cached answer. The secret is kept on the connection's socket only as long as the socket lives
 * (the request headers already hold it in memory for as long); another secret on the same
 * connection is hashed again.
 */
const socketSecrets = new WeakMap<object, { readonly secret: string; readonly hash: string }>();
function secretHashOf(request: FastifyRequest, secret: string): string {
  const socket = request.raw.socket as object | null;
  const known = socket ? socketSecrets.get(socket) : undefined;
  if (known && known.secret === secret) return known.hash;
  const hash = hashSecret(secret);
  if (socket) socketSecrets.set(socket, { secret, hash });
  return hash;
}

/** The Bearer secret's user and token (null when unknown or expired), through the cache. */
async function bearer(deps: AppDeps, now: number, secret: string, key: string): Promise<{ user: UserRow; token: TokenRow } | null> {
  const found = (await deps.cache.tokens.getOrLoad(
    key, (v) => ({ user: (v as { user: UserRow } | null)?.user.id }), () => authenticateBearer(deps.database.db, now, secret), (v) => v !== null,
  )) as
    { user: UserRow; token: TokenRow } | null;
  // Expiry is checked on every answer: the entry may have been read at another instant.
  return found && found.token.expiresOn.getTime() > now ? found : null;
}

interface Membership {
  readonly company: CompanyRow;
  readonly rights: Set<Right>;
}

/** The company (by publicId) and the user's rights in it, or null when not a member; cached. */
async function membershipOf(deps: AppDeps, userId: number, companyId: string): Promise<Membership | null> {
  const key = `${userId}|${companyId}`;
  const scope = (v: unknown) => ({ user: userId, company: (v as Membership | null)?.company.id });
  return (await deps.cache.memberships.getOrLoad(key, scope, async () => {
    const rows = await deps.database.db.select({ company: companies, rights: roles.rights }).from(companies)
      // A temporary access that has ended is no membership (issue 11).
      .innerJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.userId, userId), activeMembership(nowOf(deps.clock))))
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(eq(companies.publicId, companyId));
    return rows.length === 0 ? null
      : { company: rows[0]!.company, rights: new Set(rows.flatMap((r) => r.rights).filter((r): r is Right => KNOWN_RIGHTS.has(r))) };
  })) as Membership | null;
}
