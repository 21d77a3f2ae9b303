/**
 * Turns anything a handler or Fastify throws into the error envelope's status and issues.
 * Core's tagged errors map through core's one error-tag table (wire/errorStatus); Fastify's own
 * 4xx (bad JSON, wrong content type, body too large) keep their status with a plain message;
 * anything else is a real fault (500, logged by the caller).
 */
import type { FastifyReply } from "fastify";
import type { ValidationIssue } from "@portal/core/errors";
import { errorEnvelope } from "@portal/core/wire/envelope";
import { MALFORMED_TEXT } from "@portal/core/wire/bounds";
import { errorResponse as portalErrorResponse, type PortalError } from "@portal/core/wire/errorStatus";
import { HttpProblem } from "./HttpProblem";

export interface ErrorResponse {
  readonly status: number;
  readonly issues: ReadonlyArray<ValidationIssue>;
  readonly headers: Readonly<Record<string, string>>;
  /** Whether this is a server fault worth logging. */
  readonly fault: boolean;
}

const PORTAL_TAGS: ReadonlySet<string> = new Set([
  "PageHasNoDraft", "NoPublishedPage", "NameAlreadyInUse", "CannotDeleteGroupType", "CannotDeleteAssetType",
  "NoAgentReference", "InvalidInput", "Conflict", "NotFound", "Forbidden", "Unauthenticated", "RateLimited",
  "ApiUnavailable", "GatewayTimeout", "ApiFailure",
] satisfies ReadonlyArray<PortalError["_tag"]>);

/** Whether a thrown value is one of core's tagged errors that cross the wire. */
export const isPortalError = (error: unknown): error is PortalError =>
  typeof error === "object" && error !== null && PORTAL_TAGS.has((error as { _tag?: string })._tag ?? "");

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type: send application/json",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Body cannot be empty when content-type is application/json",
  FST_ERR_CTP_INVALID_JSON_BODY: "Body is not valid JSON",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Content-Length does not match the body",
  FST_ERR_BAD_URL: "Malformed URL",
  FST_ERR_MAX_PARAM_LENGTH: "A path parameter is too long",
};

/**
 * Database refusals that are the client's fault, by SQLSTATE: the value came from the request
 * (the schemas bound what they can, PostgreSQL is the last word), so they are 4xx, not faults.
 * Class 22 is "data exception" (text it cannot store, a number out of range, a bad date…).
 */
const CLIENT_SQLSTATES: ReadonlyArray<{ readonly test: (code: string) => boolean; readonly status: number; readonly message: string }> = [
  { test: (c) => c === "22021" || c === "22P05" || c === "22P02", status: 400, message: MALFORMED_TEXT },
  { test: (c) => c === "22001" || c === "54000", status: 400, message: "A value is too large to store" },
  { test: (c) => c === "22003", status: 400, message: "A number is out of range" },
  { test: (c) => c.startsWith("22"), status: 400, message: "A value cannot be stored as given" },
  { test: (c) => c === "23505", status: 409, message: "Duplicate" },
  { test: (c) => c === "23503", status: 409, message: "It refers to something that no longer exists, or is still in use" },
];

/** The SQLSTATE of a driver error, looking through drizzle's wrapping `cause`. */
const sqlState = (error: unknown): string | undefined => {
  let e = error as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; depth < 3 && e; depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
};

export function errorResponse(error: unknown): ErrorResponse {
  if (error instanceof HttpProblem) return { status: error.status, issues: error.issues, headers: error.headers, fault: false };
  if (isPortalError(error)) {
    // Core's one table from error tag to status, issues and Retry-After.
    const r = portalErrorResponse(error);
    return { status: r.status, issues: r.body.data, headers: r.headers, fault: false };
  }
  const e = error as { statusCode?: unknown; code?: unknown; message?: unknown } | null;
  if (typeof e?.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    const known = typeof e.code === "string" ? FASTIFY_MESSAGES[e.code] : undefined;
    const message = known ?? (error instanceof SyntaxError ? "Body is not valid JSON" : String(e.message ?? "Bad request"));
    return { status: e.statusCode, issues: [{ message }], headers: {}, fault: false };
  }
  const state = sqlState(error);
  const known = state === undefined ? undefined : CLIENT_SQLSTATES.find((c) => c.test(state));
  if (known) return { status: known.status, issues: [{ message: known.message }], headers: {}, fault: false };
  return { status: 500, issues: [{ message: "Internal server error" }], headers: {}, fault: true };
}

/**
 * The same failure, pointed at item `listIndex` of a bulk call: its issues get that listIndex
 * (api.md), keeping the status of the original error.
 */
export function atListIndex(error: unknown, listIndex: number): unknown {
  const r = errorResponse(error);
  if (r.fault) return error;
  return new HttpProblem(r.status, r.issues.map((i) => ({ ...i, listIndex: i.listIndex ?? listIndex })), { ...r.headers });
}

/**
 * The one way the server answers a failure: the status, headers and error envelope of
 * `errorResponse`. Answers whether it was a fault (the caller logs those).
 */
export function sendError(reply: FastifyReply, error: unknown): boolean {
  const r = errorResponse(error);
  void reply.code(r.status).headers(r.headers).send(errorEnvelope(r.issues));
  return r.fault;
}
