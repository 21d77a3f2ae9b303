/**
 * What a route handler receives: the database, the clock, the signed-in user and token, the
 * selected company with the caller's rights in it, the parsed list query, and the raw request.
 * Handlers hold no HTTP plumbing: they return an Answer or throw (core's tagged errors or
 * HttpProblem), and the platform (registerRoutes) builds the envelope.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Right } from "@portal/core/domain/Right";
import type { PayloadOf, SuccessOf } from "@portal/core/wire/endpoint";
import type { ApiCallCounter } from "../usage/ApiCallCounter";
import type { ListQuery } from "@portal/core/wire/query";
import type { EndpointAt, EndpointKey, RouteRel } from "@portal/core/wire/routes";
import type { AuditActor } from "../audit/writeAudit";
import type { TokenRow, UserRow } from "../auth/signIn";
import type { Database, Db } from "../db/Database";
import type { companies } from "../db/schema";
import type { EventHub } from "../events/EventHub";
import type { MailWorker } from "../mail/mailWorker";
import type { MailSettings } from "../mail/outbox";
import type { MqttBrokerManager } from "../mqtt/MqttBrokerManager";
import type { SecretBox } from "../mqtt/secretBox";
import type { Clock } from "./Clock";
import type { ReadCache } from "./ReadCache";
import type { ReportService } from "../reports/ReportService";

export type CompanyRow = typeof companies.$inferSelect;

/** Long-lived dependencies shared by every request of one app. */
export interface AppDeps {
  readonly database: Database;
  readonly clock: Clock;
  readonly events: EventHub;
  /** Token, membership and answer cache of this process (see ReadCache for why it is safe). */
  readonly cache: ReadCache;
  /** Check every answer against its endpoint's success schema (tests); a mismatch is a fault. */
  readonly checkAnswers?: boolean;
  /** Links in mails and whether mails are sent (SMTP) or kept in the outbox. */
  readonly mail: MailSettings;
  /** The mail job of this process; absent when no SMTP relay is configured (mails are kept). */
  readonly mailWorker?: MailWorker;
  /** Encrypts secrets the server must read back (MQTT broker passwords); key from PORTAL_SECRET_KEY. */
  readonly secrets: SecretBox;
  /** The live MQTT broker clients of every company and their states. */
  readonly mqtt: MqttBrokerManager;
  /** The API calls answered per company, for the usage screen. */
  readonly apiCalls: ApiCallCounter;
  /** Queued reports: the job queue and this process' print worker. */
  readonly reports: ReportService;
  /** Set once the server begins to close: answers then ask the client to close the connection. */
  readonly lifecycle: { closing: boolean };
}

/**
 * A request's context; `body` is the payload decoded by the endpoint's schema (one item or a list
 * of them for bulk endpoints; undefined for endpoints that take none).
 */
export interface RequestContext<Body = unknown> {
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
  readonly body: Body;
  readonly clientAddress: string;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** A handler's result: the envelope's type and data (projected by `fields` by the platform). */
export interface Answer<Data = unknown> {
  readonly type: string;
  readonly data: Data;
  readonly moreAfter?: string | null;
  /** 200 unless given (201 for creations). */
  readonly status?: number;
  /** The handler wrote the reply itself (SSE, OpenAPI document). */
  readonly raw?: boolean;
}

/** Any handler, as the platform calls it. */
export type Handler = (ctx: RequestContext<any>) => Promise<Answer>;

/**
 * The handler of one endpoint: it receives the endpoint's decoded payload and must answer its
 * success data, so a handler that drifts from core's route table does not compile.
 */
export type EndpointHandler<K extends EndpointKey> = (ctx: RequestContext<PayloadOf<EndpointAt<K>>>) => Promise<Answer<SuccessOf<EndpointAt<K>>>>;

/** The handlers of every endpoint of the given routes, keyed "Rel.METHOD". */
export type HandlersOf<R extends RouteRel> = { readonly [K in EndpointKey as K extends `${R}.${string}` ? K : never]: EndpointHandler<K> };

/** A handler for every endpoint of core's table: a missing one does not compile. */
export type HandlerTable = HandlersOf<RouteRel>;

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
