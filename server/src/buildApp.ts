/**
 * The composition root of the HTTP server: Fastify with the error envelope for every failure,
 * every route of core's table, realtime events, and (when built) the web app with an SPA
 * fallback. Usable with `app.inject` in tests; `startServer` listens on a port.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { SIGN_IN_LOCKOUT_MS } from "@portal/core/constants";
import { pruneAttemptCounters } from "./auth/attemptCounters";
import type { Database } from "./db/Database";
import { EventHub } from "./events/EventHub";
import { EXPIRY_INTERVAL_MS, expireAccessRequests } from "./devices/expiry";
import { AUDIT_RETENTION_INTERVAL_MS, pruneAuditLogs } from "./audit/retention";
import { EXPIRING_ACCESS_INTERVAL_MS, noticeExpiringAccess } from "./notices/expiringAccess";
import { nowOf, systemClock, type Clock } from "./http/Clock";
import { sendError } from "./http/errorResponse";
import { HttpProblem } from "./http/HttpProblem";
import { ReadCache } from "./http/ReadCache";
import { registerRoutes } from "./http/registerRoutes";
import type { AppDeps, HandlerTable } from "./http/RequestContext";
import { MailWorker } from "./mail/mailWorker";
import type { MailSettings } from "./mail/outbox";
import { inlineScriptHashes, looksLikeFile, registerCompression, registerSecurityHeaders, registerWebApp } from "./http/webHeaders";
import { accessRequestActions } from "./routes/accessRequestActions";
import { accessRequestRoutes } from "./routes/accessRequestRoutes";
import { accessTokenRoutes } from "./routes/accessTokenRoutes";
import { agentRoutes } from "./routes/agentRoutes";
import { auditLogRoutes } from "./routes/auditLogRoutes";
import { companyRoutes } from "./routes/companyRoutes";
import { eventRoutes } from "./routes/eventRoutes";
import { groupRoutes } from "./routes/groupRoutes";
import { groupMembershipRoutes } from "./routes/groupMembershipRoutes";
import { groupDeviceRoutes } from "./routes/groupDeviceRoutes";
import { myUserRoutes } from "./routes/myUserRoutes";
import { myAccountRoutes } from "./routes/myAccountRoutes";
import { messageRoutes } from "./routes/messageRoutes";
import { policyRoutes } from "./routes/policyRoutes";
import { policyBuilderRoutes } from "./routes/policyBuilderRoutes";
import { registrationRoutes } from "./routes/registrationRoutes";
import { outboxRoutes } from "./routes/outboxRoutes";
import { platformRoutes } from "./routes/platformRoutes";
import { translationRoutes } from "./routes/translationRoutes";
import { tunnelRoutes } from "./routes/tunnelRoutes";
import { inviteRoutes } from "./routes/inviteRoutes";
import { userRoutes } from "./routes/userRoutes";
import { Relay } from "./relay/Relay";
import { assetTypeRoutes, groupTypeRoutes } from "./routes/typeKinds";
import { audienceRoutes } from "./routes/audienceRoutes";
import { audienceAssignmentRoutes } from "./routes/audienceAssignmentRoutes";
import { roleRoutes } from "./routes/roleRoutes";
import { customPropertyRoutes } from "./routes/customPropertyRoutes";
import { customFieldValueRoutes } from "./routes/customFieldValueRoutes";
import { mqttBrokerRoutes } from "./routes/mqttBrokerRoutes";
import { identityRoutes } from "./routes/identityRoutes";
import { menuItemRoutes } from "./routes/menuItemRoutes";
import { pageRoutes } from "./routes/pageRoutes";
import { deviceRecordRoutes } from "./routes/deviceRecordRoutes";
import { mailFormRoutes } from "./routes/mailFormRoutes";
import { licenceRoutes } from "./routes/licenceRoutes";
import { appRoutes } from "./routes/appRoutes";
import { adminRoutes } from "./routes/adminRoutes";
import { platformServerRoutes } from "./routes/platformServerRoutes";
import { screensaverRoutes } from "./routes/screensaverRoutes";
import { templateRoutes } from "./routes/templateRoutes";
import { templatePartRoutes } from "./routes/templatePartRoutes";
import { deliverMessage } from "./templates/templateRunner";
import { tellEndedActivations } from "./licences/activationExpiry";
import { MqttBrokerManager } from "./mqtt/MqttBrokerManager";
import { SecretBox, secretKeyFromEnv } from "./mqtt/secretBox";
import { ApiCallCounter } from "./usage/ApiCallCounter";
import { usageRoutes } from "./routes/usageRoutes";
import { reportRoutes } from "./routes/reportRoutes";
import { JobQueue } from "./reports/jobQueue";
import { PdfPrinter, type PrintPdf } from "./reports/pdfPrinter";
import { ReportService } from "./reports/ReportService";
import { dataPointRoutes } from "./routes/dataPointRoutes";
import { DataPointIngest } from "./datapoints/DataPointIngest";
import { DATA_POINT_RETENTION_INTERVAL_MS, pruneDataPoints } from "./datapoints/retention";

export interface BuildAppOptions {
  /** An open database (see openDatabase); the caller closes it after the app. */
  readonly database: Database;
  /** Time source; the system clock by default. */
  readonly clock?: Clock;
  /** Folder of the built web app; default web/dist of this repository when it exists; null for none. */
  readonly webDist?: string | null;
  /** Fastify logging (pino); off by default. */
  readonly logger?: boolean;
  /** Largest accepted body in bytes; 32 MiB by default (a 10,000-key translation upsert is a few MiB). */
  readonly bodyLimit?: number;
  /** Trust X-Forwarded-For for the client address (behind a proxy). */
  readonly trustProxy?: boolean;
  /**
   * Check every answer against its endpoint's success schema; a mismatch is a fault. On when
   * PORTAL_CHECK_ANSWERS=1 (the test suites set it), off in production for speed.
   */
  readonly checkAnswers?: boolean;
  /** Origin of the local VPN client, allowed in the CSP's connect-src; api.md's default otherwise. */
  readonly vpnClientOrigin?: string;
  /** Open event streams one user may hold at once (EventHub); 10 by default. */
  readonly maxStreamsPerUser?: number;
  /**
   * Mail: the origin of links in mails (PORTAL_ORIGIN, else http://localhost:8080), the SMTP relay
   * (SMTP_URL; without it mails are kept in the outbox) and the sender (MAIL_FROM).
   */
  readonly mail?: Partial<MailSettings>;
  /**
   * Handlers whose answers may come from the ReadCache; CACHED_ANSWERS by default. The benchmark
   * passes an empty set to measure the path that runs the query (tokens and rights stay cached).
   */
  readonly cachedAnswers?: ReadonlySet<string>;
  /**
   * Connect the companies' enabled MQTT broker clients (MqttBrokerManager); on unless
   * PORTAL_MQTT_CLIENTS=0. Off, the screens still work and every client reads "disconnected".
   */
  readonly mqttClients?: boolean;
  /** The key that encrypts stored secrets; PORTAL_SECRET_KEY (secretBox.ts) by default. */
  readonly secretKey?: Buffer;
  /** Prints a report's page to PDF; Chromium through playwright-core (PdfPrinter) by default. */
  readonly printPdf?: PrintPdf;
  /** How long a report's print page may take to be ready (REPORT_READY_TIMEOUT_MS by default). */
  readonly reportReadyTimeoutMs?: number;
  /** How often an idle report worker asks the job queue (seconds, at least 0.5; 1 by default). */
  readonly jobPollSeconds?: number;
  /**
   * The device broker whose data-point messages are stored (DataPointIngest), e.g.
   * mqtt://127.0.0.1:1883; PORTAL_DATA_MQTT_URL by default; null or unset: no ingest.
   */
  readonly dataMqttUrl?: string | null;
  /** The ingest's shared-subscription group (DataPointIngest.shareGroup); "portal-ingest" by default. */
  readonly dataMqttShareGroup?: string;
  /** How often the ingest stores its buffer and tells the watching streams; LIVE_INTERVAL_MS by default (tests: shorter). */
  readonly dataFlushMs?: number;
}

export const HANDLERS: HandlerTable = {
  ...platformRoutes, ...accessTokenRoutes, ...myUserRoutes, ...companyRoutes, ...eventRoutes,
  ...groupTypeRoutes, ...assetTypeRoutes, ...groupRoutes, ...groupMembershipRoutes, ...groupDeviceRoutes, ...translationRoutes, ...auditLogRoutes,
  ...agentRoutes, ...accessRequestRoutes, ...accessRequestActions, ...outboxRoutes, ...tunnelRoutes,
  ...userRoutes, ...inviteRoutes,
  ...roleRoutes, ...audienceRoutes, ...audienceAssignmentRoutes,
  ...mqttBrokerRoutes,
  ...pageRoutes,
  ...myAccountRoutes,
  ...customPropertyRoutes, ...customFieldValueRoutes,
  ...registrationRoutes, ...messageRoutes, ...policyRoutes, ...policyBuilderRoutes,
  ...usageRoutes,
  ...identityRoutes, ...menuItemRoutes,
  ...licenceRoutes, ...appRoutes, ...adminRoutes,
  ...platformServerRoutes, ...screensaverRoutes, ...templateRoutes, ...templatePartRoutes,
  ...deviceRecordRoutes, ...mailFormRoutes,
  ...reportRoutes,
  ...dataPointRoutes,
};

/**
 * Lists whose answer depends only on stored data, the caller and the URL: served from the
 * ReadCache between writes. Lists whose answer depends on the time (audit trail paging by
 * date, access requests) are not here.
 */
export const CACHED_ANSWERS: ReadonlySet<string> = new Set(["GroupTypeList.GET", "AssetTypeList.GET", "GroupList.GET", "TranslationList.GET"]);

const defaultWebDist = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "dist");

/** Builds the app (ready, not listening). Events are delivered once it is ready. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 32 * 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Router-level 4xx (malformed URL, over-long path parameter) answer the error envelope too.
    frameworkErrors: (error, _request, frameworkReply) => { sendError(frameworkReply as unknown as FastifyReply, error); },
  });
  // The API speaks JSON only: any other body type is a 415, not a string for a handler to misread.
  app.removeContentTypeParser("text/plain");
  const events = new EventHub(options.database, options.maxStreamsPerUser);
  await events.start();
  const clock = options.clock ?? systemClock;
  const cache = new ReadCache(options.database, clock);
  await cache.start();
  const checkAnswers = options.checkAnswers ?? process.env["PORTAL_CHECK_ANSWERS"] === "1";
  const env = process.env;
  const mail: MailSettings = {
    origin: (options.mail?.origin ?? env["PORTAL_ORIGIN"] ?? "http://localhost:8080").replace(/\/+$/, ""),
    smtpUrl: options.mail && "smtpUrl" in options.mail ? options.mail.smtpUrl : env["SMTP_URL"],
    from: options.mail?.from ?? env["MAIL_FROM"] ?? "portal@localhost",
  };
  const mailWorker = mail.smtpUrl ? new MailWorker(options.database, clock, { ...mail, smtpUrl: mail.smtpUrl }) : undefined;
  mailWorker?.start();
  // A production server without PORTAL_SECRET_KEY stops here, before it could store a secret.
  const secretKey = options.secretKey ?? secretKeyFromEnv();
  const secrets = new SecretBox(secretKey);
  events.live.useKey(secretKey);
  events.live.useClock(() => nowOf(clock));
  const mqtt = new MqttBrokerManager({
    database: options.database, box: secrets, clock, connect: options.mqttClients ?? env["PORTAL_MQTT_CLIENTS"] !== "0",
    onError: (e) => app.log.error({ err: e }, "mqtt broker manager"),
    // Issue 13: messages reach the runners of the templates the company subscribed to them.
    onMessage: (companyId, topic, payload) => {
      void deliverMessage(options.database.db, companyId, topic, payload.toString("utf8"), new Date(nowOf(clock)))
        .catch((e: unknown) => app.log.error({ err: e }, "template runner"));
    },
  });
  const apiCalls = new ApiCallCounter(options.database, clock);
  apiCalls.start();
  // Reports: a pg-boss queue on this database, started when the first report is queued or a
  // worker starts (startServer, once the app listens and knows its address).
  const jobs = new JobQueue(options.database, (e) => app.log.error({ err: e }, "job queue"), { pollingIntervalSeconds: options.jobPollSeconds ?? 1 });
  const printer = options.printPdf ? undefined : new PdfPrinter();
  const reports = new ReportService({
    database: options.database, clock, queue: jobs, print: options.printPdf ?? printer!.print,
    onError: (e) => app.log.error({ err: e }, "report worker"),
    ...(options.reportReadyTimeoutMs === undefined ? {} : { readyTimeoutMs: options.reportReadyTimeoutMs }),
  });
  const lifecycle = { closing: false };
  const deps: AppDeps = {
    database: options.database, clock, events, cache, checkAnswers, mail, secrets, mqtt, apiCalls, reports, lifecycle, ...(mailWorker ? { mailWorker } : {}),
  };
  app.decorate("portal", deps);
  const dataMqttUrl = options.dataMqttUrl === undefined ? env["PORTAL_DATA_MQTT_URL"] ?? null : options.dataMqttUrl;
  const ingest = dataMqttUrl ? new DataPointIngest({ database: options.database, clock, url: dataMqttUrl, ...(options.dataMqttShareGroup ? { shareGroup: options.dataMqttShareGroup } : {}), ...(options.dataFlushMs === undefined ? {} : { flushMs: options.dataFlushMs }), onError: (e) => app.log.warn({ err: e }, "data-point ingest") }) : null;
  app.decorate("ingest", ingest);
  const relay = new Relay({ database: options.database, clock, log: app.log });
  await relay.start();
  relay.attach(app.server);
  app.decorate("relay", relay);
  // Answers sent while closing ask the client to close the connection, so that no kept-alive
  // socket holds the close (Node only closes the sockets that are idle when close begins).
  app.addHook("preClose", async () => { lifecycle.closing = true; events.endStreams(); await relay.stop(); });
  // A callback hook, not an async one: an async hook costs every answer a promise and a tick.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (lifecycle.closing) reply.header("connection", "close");
    done(null, payload);
  });
  // Counters whose window and lock have run out are dropped now and then (see attemptCounters).
  const prune = setInterval(() => {
    void pruneAttemptCounters(options.database.db, nowOf(clock), 2 * SIGN_IN_LOCKOUT_MS).catch(() => undefined);
  }, 10 * 60_000);
  prune.unref();
  // Pending requests past their requested end expire: at start, then every minute.
  let expiring: Promise<unknown> = Promise.resolve();
  const expire = () => {
    expiring = expiring.then(() => expireAccessRequests(deps)).catch((e: unknown) => app.log.error({ err: e }, "access request expiry failed"));
    // Activations that ran out (a trial on its date) are told on the same chain.
    expiring = expiring.then(() => tellEndedActivations(deps)).catch((e: unknown) => app.log.error({ err: e }, "activation expiry failed"));
  };
  const expiry = setInterval(expire, EXPIRY_INTERVAL_MS);
  expiry.unref();
  // Audit entries past their company's retention are deleted on the same chain (one job at a time).
  const retain = () => {
    expiring = expiring.then(() => pruneAuditLogs(deps)).catch((e: unknown) => app.log.error({ err: e }, "audit retention failed"));
  };
  const retention = setInterval(retain, AUDIT_RETENTION_INTERVAL_MS);
  retention.unref();
  // Members whose temporary company access ends within the warning window get one notice.
  const warn = () => {
    expiring = expiring.then(() => noticeExpiringAccess(deps)).catch((e: unknown) => app.log.error({ err: e }, "expiring access notices failed"));
  };
  const warning = setInterval(warn, EXPIRING_ACCESS_INTERVAL_MS);
  warning.unref();
  // Samples past the retention are deleted on the same chain, hourly.
  const pruneData = () => {
    expiring = expiring.then(() => pruneDataPoints(deps)).catch((e: unknown) => app.log.error({ err: e }, "data-point retention failed"));
  };
  const dataRetention = setInterval(pruneData, DATA_POINT_RETENTION_INTERVAL_MS);
  dataRetention.unref();
  app.addHook("onReady", async () => {
    pruneData();
    ingest?.start();
    expire();
    retain();
    warn();
    // Brokers connect in the background: a slow or absent broker never delays the start.
    void mqtt.start().catch((e: unknown) => app.log.error({ err: e }, "mqtt broker manager start failed"));
  });
  app.addHook("onClose", async () => {
    clearInterval(prune); clearInterval(expiry); clearInterval(retention); clearInterval(warning);
    // A tick in flight finishes before the database can close under it.
    await expiring;
    await mailWorker?.stop();
    await mqtt.stop();
    // A report being printed finishes (or is failed by pg-boss) before the database closes.
    await reports.stop();
    await jobs.stop();
    await printer?.close();
    clearInterval(dataRetention);
    await ingest?.stop();
    await apiCalls.stop();
    await events.stop();
    await cache.stop();
  });
  const webDist = options.webDist === undefined ? defaultWebDist : options.webDist;
  const serveWeb = webDist !== null && existsSync(join(webDist, "index.html"));
  registerSecurityHeaders(app, {
    ...(options.vpnClientOrigin === undefined ? {} : { vpnClientOrigin: options.vpnClientOrigin }),
    scriptHashes: serveWeb ? inlineScriptHashes(readFileSync(join(webDist, "index.html"), "utf8")) : [],
  });
  await registerCompression(app);

  // Every failure answers the error envelope; only real faults are 5xx (and logged).
  app.setErrorHandler(async (error, request, reply) => {
    if (sendError(reply, error)) request.log.error({ err: error }, "request failed");
    return reply;
  });

  registerRoutes(app, deps, HANDLERS, options.cachedAnswers ?? CACHED_ANSWERS);

  if (serveWeb) await registerWebApp(app, webDist);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path === "/api" || path.startsWith("/api/") || !serveWeb || (request.method !== "GET" && request.method !== "HEAD")) {
      sendError(reply, HttpProblem.of(404, `No such endpoint: ${request.method} ${path}`));
      return reply;
    }
    // A missing file is a 404, not the app's HTML (a browser would take the HTML for the icon or script).
    if (looksLikeFile(path)) {
      sendError(reply, HttpProblem.of(404, `No such file: ${path}`));
      return reply;
    }
    // The single-page app routes every other path itself.
    return reply.type("text/html; charset=utf-8").sendFile("index.html");
  });

  await app.ready();
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's dependencies (database, clock, event hub), for tests and tools. */
    portal: AppDeps;
    /** The remote-access relay of this process. */
    relay: Relay;
    /** The data-point ingest of this process; null when no device broker is configured. */
    ingest: DataPointIngest | null;
  }
}
