/**
 * Access requests (spec.md sections 3, 4 "Access requests and reminders" and 8): the notice a
 * user gets when an approver decides, the creation payload built from the dialog's form, the UTC
 * time format of the wire, and the device a loaded request refers to.
 */
import { Result } from "effect";
import { SNACKBAR_LONG_MS } from "../constants";
import type { AccessRequestPayload, AccessRequestStatus, MyAccessRequest } from "../domain/AccessRequest";
import { InvalidInput, NoAgentReference, type ValidationIssue } from "../errors";
import {
  DEFAULT_DURATION,
  durationMs,
  VPN_SERVICE_VALUE,
  validateAccessRequestForm,
  type AccessRequestFormValues,
} from "./accessRequestForm";

import { DECISION_NOTICE_KEYS } from "./noticeTexts";

export { DECISION_NOTICE_KEYS } from "./noticeTexts";
export type DecisionStatus = keyof typeof DECISION_NOTICE_KEYS;

/** A snackbar notice: a translation key, the approver's name to put in it, and its duration. */
export interface DecisionNotice {
  readonly key: (typeof DECISION_NOTICE_KEYS)[DecisionStatus];
  readonly name: string;
  readonly durationMs: number;
}

/** Whether a status is an approver's decision (approved, rejected or revoked). */
export const isDecision = (status: AccessRequestStatus): status is DecisionStatus =>
  Object.hasOwn(DECISION_NOTICE_KEYS, status);

/**
 * The notice for a request whose status went from `previous` to `next`: the decision's key with
 * the approver's name for SNACKBAR_LONG_MS (4 s) when `next` is a decision and differs from
 * `previous`; null when nothing was decided (same status, or pending). `previous` is undefined
 * when the request was not known before the change event, which still deserves the notice.
 */
export const decisionNotice = (
  previous: AccessRequestStatus | undefined,
  next: AccessRequestStatus,
  approverName: string,
): DecisionNotice | null =>
  isDecision(next) && previous !== next
    ? { key: DECISION_NOTICE_KEYS[next], name: approverName, durationMs: SNACKBAR_LONG_MS }
    : null;

/**
 * `ms` as a UTC ISO string without milliseconds (`2026-11-21T10:05:00Z`), milliseconds dropped
 * (rounded down). Meant for times from year 0 to 9999; callers keep to that range (the form
 * rejects starts beyond LATEST_START_MS).
 */
export const toUtcIsoSeconds = (ms: number): string =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Epoch milliseconds of an ISO time with a zone (`Z` or an offset); null when it is not one. */
export const parseIsoInstant = (iso: string): number | null => {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(iso)) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/** The dialog's submission: the agent the request is for (null when it has none) and the values. */
export interface AccessRequestSubmission {
  readonly agentPublicId: string | null | undefined;
  readonly values: AccessRequestFormValues;
}

const unique = (items: ReadonlyArray<string>): string[] => [...new Set(items)];

/**
 * The creation payload of a submission at `now`. A missing duration becomes DEFAULT_DURATION (30
 * minutes) first, as the spec says for a submit without a chosen duration; then the form is
 * validated. Guarantees: start is the chosen start without its milliseconds and end = start +
 * duration, both UTC ISO without milliseconds, end after start; vpn is true exactly when the VPN
 * choice was selected; servers are the other selected services, approvers and servers without
 * duplicates in their selection order; the reason is trimmed.
 * Errors: NoAgentReference when the submission has no agent; InvalidInput with one issue per
 * failing field (message REQUIRED or INVALID_DATE_AND_TIME, propertyName the field).
 */
export const buildAccessRequestPayload = (
  submission: AccessRequestSubmission,
  now: number,
): Result.Result<{ readonly agentPublicId: string; readonly payload: AccessRequestPayload }, NoAgentReference | InvalidInput> => {
  const { agentPublicId } = submission;
  if (agentPublicId === null || agentPublicId === undefined || agentPublicId === "") {
    return Result.fail(new NoAgentReference());
  }
  const values = { ...submission.values, duration: submission.values.duration ?? DEFAULT_DURATION };
  const errors = validateAccessRequestForm(values, now);
  const issues: ValidationIssue[] = Object.entries(errors).flatMap(([propertyName, message]) =>
    message === undefined ? [] : [{ message, propertyName }]);
  if (issues.length > 0 || values.start === null) return Result.fail(new InvalidInput({ issues }));
  const start = Math.floor(values.start / 1000) * 1000;
  return Result.succeed({
    agentPublicId,
    payload: {
      allowedApprovers: unique(values.approvers).map((publicId) => ({ publicId })),
      start: toUtcIsoSeconds(start),
      end: toUtcIsoSeconds(start + durationMs(values.duration)),
      reason: values.reason.trim(),
      servers: unique(values.services.filter((s) => s !== VPN_SERVICE_VALUE)).map((publicId) => ({ publicId })),
      vpn: values.services.includes(VPN_SERVICE_VALUE),
    },
  });
};

/** The device a loaded request refers to. */
export interface RequestDevice {
  readonly kind: "agent" | "asset";
  readonly publicId: string;
  readonly name: string;
}

/**
 * The agent or asset of a loaded request (the agent when both are present).
 * Errors: NoAgentReference ('No Agent reference') when it has neither.
 */
export const requestDevice = (request: MyAccessRequest): Result.Result<RequestDevice, NoAgentReference> => {
  if (request.agent) return Result.succeed({ kind: "agent", ...request.agent });
  if (request.asset) return Result.succeed({ kind: "asset", ...request.asset });
  return Result.fail(new NoAgentReference());
};
