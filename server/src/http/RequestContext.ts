/**
 * What a route handler receives: the database, the clock, the signed-in user and token, the
 * selected company with the caller's rights in it, the parsed list query, and the raw request.
 * Handlers hold no HTTP plumbing: they return an Answer or throw (core's tagged errors or
 * HttpProblem), and the platform (registerRoutes) builds the envelope.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Right } from "@portal/core/domain/Right";
import type { ListQuery } from "@portal/core/wire/query";
import type { AuditActor } from "../audit/writeAudit";
import type { TokenRow, UserRow } from "../auth/signIn";
import type { Database, Db } from "../db/Database";
import type { companies } from "../db/schema";
import type { EventHub } from "../events/EventHub";
import type { Clock } from "./Clock";
import type { ReadCache } from "./ReadCache";

export type CompanyRow = typeof companies.$inferSelect;

/** Long-lived dependencies shared by every request of one app. */
export interface AppDeps {
  readonly database: Database;
  readonly clock: Clock;
  readonly events: EventHub;
  /** Token, membership and answer cache of this process (see ReadCache for why it is safe). */
  readonly cache: ReadCache;
}

export interface RequestContext {
  readonly deps: AppDeps;
  readonly db: Db;
  /** The request's instant (epoch ms), read once so that one request sees one time. */
  readonly now: number;
  readonly user: UserRow | null;
  readonly token: TokenRow | null;
  readonly company: CompanyRow | null;
  readonly rights: ReadonlySet<Right>;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  readonly list: ListQuery;
  readonly body: unknown;
  readonly clientAddress: string;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** A handler's result: the envelope's type and data (projected by `fields` by the platform). */
export interface Answer {
  readonly type: string;
  readonly data: unknown;
  readonly moreAfter?: string | null;
  /** 200 unless given (201 for creations). */
  readonly status?: number;
  /** The handler wrote the reply itself (SSE, OpenAPI document). */
  readonly raw?: boolean;
}

export type Handler = (ctx: RequestContext) => Promise<Answer>;

/** The signed-in user; only called by handlers of routes whose auth is "session". */
export const userOf = (ctx: RequestContext): UserRow => {
  if (!ctx.user) throw new Error("handler of a session route ran without a user");
  return ctx.user;
};

/** The selected company; only called by handlers of company-scoped routes. */
export const companyOf = (ctx: RequestContext): CompanyRow => {
  if (!ctx.company) throw new Error("handler of a company route ran without a company");
  return ctx.company;
};

/** The audit actor of this request. */
export const actorOf = (ctx: RequestContext): AuditActor => ({
  userId: ctx.user?.id ?? null,
  companyId: ctx.company?.id ?? null,
  clientAddress: ctx.clientAddress,
  at: new Date(ctx.now),
});
