/**
 * The lifecycle of an access request (issue 9 on spec.md sections 3, 4 and 6): what a new request
 * must satisfy on the server, how an approval sets the access window, and each later transition
 * (reject, revoke, cancel, release, expire, extend), plus my access to a device at a glance.
 * Times are epoch milliseconds; the server stores them and the wire carries UTC ISO strings.
 * Every function is pure: the server applies the result in one transaction.
 */
import { Result } from "effect";
import type { AccessRequestStatus } from "../domain/AccessRequest";
import type { DurationOption } from "../domain/AccessRequest";
import type { MyAccess } from "../domain/Device";
import { Conflict, Forbidden, InvalidInput, type ValidationIssue } from "../errors";
import { DURATION_CHOICES, durationMs, INVALID_DATE_AND_TIME, LATEST_START_MS, minimumStart, REQUIRED, START_CLOCK_SLACK_MS } from "./accessRequestForm";
import { parseIsoInstant, toUtcIsoSeconds } from "./accessRequests";

/** Message keys of the lifecycle (englishMessages.ts has their sentences). */
export const ACCESS_MESSAGES = {
  alreadyDecided: "ACCESS_REQUEST_ALREADY_DECIDED",
  expired: "ACCESS_REQUEST_EXPIRED",
  notActive: "ACCESS_NOT_ACTIVE",
  ownRequest: "CANNOT_DECIDE_OWN_ACCESS_REQUEST",
  notAnApprover: "NOT_AN_APPROVER_OF_THIS_DEVICE",
  onlyRequester: "ONLY_THE_REQUESTER_CAN_DO_THIS",
  noApprovers: "NO_APPROVERS_FOR_THIS_DEVICE",
  overlapping: "OVERLAPPING_ACCESS_REQUEST",
  approverNotAllowed: "APPROVER_NOT_ALLOWED",
  serverNotOnDevice: "SERVER_NOT_ON_THIS_DEVICE",
  durationNotOffered: "DURATION_NOT_OFFERED",
  endBeforeStart: "END_BEFORE_START",
} as const;

const SECOND_MS = 1000;
export { START_CLOCK_SLACK_MS };

/** A request as the lifecycle reads it. */
export interface RequestState {
  readonly status: AccessRequestStatus;
  /** publicId of the requesting user. */
  readonly requesterId: string;
  /** publicIds of the approvers the requester addressed. */
  readonly allowedApproverIds: ReadonlyArray<string>;
  readonly requestedStart: number;
  readonly requestedEnd: number;
  /** The window: the requested one until approval, the granted one after. */
  readonly start: number;
  readonly end: number;
  readonly vpn: boolean;
  readonly serverIds: ReadonlyArray<string>;
  /** When it was decided, cancelled, released or expired; null while pending. */
  readonly decidedAt: number | null;
  /** publicId of the approver who decided; null otherwise. */
  readonly approverId: string | null;
}

/** Who acts on a request: their publicId and whether they hold the approve right on its device. */
export interface Actor {
  readonly publicId: string;
  readonly canApprove: boolean;
}

type Refusal = Conflict | Forbidden;
const conflict = (message: string): Conflict => new Conflict({ issues: [{ message }] });
const forbidden = (right: string): Forbidden => new Forbidden({ right });
const floorSecond = (ms: number): number => Math.floor(ms / SECOND_MS) * SECOND_MS;
const clamp = (x: number, lo: number, hi: number): number => Math.min(Math.max(x, lo), hi);

/** Whether a pending request has reached its requested end at `now` (it expires then). */
export const isPendingExpired = (r: RequestState, now: number): boolean => r.status === "pending" && r.requestedEnd <= now;

/** Whether an approved request grants access at `now`: approved and start <= now < end. */
export const isActiveAt = (r: Pick<RequestState, "status" | "start" | "end">, now: number): boolean =>
  r.status === "approved" && r.start <= now && now < r.end;

/** The refusal of a decision (approve or reject) by `actor` at `now`, or null when allowed. */
const decisionRefusal = (r: RequestState, actor: Actor, now: number): Refusal | null => {
  if (actor.publicId === r.requesterId) return forbidden(ACCESS_MESSAGES.ownRequest);
  if (!actor.canApprove || !r.allowedApproverIds.includes(actor.publicId)) return forbidden(ACCESS_MESSAGES.notAnApprover);
  if (r.status !== "pending") return conflict(ACCESS_MESSAGES.alreadyDecided);
  if (isPendingExpired(r, now)) return conflict(ACCESS_MESSAGES.expired);
  return null;
};

/**
 * Approves a pending request at `now`. The window starts at the requested start, or at the start
 * of the approval's minute when that is later, and keeps the requested duration: an approver who
 * decides late does not shorten the access, and the access covers the minute of the approval (the
 * connect rule asks for an approved request covering the current minute: approved at 10:15:40, the
 * user can connect at once, not only from 10:16). Refusals, in this order: Forbidden when the actor is
 * the requester (nobody approves their own request) or is not an addressed approver holding the
 * approve right; Conflict when it is no longer pending (the first decision wins) or has expired.
 */
export const approveRequest = (r: RequestState, actor: Actor, now: number): Result.Result<RequestState, Refusal> => {
  const refusal = decisionRefusal(r, actor, now);
  if (refusal) return Result.fail(refusal);
  const start = Math.max(r.requestedStart, minimumStart(now));
  return Result.succeed({ ...r, status: "approved", start, end: start + (r.requestedEnd - r.requestedStart), decidedAt: now, approverId: actor.publicId });
};

/** Rejects a pending request; the same refusals as approveRequest. The window stays as asked. */
export const rejectRequest = (r: RequestState, actor: Actor, now: number): Result.Result<RequestState, Refusal> => {
  const refusal = decisionRefusal(r, actor, now);
  return refusal ? Result.fail(refusal) : Result.succeed({ ...r, status: "rejected", decidedAt: now, approverId: actor.publicId });
};

/**
 * Revokes an approved request whose window has not ended: access ends at `now` (a window that has
 * not begun becomes empty). Any approver of the device may revoke, not only the one who approved.
 * Refusals: Forbidden for the requester or a non-approver; Conflict when not approved or ended.
 */
export const revokeRequest = (r: RequestState, actor: Actor, now: number): Result.Result<RequestState, Refusal> => {
  if (actor.publicId === r.requesterId) return Result.fail(forbidden(ACCESS_MESSAGES.ownRequest));
  if (!actor.canApprove) return Result.fail(forbidden(ACCESS_MESSAGES.notAnApprover));
  if (r.status !== "approved" || r.end <= now) return Result.fail(conflict(ACCESS_MESSAGES.notActive));
  return Result.succeed({ ...r, status: "revoked", end: clamp(floorSecond(now), r.start, r.end), decidedAt: now, approverId: actor.publicId });
};

/**
 * Withdraws a pending extension whose original's access was ended (revoked or released): left
 * pending, it could still be approved and grant access again after the end. Guarantees: the
 * cancelled state for a pending request, null for any other (nothing to withdraw). Never fails.
 */
export const withdrawExtension = (r: RequestState, now: number): RequestState | null =>
  r.status === "pending" ? { ...r, status: "cancelled", decidedAt: now } : null;

/** Cancels a pending request. Refusals: Forbidden for anyone but the requester; Conflict when not pending. */
export const cancelRequest = (r: RequestState, actor: Actor, now: number): Result.Result<RequestState, Refusal> => {
  if (actor.publicId !== r.requesterId) return Result.fail(forbidden(ACCESS_MESSAGES.onlyRequester));
  if (r.status !== "pending" || isPendingExpired(r, now)) return Result.fail(conflict(ACCESS_MESSAGES.alreadyDecided));
  return Result.succeed({ ...r, status: "cancelled", decidedAt: now });
};

/**
 * Ends my approved access early: the window ends at `now` (empty when it had not begun).
 * Refusals: Forbidden for anyone but the requester; Conflict when not approved or already ended.
 */
export const releaseRequest = (r: RequestState, actor: Actor, now: number): Result.Result<RequestState, Refusal> => {
  if (actor.publicId !== r.requesterId) return Result.fail(forbidden(ACCESS_MESSAGES.onlyRequester));
  if (r.status !== "approved" || r.end <= now) return Result.fail(conflict(ACCESS_MESSAGES.notActive));
  return Result.succeed({ ...r, status: "released", end: clamp(floorSecond(now), r.start, r.end), decidedAt: now });
};

/** The request expired at `now` when it is pending past its requested end; null when it does not expire. */
export const expireRequest = (r: RequestState, now: number): RequestState | null =>
  isPendingExpired(r, now) ? { ...r, status: "expired", decidedAt: now } : null;

/** The window of a new request that must not overlap: its services and times. */
export interface RequestedWindow {
  readonly start: number;
  readonly end: number;
  readonly vpn: boolean;
  readonly serverIds: ReadonlyArray<string>;
}

const sharesService = (a: RequestedWindow, b: RequestedWindow): boolean =>
  (a.vpn && b.vpn) || a.serverIds.some((s) => b.serverIds.includes(s));

/**
 * The first of my requests on the same device that a new window would overlap: one still pending
 * (not expired) or approved and not ended at `now`, sharing a service, whose window intersects
 * [start, end). Windows that only touch ([a, b) and [b, c), as an extension does) do not overlap.
 */
export const overlappingRequest = <R extends RequestState>(window: RequestedWindow, mine: ReadonlyArray<R>, now: number): R | null =>
  mine.find((r) => {
    const live = (r.status === "pending" && !isPendingExpired(r, now)) || (r.status === "approved" && r.end > now);
    return live && sharesService(window, r) && r.start < window.end && window.start < r.end;
  }) ?? null;

/** A new request as the API receives it (wire strings, unchecked). */
export interface NewRequestInput {
  readonly allowedApprovers: ReadonlyArray<{ readonly publicId?: string | undefined }>;
  readonly servers: ReadonlyArray<{ readonly publicId?: string | undefined }>;
  readonly vpn: boolean;
  readonly reason: string;
  readonly start: string;
  readonly end: string;
}

/** What a new request is checked against: the time and the device's possible approvers and servers. */
export interface NewRequestContext {
  readonly now: number;
  /** publicIds of the device's approvers, the requester already left out. */
  readonly approverIds: ReadonlySet<string>;
  readonly serverIds: ReadonlySet<string>;
}

/**
 * The issues of a new request, one per failing field (propertyName), with the listIndex of a
 * failing approver or server: REQUIRED for no service (neither vpn nor a server), no approver or
 * an empty reason; APPROVER_NOT_ALLOWED, SERVER_NOT_ON_THIS_DEVICE; INVALID_DATE_AND_TIME for a
 * start that is not UTC ISO, before the current minute (less START_CLOCK_SLACK_MS) or past
 * LATEST_START_MS; END_BEFORE_START; DURATION_NOT_OFFERED when end - start is not one of the
 * offered durations. An empty list means valid. Never fails.
 */
export const newRequestIssues = (input: NewRequestInput, ctx: NewRequestContext): ValidationIssue[] => {
  const issues: ValidationIssue[] = [];
  if (!input.vpn && input.servers.length === 0) issues.push({ message: REQUIRED, propertyName: "services" });
  if (input.allowedApprovers.length === 0) issues.push({ message: REQUIRED, propertyName: "allowedApprovers" });
  input.allowedApprovers.forEach((a, listIndex) => {
    if (!a.publicId || !ctx.approverIds.has(a.publicId)) issues.push({ message: ACCESS_MESSAGES.approverNotAllowed, propertyName: "allowedApprovers", listIndex });
  });
  input.servers.forEach((s, listIndex) => {
    if (!s.publicId || !ctx.serverIds.has(s.publicId)) issues.push({ message: ACCESS_MESSAGES.serverNotOnDevice, propertyName: "servers", listIndex });
  });
  if (input.reason.trim() === "") issues.push({ message: REQUIRED, propertyName: "reason" });
  const start = parseIsoInstant(input.start);
  const end = parseIsoInstant(input.end);
  if (start === null || start < minimumStart(ctx.now) - START_CLOCK_SLACK_MS || start > LATEST_START_MS) {
    issues.push({ message: INVALID_DATE_AND_TIME, propertyName: "start" });
  } else if (end === null) {
    issues.push({ message: INVALID_DATE_AND_TIME, propertyName: "end" });
  } else if (end <= start) {
    issues.push({ message: ACCESS_MESSAGES.endBeforeStart, propertyName: "end" });
  } else if (!DURATION_CHOICES.some((d) => d.ms === end - start)) {
    issues.push({ message: ACCESS_MESSAGES.durationNotOffered, propertyName: "end" });
  }
  return issues;
};

/** newRequestIssues as a Result: InvalidInput with the issues, or the parsed window. */
export const checkNewRequest = (input: NewRequestInput, ctx: NewRequestContext): Result.Result<{ start: number; end: number }, InvalidInput> => {
  const issues = newRequestIssues(input, ctx);
  return issues.length > 0
    ? Result.fail(new InvalidInput({ issues }))
    : Result.succeed({ start: parseIsoInstant(input.start)!, end: parseIsoInstant(input.end)! });
};

/**
 * The extension of my approved request by `duration`: a new pending request for the same services
 * and approvers whose window starts where the original ends. Refusals: Forbidden for anyone but
 * the requester; Conflict when the original is not approved or has ended; InvalidInput when the
 * duration is not one of the offered ones.
 */
export const extensionOf = (
  original: RequestState, actor: Actor, duration: DurationOption, now: number,
): Result.Result<RequestState, Refusal | InvalidInput> => {
  if (actor.publicId !== original.requesterId) return Result.fail(forbidden(ACCESS_MESSAGES.onlyRequester));
  if (original.status !== "approved" || original.end <= now) return Result.fail(conflict(ACCESS_MESSAGES.notActive));
  const ms = durationMs(duration);
  if (!DURATION_CHOICES.some((d) => d.ms === ms)) {
    return Result.fail(new InvalidInput({ issues: [{ message: ACCESS_MESSAGES.durationNotOffered, propertyName: "duration" }] }));
  }
  return Result.succeed({
    ...original, status: "pending", requestedStart: original.end, requestedEnd: original.end + ms,
    start: original.end, end: original.end + ms, decidedAt: null, approverId: null,
  });
};

/**
 * The original once its extension was approved: when the original is still approved and the
 * extension's window begins no later than the original ends (no gap), the original's end moves to
 * the extension's end, so access goes on without interruption; otherwise the original is
 * unchanged (the extension then grants its own window).
 */
export const withApprovedExtension = (original: RequestState, extension: Pick<RequestState, "start" | "end">): RequestState =>
  original.status === "approved" && extension.start <= original.end && extension.end > original.end
    ? { ...original, end: extension.end }
    : original;

/**
 * My access to one device at `now` from my requests on it, by priority: active (an approved window
 * covers now; start/end of the covering window with the latest end), scheduled (an approved window
 * later; the earliest), pending (waiting, not expired; the earliest), expired (an approved, revoked
 * or released window that ended; the latest), none.
 */
export const myAccessState = (requests: ReadonlyArray<Pick<RequestState, "status" | "start" | "end" | "requestedEnd">>, now: number): MyAccess => {
  const iso = (ms: number) => toUtcIsoSeconds(ms);
  const pick = <T extends { start: number; end: number }>(xs: T[], by: (x: T) => number, latest: boolean): T | undefined =>
    xs.reduce<T | undefined>((best, x) => (best === undefined || (latest ? by(x) > by(best) : by(x) < by(best)) ? x : best), undefined);
  const active = pick(requests.filter((r) => isActiveAt(r, now)), (r) => r.end, true);
  if (active) return { state: "active", start: iso(active.start), end: iso(active.end) };
  const scheduled = pick(requests.filter((r) => r.status === "approved" && r.start > now), (r) => r.start, false);
  if (scheduled) return { state: "scheduled", start: iso(scheduled.start), end: iso(scheduled.end) };
  const pending = pick(requests.filter((r) => r.status === "pending" && r.requestedEnd > now), (r) => r.start, false);
  if (pending) return { state: "pending", start: iso(pending.start), end: iso(pending.end) };
  const ended = pick(requests.filter((r) => ["approved", "revoked", "released"].includes(r.status) && r.end <= now && r.end > r.start), (r) => r.end, true);
  if (ended) return { state: "expired", start: iso(ended.start), end: iso(ended.end) };
  return { state: "none", start: null, end: null };
};
