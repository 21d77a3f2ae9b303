import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCESS_DURATION_OPTIONS } from "../constants";
import { ACCESS_REQUEST_STATUSES } from "../domain/AccessRequest";
import { DURATION_CHOICES, INVALID_DATE_AND_TIME, REQUIRED } from "./accessRequestForm";
import { toUtcIsoSeconds } from "./accessRequests";
import {
  ACCESS_MESSAGES, approveRequest, cancelRequest, expireRequest, extensionOf, isActiveAt, myAccessState, newRequestIssues,
  overlappingRequest, rejectRequest, releaseRequest, revokeRequest, START_CLOCK_SLACK_MS, withApprovedExtension, withdrawExtension, type RequestState,
} from "./accessWindow";

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const pending = (over: Partial<RequestState> = {}): RequestState => ({
  status: "pending", requesterId: "engineer0001", allowedApproverIds: ["approver0001", "approver0002"],
  requestedStart: NOW, requestedEnd: NOW + 30 * MIN, start: NOW, end: NOW + 30 * MIN,
  vpn: true, serverIds: [], decidedAt: null, approverId: null, ...over,
});
const approver = { publicId: "approver0001", canApprove: true };
const requester = { publicId: "engineer0001", canApprove: false };

const messageOf = (r: Result.Result<unknown, { issues?: ReadonlyArray<{ message: string }>; right?: string }>): string | undefined =>
  Result.isFailure(r) ? (r.failure.issues?.[0]?.message ?? r.failure.right) : undefined;

/** A request in any state, with a window of an offered duration around NOW. */
const requestArb = fc.record({
  status: fc.constantFrom(...ACCESS_REQUEST_STATUSES),
  offsetMin: fc.integer({ min: -600, max: 600 }),
  duration: fc.constantFrom(...DURATION_CHOICES),
  vpn: fc.boolean(),
  servers: fc.subarray(["s1", "s2", "s3"]),
}).map(({ status, offsetMin, duration, vpn, servers }) =>
  pending({ status, requestedStart: NOW + offsetMin * MIN, requestedEnd: NOW + offsetMin * MIN + duration.ms, start: NOW + offsetMin * MIN, end: NOW + offsetMin * MIN + duration.ms, vpn, serverIds: servers }));

describe("approveRequest", () => {
  it("keeps the requested window when approved before it starts", () => {
    const r = approveRequest(pending({ requestedStart: NOW + 60 * MIN, requestedEnd: NOW + 90 * MIN, start: NOW + 60 * MIN, end: NOW + 90 * MIN }), approver, NOW);
    expect(Result.getOrThrow(r)).toMatchObject({ status: "approved", start: NOW + 60 * MIN, end: NOW + 90 * MIN, approverId: "approver0001", decidedAt: NOW });
  });
  it("property: a late approval starts the window at the approval's minute and keeps the full duration", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 29 * MIN }), fc.constantFrom(...DURATION_CHOICES), (lateMs, d) => {
      const r = pending({ requestedEnd: NOW + d.ms, end: NOW + d.ms });
      const now = NOW + Math.min(lateMs, d.ms - 1000);
      const a = Result.getOrThrow(approveRequest(r, approver, now));
      expect(a.start).toBe(Math.max(NOW, Math.floor(now / MIN) * MIN));
      // The approval's own minute is covered: the user can connect at once.
      expect(a.start).toBeLessThanOrEqual(Math.floor(now / MIN) * MIN);
      expect(a.end - a.start).toBe(d.ms);
      expect(a.start).toBeGreaterThanOrEqual(r.requestedStart);
    }));
  });
  it("property: nobody approves or rejects their own request, whatever rights they hold", () => {
    fc.assert(fc.property(requestArb, fc.boolean(), (r, canApprove) => {
      const self = { publicId: r.requesterId, canApprove };
      const withSelf = { ...r, allowedApproverIds: [...r.allowedApproverIds, r.requesterId] };
      expect(messageOf(approveRequest(withSelf, self, NOW))).toBe(ACCESS_MESSAGES.ownRequest);
      expect(messageOf(rejectRequest(withSelf, self, NOW))).toBe(ACCESS_MESSAGES.ownRequest);
      expect(messageOf(revokeRequest(withSelf, self, NOW))).toBe(ACCESS_MESSAGES.ownRequest);
    }));
  });
  it("refuses an approver who was not addressed or lacks the approve right", () => {
    expect(messageOf(approveRequest(pending(), { publicId: "someone00001", canApprove: true }, NOW))).toBe(ACCESS_MESSAGES.notAnApprover);
    expect(messageOf(approveRequest(pending(), { ...approver, canApprove: false }, NOW))).toBe(ACCESS_MESSAGES.notAnApprover);
  });
  it("the first decision wins: any decision on a decided request is a conflict", () => {
    const first = Result.getOrThrow(approveRequest(pending(), approver, NOW));
    const second = { publicId: "approver0002", canApprove: true };
    expect(messageOf(approveRequest(first, second, NOW + 1000))).toBe(ACCESS_MESSAGES.alreadyDecided);
    expect(messageOf(rejectRequest(first, second, NOW + 1000))).toBe(ACCESS_MESSAGES.alreadyDecided);
  });
  it("a pending request past its requested end can no longer be approved: it has expired", () => {
    expect(messageOf(approveRequest(pending(), approver, NOW + 30 * MIN))).toBe(ACCESS_MESSAGES.expired);
  });
});

describe("expiry, revoke, cancel and release", () => {
  it("property: a pending request expires exactly from its requested end, and nothing else expires", () => {
    fc.assert(fc.property(requestArb, fc.integer({ min: -700, max: 700 }), (r, atMin) => {
      const now = NOW + atMin * MIN;
      const e = expireRequest(r, now);
      expect(e !== null).toBe(r.status === "pending" && now >= r.requestedEnd);
      if (e) expect(e).toMatchObject({ status: "expired", decidedAt: now, start: r.start, end: r.end });
    }));
  });
  it("property: revoke and release end access at once and never lengthen the window", () => {
    fc.assert(fc.property(requestArb, fc.integer({ min: -700, max: 700 }), (r, atMin) => {
      const now = NOW + atMin * MIN;
      for (const [result, status] of [[revokeRequest(r, approver, now), "revoked"], [releaseRequest(r, requester, now), "released"]] as const) {
        expect(Result.isSuccess(result)).toBe(r.status === "approved" && r.end > now);
        if (Result.isSuccess(result)) {
          const after = result.success;
          expect(after.status).toBe(status);
          expect(isActiveAt(after, now)).toBe(false);
          expect(after.end).toBeLessThanOrEqual(r.end);
          expect(after.start).toBe(r.start);
        }
      }
    }));
  });
  it("only the requester cancels or releases", () => {
    expect(messageOf(cancelRequest(pending(), approver, NOW))).toBe(ACCESS_MESSAGES.onlyRequester);
    expect(Result.getOrThrow(cancelRequest(pending(), requester, NOW)).status).toBe("cancelled");
    const approved = Result.getOrThrow(approveRequest(pending(), approver, NOW));
    expect(messageOf(releaseRequest(approved, approver, NOW))).toBe(ACCESS_MESSAGES.onlyRequester);
    expect(messageOf(cancelRequest(approved, requester, NOW))).toBe(ACCESS_MESSAGES.alreadyDecided);
  });
});

describe("extension", () => {
  const approved = Result.getOrThrow(approveRequest(pending(), approver, NOW));
  it("asks for the same services right after the original ends", () => {
    const e = Result.getOrThrow(extensionOf(approved, requester, { format: "minutes", value: 60 }, NOW + 25 * MIN));
    expect(e).toMatchObject({ status: "pending", requestedStart: approved.end, requestedEnd: approved.end + 60 * MIN, vpn: true, approverId: null });
    expect(overlappingRequest(e, [approved], NOW + 25 * MIN)).toBeNull();
  });
  it("property: an approved extension moves the end without a gap; the window only grows", () => {
    fc.assert(fc.property(fc.constantFrom(...DURATION_CHOICES), fc.integer({ min: 0, max: 29 }), (d, atMin) => {
      const now = NOW + atMin * MIN;
      const e = Result.getOrThrow(extensionOf(approved, requester, d, now));
      const granted = Result.getOrThrow(approveRequest(e, approver, now));
      const merged = withApprovedExtension(approved, granted);
      expect(merged.start).toBe(approved.start);
      expect(merged.end).toBe(approved.end + d.ms);
      for (let t = approved.start; t < merged.end; t += 5 * MIN) expect(isActiveAt(merged, t)).toBe(true);
    }));
  });
  it("refuses extending access that has ended, someone else's, or by a duration not offered", () => {
    expect(messageOf(extensionOf(approved, requester, { format: "minutes", value: 30 }, approved.end))).toBe(ACCESS_MESSAGES.notActive);
    expect(messageOf(extensionOf(approved, approver, { format: "minutes", value: 30 }, NOW))).toBe(ACCESS_MESSAGES.onlyRequester);
    expect(messageOf(extensionOf(approved, requester, { format: "minutes", value: 45 }, NOW))).toBe(ACCESS_MESSAGES.durationNotOffered);
  });
});

describe("overlappingRequest", () => {
  it("windows that only touch do not overlap, on either side", () => {
    const later = pending({ start: NOW + 30 * MIN, end: NOW + 60 * MIN, requestedStart: NOW + 30 * MIN, requestedEnd: NOW + 60 * MIN });
    expect(overlappingRequest({ start: NOW, end: NOW + 30 * MIN, vpn: true, serverIds: [] }, [later], NOW)).toBeNull();
    expect(overlappingRequest({ start: NOW + 60 * MIN, end: NOW + 90 * MIN, vpn: true, serverIds: [] }, [later], NOW)).toBeNull();
    expect(overlappingRequest({ start: NOW + 59 * MIN, end: NOW + 90 * MIN, vpn: true, serverIds: [] }, [later], NOW)).toBe(later);
    expect(overlappingRequest({ start: NOW + 59 * MIN, end: NOW + 90 * MIN, vpn: false, serverIds: ["s9"] }, [later], NOW)).toBeNull();
  });
  it("property: live requests sharing a service and intersecting in time overlap; touching windows do not", () => {
    fc.assert(fc.property(requestArb, requestArb, (a, b) => {
      const found = overlappingRequest(b, [a], NOW);
      const live = (a.status === "pending" && NOW < a.requestedEnd) || (a.status === "approved" && a.end > NOW);
      const shares = (a.vpn && b.vpn) || a.serverIds.some((s) => b.serverIds.includes(s));
      expect(found !== null).toBe(live && shares && a.start < b.end && b.start < a.end);
    }));
  });
});

describe("newRequestIssues", () => {
  const ctx = { now: NOW + 42_000, approverIds: new Set(["approver0001"]), serverIds: new Set(["server000001"]) };
  const good = { allowedApprovers: [{ publicId: "approver0001" }], servers: [{ publicId: "server000001" }], vpn: false, reason: "Update", start: toUtcIsoSeconds(NOW), end: toUtcIsoSeconds(NOW + 30 * MIN) };
  it("accepts a request of every offered duration from the current minute", () => {
    for (const d of DURATION_CHOICES) expect(newRequestIssues({ ...good, end: toUtcIsoSeconds(NOW + d.ms) }, ctx)).toEqual([]);
    expect(DURATION_CHOICES.length).toBe(ACCESS_DURATION_OPTIONS.length);
  });
  it("names each failing field, and the listIndex of a failing approver or server", () => {
    expect(newRequestIssues({ ...good, allowedApprovers: [], servers: [], reason: "  " }, ctx)).toEqual([
      { message: REQUIRED, propertyName: "services" },
      { message: REQUIRED, propertyName: "allowedApprovers" },
      { message: REQUIRED, propertyName: "reason" },
    ]);
    expect(newRequestIssues({ ...good, allowedApprovers: [{ publicId: "approver0001" }, { publicId: "engineer0001" }], servers: [{ publicId: "elsewhere001" }] }, ctx)).toEqual([
      { message: ACCESS_MESSAGES.approverNotAllowed, propertyName: "allowedApprovers", listIndex: 1 },
      { message: ACCESS_MESSAGES.serverNotOnDevice, propertyName: "servers", listIndex: 0 },
    ]);
  });
  it("refuses a start in the past (beyond the clock slack), an end before the start, a duration not offered", () => {
    const past = NOW - START_CLOCK_SLACK_MS - MIN;
    expect(newRequestIssues({ ...good, start: toUtcIsoSeconds(past), end: toUtcIsoSeconds(past + 30 * MIN) }, ctx)).toEqual([{ message: INVALID_DATE_AND_TIME, propertyName: "start" }]);
    expect(newRequestIssues({ ...good, start: "tomorrow" }, ctx)).toEqual([{ message: INVALID_DATE_AND_TIME, propertyName: "start" }]);
    expect(newRequestIssues({ ...good, end: toUtcIsoSeconds(NOW - MIN) }, ctx)).toEqual([{ message: ACCESS_MESSAGES.endBeforeStart, propertyName: "end" }]);
    expect(newRequestIssues({ ...good, end: toUtcIsoSeconds(NOW + 45 * MIN) }, ctx)).toEqual([{ message: ACCESS_MESSAGES.durationNotOffered, propertyName: "end" }]);
  });
  it("property: never throws on arbitrary text, and every issue names a field", () => {
    fc.assert(fc.property(fc.string(), fc.string(), fc.string(), (start, end, reason) => {
      for (const i of newRequestIssues({ ...good, start, end, reason }, ctx)) expect(i.propertyName).toBeTruthy();
    }));
  });
});

describe("myAccessState", () => {
  it("reads active until the end, scheduled, pending, expired and none, in that priority", () => {
    const approved = Result.getOrThrow(approveRequest(pending(), approver, NOW));
    expect(myAccessState([approved], NOW + MIN)).toEqual({ state: "active", start: toUtcIsoSeconds(NOW), end: toUtcIsoSeconds(NOW + 30 * MIN) });
    expect(myAccessState([approved], NOW - MIN).state).toBe("scheduled");
    expect(myAccessState([pending()], NOW).state).toBe("pending");
    expect(myAccessState([approved], NOW + 30 * MIN).state).toBe("expired");
    expect(myAccessState([pending()], NOW + 30 * MIN).state).toBe("none");
    expect(myAccessState([], NOW)).toEqual({ state: "none", start: null, end: null });
    expect(myAccessState([pending(), approved], NOW + MIN).state).toBe("active");
  });
  it("property: active exactly when some approved window covers now", () => {
    fc.assert(fc.property(fc.array(requestArb, { maxLength: 5 }), (rs) => {
      expect(myAccessState(rs, NOW).state === "active").toBe(rs.some((r) => isActiveAt(r, NOW)));
    }));
  });
});

describe("withdrawExtension", () => {
  it("property: only a pending request is withdrawn, and it ends cancelled at that time", () => {
    fc.assert(fc.property(requestArb, fc.integer({ min: 0, max: 10 ** 12 }), (r, at) => {
      const w = withdrawExtension(r, at);
      if (r.status !== "pending") return w === null;
      return w !== null && w.status === "cancelled" && w.decidedAt === at && w.start === r.start && w.end === r.end;
    }));
  });
});
