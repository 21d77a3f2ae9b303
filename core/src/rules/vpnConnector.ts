/**
 * The connector to the local VPN client (spec.md section 4 "VPN client connector", section 8,
 * api.md): its status missing / found / lost, the notices of its transitions, the retry schedule
 * while the client is not found, and the reading of the client's step statuses.
 *
 * How reachability maps to the status (the adapter feeds every probe result to connectorStep):
 * - a probe that reaches the client -> found;
 * - the first failure after found -> lost (the client was there and went away, e.g. a restart);
 * - lost stays lost while the retries go on, and becomes missing when they run out: only then is
 *   the user told, with a Retry that never times out, since retrying is what already happened;
 * - before the first answer the status is null (not known yet), so that the client being found
 *   at start-up is not announced as a new installation; a first failure makes it missing.
 */
import { CONNECTOR_MAX_ATTEMPTS, CONNECTOR_RETRY_INTERVAL_MS, SNACKBAR_INSTALL_FOUND_MS, SNACKBAR_VPN_ERROR_MS, VPN_STEP_ERROR_MIN_CODE } from "../constants";
import type { VpnClientStep, VpnStepStatus } from "../domain/VpnClient";
import { VpnClientUnreachable } from "../errors";

export const CONNECTOR_STATUSES = ["missing", "found", "lost"] as const;
export type ConnectorStatus = (typeof CONNECTOR_STATUSES)[number];

/** Snackbar text when the client is found after it was missing. */
export const INSTALLATION_FOUND = "VPN client installation found";
/** Snackbar text when the client cannot be reached any more (with a Retry action): the error's own message. */
export const CANNOT_COMMUNICATE = new VpnClientUnreachable({}).message;
/** Text of a step whose status is the bare string 'error' (it carries no message of its own). */
export const UNKNOWN_STEP_ERROR = "Unknown error";

export type ConnectorNotice =
  /** A snackbar; durationMs null means it never times out. */
  | { readonly kind: "snackbar"; readonly message: string; readonly durationMs: number | null; readonly action: "Retry" | null }
  /** The client came back after it was lost (listeners reload its status and version). */
  | { readonly kind: "event"; readonly name: "lost-and-found" };

/**
 * The notice of a status change: missing -> found: 'installation found' for 3 s;
 * lost -> missing: 'Cannot communicate' with Retry, never timing out; lost -> found: the
 * 'lost-and-found' event; every other change (and no change) gives null.
 */
export const connectorNotice = (previous: ConnectorStatus | null, next: ConnectorStatus): ConnectorNotice | null => {
  if (previous === "missing" && next === "found") {
    return { kind: "snackbar", message: INSTALLATION_FOUND, durationMs: SNACKBAR_INSTALL_FOUND_MS, action: null };
  }
  if (previous === "lost" && next === "missing") {
    return { kind: "snackbar", message: CANNOT_COMMUNICATE, durationMs: null, action: "Retry" };
  }
  if (previous === "lost" && next === "found") return { kind: "event", name: "lost-and-found" };
  return null;
};

export type NextProbe = { readonly kind: "retry"; readonly delayMs: number } | { readonly kind: "stop" };

/**
 * Whether to retry after `retriesMade` retries have failed: every CONNECTOR_RETRY_INTERVAL_MS
 * (2,500 ms) while fewer than CONNECTOR_MAX_ATTEMPTS (1,440) were made, then stop. So a client
 * that never answers is tried 1 + 1,440 times over one hour.
 */
export const nextRetry = (retriesMade: number): NextProbe =>
  retriesMade < CONNECTOR_MAX_ATTEMPTS ? { kind: "retry", delayMs: CONNECTOR_RETRY_INTERVAL_MS } : { kind: "stop" };

export interface ConnectorState {
  /** null until the first probe answers or fails. */
  readonly status: ConnectorStatus | null;
  /** Failed probes in a row since the client was last found, started, or the user chose Retry. */
  readonly failures: number;
}

export const INITIAL_CONNECTOR_STATE: ConnectorState = { status: null, failures: 0 };

export type ConnectorEvent =
  /** A probe (or the WebSocket) reached the client. */
  | { readonly type: "reachable" }
  /** A probe failed, or the WebSocket closed. */
  | { readonly type: "unreachable" }
  /** The user chose Retry (snackbar, installer or info dialog): try again now, from a fresh count. */
  | { readonly type: "retry" };

export interface ConnectorStep {
  readonly state: ConnectorState;
  readonly notice: ConnectorNotice | null;
  /** What the adapter does next: probe after a delay, stop probing, or nothing (found: the WebSocket watches). */
  readonly next: NextProbe | { readonly kind: "watch" };
}

/**
 * Feeds one event to the connector. Guarantees: reachable always gives found with no failures;
 * retries follow nextRetry, so a client that never answers gets exactly CONNECTOR_MAX_ATTEMPTS
 * retries before 'stop'; lost turns missing exactly when the retries run out; the notice is
 * connectorNotice(previous, next). Never fails.
 */
export const connectorStep = (state: ConnectorState, event: ConnectorEvent): ConnectorStep => {
  if (event.type === "retry") {
    return { state: { ...state, failures: 0 }, notice: null, next: { kind: "retry", delayMs: 0 } };
  }
  if (event.type === "reachable") {
    const next: ConnectorState = { status: "found", failures: 0 };
    return { state: next, notice: connectorNotice(state.status, "found"), next: { kind: "watch" } };
  }
  const failures = state.failures + 1;
  const probe = nextRetry(failures - 1);
  const status: ConnectorStatus =
    state.status === "found" ? "lost" : state.status === "lost" && probe.kind === "retry" ? "lost" : "missing";
  const notice = state.status === null ? null : connectorNotice(state.status, status);
  return { state: { status, failures }, notice, next: probe };
};

/** Whether a step status is an error: the string 'error', or a code of VPN_STEP_ERROR_MIN_CODE (10) or more. */
export const isStepError = (status: VpnStepStatus): boolean =>
  typeof status === "string" ? status === "error" : status.code >= VPN_STEP_ERROR_MIN_CODE;

/**
 * The step errors of a connect attempt as one snackbar for SNACKBAR_VPN_ERROR_MS (5 s): the
 * messages of the failing steps in step order, each once, joined with ", " (a bare 'error' reads
 * UNKNOWN_STEP_ERROR); null when no step failed (codes below 10 and other strings are progress).
 */
export const stepErrorNotice = (
  steps: ReadonlyArray<VpnClientStep>,
): { readonly kind: "snackbar"; readonly message: string; readonly durationMs: number } | null => {
  const messages = steps
    .map((step) => step.status)
    .filter(isStepError)
    .map((status) => (typeof status === "string" ? UNKNOWN_STEP_ERROR : status.message.trim() || UNKNOWN_STEP_ERROR));
  if (messages.length === 0) return null;
  return { kind: "snackbar", message: [...new Set(messages)].join(", "), durationMs: SNACKBAR_VPN_ERROR_MS };
};
