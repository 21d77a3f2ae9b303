/**
 * Registers every route of core's ROUTES table, so discovery, OpenAPI and the rights check come
 * from one list and cannot drift. Per request, in order: Api-Version (except open documents),
 * Bearer token (session routes), Api-Company membership (company routes: a company the caller
 * does not belong to is answered 404, like any other company's data), the method's rights
 * (any one of them; 403 otherwise), the list query (`fields`, `filters`, paging), the handler,
 * and the success envelope with `fields` applied.
 *
 * The token and membership lookups and the answers of `cachedAnswers` go through the app's
 * ReadCache; every request with another method than GET or HEAD bumps its generation when done.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Result } from "effect";
import { API_VERSION } from "@portal/core/constants";
import { ALL_RIGHTS, type Right } from "@portal/core/domain/Right";
import { Forbidden, NotFound, Unauthenticated } from "@portal/core/errors";
import { successEnvelope } from "@portal/core/wire/envelope";
import { parseListQuery, projectFields } from "@portal/core/wire/query";
import { ROUTES, type HttpMethod } from "@portal/core/wire/routes";
import { authenticateBearer, type TokenRow, type UserRow } from "../auth/signIn";
import { hashSecret } from "../auth/secrets";
import { companies, memberships, roles } from "../db/schema";
import { HttpProblem } from "./HttpProblem";
import { CACHE_MAX_ANSWER_BYTES, type CachedAnswer } from "./ReadCache";
import type { Answer, AppDeps, CompanyRow, Handler, RequestContext } from "./RequestContext";

/** Routes any client may call without `Api-Version`: discovery, health and the OpenAPI document. */
export const VERSIONLESS_RELS: ReadonlySet<string> = new Set(["Discovery", "Health", "OpenApi"]);

export type HandlerTable = Readonly<Record<string, Handler>>;

/** The key of a handler in the table: "GroupTypeList.POST". */
export const handlerKey = (rel: string, method: HttpMethod): string => `${rel}.${method}`;

const KNOWN_RIGHTS: ReadonlySet<string> = new Set(ALL_RIGHTS);

const READS: ReadonlySet<string> = new Set(["GET", "HEAD"]);
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Registers the table; fails at start when a route of the table has no handler. `cachedAnswers`
 * names the handlers (handlerKey) whose answer depends only on stored data, the caller and the
 * URL, so that it may be served from the ReadCache.
 */
export function registerRoutes(app: FastifyInstance, deps: AppDeps, handlers: HandlerTable, cachedAnswers: ReadonlySet<string> = new Set()): void {
  // onSend runs once the handler (and its transaction) has finished, before the client can
  // see the answer and come back with its next request.
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (!READS.has(request.method)) deps.cache.written();
    done(null, payload);
  });
  for (const route of ROUTES) {
    for (const [method, needed] of Object.entries(route.methods) as [HttpMethod, ReadonlyArray<Right>][]) {
      const handler = handlers[handlerKey(route.rel, method)];
      if (!handler) throw new Error(`No handler for ${route.rel} ${method}`);
      const cached = cachedAnswers.has(handlerKey(route.rel, method));
      app.route({
        method,
        url: route.href.replace(/\{(\w+)\}/g, ":$1"),
        handler: async (request, reply) => {
          const base = await contextOf(deps, route, needed, request, reply);
          if (cached) {
            // A URL is only kept once its query parsed, so a hit needs no parsing.
            const key = `${base.user?.id ?? ""}|${base.company?.id ?? ""}|${request.url}`;
            const answer = await deps.cache.answers.getOrLoad(key, async () => {
              const ctx = withListQuery(base);
              return serialise(ctx, await handler(ctx));
            }, cacheable);
            return reply.code(answer.status).type(JSON_TYPE).send(answer.body);
          }
          const ctx = withListQuery(base);
          const answer = await handler(ctx);
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

const cacheable = (a: CachedAnswer): boolean => a.status === 200 && a.body.length <= CACHE_MAX_ANSWER_BYTES;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function contextOf(
  deps: AppDeps,
  route: (typeof ROUTES)[number],
  needed: ReadonlyArray<Right>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Omit<RequestContext, "list">> {
  if (!VERSIONLESS_RELS.has(route.rel) && header(request, "api-version") !== API_VERSION) {
    throw HttpProblem.of(400, `Api-Version header must be ${API_VERSION}`, "Api-Version");
  }
  const now = deps.clock.now();
  const db = deps.database.db;
  let user: RequestContext["user"] = null;
  let token: RequestContext["token"] = null;
  if (route.auth === "session") {
    const secret = /^Bearer\s+(\S+)$/i.exec(header(request, "authorization") ?? "")?.[1];
    if (!secret) throw new Unauthenticated({ reason: "Sign-in required: send Authorization: Bearer <secretId>" });
    const found = await bearer(deps, now, secret);
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
  if (needed.length > 0 && !needed.some((r) => rights.has(r))) {
    throw new Forbidden({ right: needed.join(" or ") });
  }
  return {
    deps, db, now, user, token, company, rights,
    params: (request.params ?? {}) as Record<string, string>,
    query: (request.query ?? {}) as Record<string, string | string[] | undefined>,
    body: request.body,
    clientAddress: request.ip,
    request,
    reply,
  };
}

/** The context with its parsed list query (`fields`, `filters`, paging); InvalidInput when bad. */
function withListQuery(base: Omit<RequestContext, "list">): RequestContext {
  const list = parseListQuery(base.query);
  if (Result.isFailure(list)) throw list.failure;
  return { ...base, list: list.success };
}

/** The Bearer secret's user and token (null when unknown or expired), through the cache. */
async function bearer(deps: AppDeps, now: number, secret: string): Promise<{ user: UserRow; token: TokenRow } | null> {
  const key = hashSecret(secret);
  const found = (await deps.cache.tokens.getOrLoad(key, () => authenticateBearer(deps.database.db, now, secret), (v) => v !== null)) as
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
  return (await deps.cache.memberships.getOrLoad(key, async () => {
    const rows = await deps.database.db.select({ company: companies, rights: roles.rights }).from(companies)
      .innerJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.userId, userId)))
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(eq(companies.publicId, companyId));
    return rows.length === 0 ? null
      : { company: rows[0]!.company, rights: new Set(rows.flatMap((r) => r.rights).filter((r): r is Right => KNOWN_RIGHTS.has(r))) };
  })) as Membership | null;
}
