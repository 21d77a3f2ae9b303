/**
 * Registers every route of core's ROUTES table, so discovery, OpenAPI and the rights check come
 * from one list and cannot drift. Per request, in order: Api-Version (except open documents),
 * Bearer token (session routes), Api-Company membership (company routes: a company the caller
 * does not belong to is answered 404, like any other company's data), the method's rights
 * (any one of them; 403 otherwise), the list query (`fields`, `filters`, paging), the handler,
 * and the success envelope with `fields` applied.
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
import { authenticateBearer } from "../auth/signIn";
import { companies, memberships, roles } from "../db/schema";
import { HttpProblem } from "./HttpProblem";
import type { AppDeps, CompanyRow, Handler, RequestContext } from "./RequestContext";

/** Routes any client may call without `Api-Version`: discovery, health and the OpenAPI document. */
export const VERSIONLESS_RELS: ReadonlySet<string> = new Set(["Discovery", "Health", "OpenApi"]);

export type HandlerTable = Readonly<Record<string, Handler>>;

/** The key of a handler in the table: "GroupTypeList.POST". */
export const handlerKey = (rel: string, method: HttpMethod): string => `${rel}.${method}`;

const KNOWN_RIGHTS: ReadonlySet<string> = new Set(ALL_RIGHTS);

/** Registers the table; fails at start when a route of the table has no handler. */
export function registerRoutes(app: FastifyInstance, deps: AppDeps, handlers: HandlerTable): void {
  for (const route of ROUTES) {
    for (const [method, needed] of Object.entries(route.methods) as [HttpMethod, ReadonlyArray<Right>][]) {
      const handler = handlers[handlerKey(route.rel, method)];
      if (!handler) throw new Error(`No handler for ${route.rel} ${method}`);
      app.route({
        method,
        url: route.href.replace(/\{(\w+)\}/g, ":$1"),
        handler: async (request, reply) => {
          const ctx = await contextOf(deps, route, needed, request, reply);
          const answer = await handler(ctx);
          if (answer.raw) return reply;
          const data = ctx.list.fields && answer.data !== undefined ? projectFields(answer.data, ctx.list.fields) : answer.data;
          return reply.code(answer.status ?? 200).send(successEnvelope(answer.type, data, answer.moreAfter ?? null));
        },
      });
    }
  }
}

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
): Promise<RequestContext> {
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
    const found = await authenticateBearer(db, now, secret);
    if (!found) throw new Unauthenticated({ reason: "Access token is invalid or expired" });
    ({ user, token } = found);
  }
  let company: CompanyRow | null = null;
  let rights = new Set<Right>();
  if (route.company && user) {
    const companyId = header(request, "api-company");
    if (!companyId) throw HttpProblem.of(400, "Api-Company header is required", "Api-Company");
    const rows = await db.select({ company: companies, rights: roles.rights }).from(companies)
      .innerJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.userId, user.id)))
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(eq(companies.publicId, companyId));
    if (rows.length === 0) throw new NotFound({ entity: "Company", publicId: companyId });
    company = rows[0]!.company;
    rights = new Set(rows.flatMap((r) => r.rights).filter((r): r is Right => KNOWN_RIGHTS.has(r)));
  }
  if (needed.length > 0 && !needed.some((r) => rights.has(r))) {
    throw new Forbidden({ right: needed.join(" or ") });
  }
  const query = (request.query ?? {}) as Record<string, string | string[] | undefined>;
  const list = parseListQuery(query);
  if (Result.isFailure(list)) throw list.failure;
  return {
    deps, db, now, user, token, company, rights,
    params: (request.params ?? {}) as Record<string, string>,
    query,
    list: list.success,
    body: request.body,
    clientAddress: request.ip,
    request,
    reply,
  };
}
