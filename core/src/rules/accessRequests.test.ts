import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCESS_DURATION_OPTIONS } from "../constants";
import { ACCESS_REQUEST_STATUSES, UTC_ISO_SECONDS_PATTERN } from "../domain/AccessRequest";
import { NoAgentReference } from "../errors";
import { DEFAULT_DURATION, durationMs, minimumStart, type AccessRequestFormValues } from "./accessRequestForm";
import { buildAccessRequestPayload, decisionNotice, parseIsoInstant, requestDevice, toUtcIsoSeconds } from "./accessRequests";

const NOW = Date.UTC(2026, 10, 21, 10, 5, 42, 123);
const values: AccessRequestFormValues = {
  services: ["vpn", "srv000000001"],
  approvers: ["appr00000001", "appr00000002"],
  start: Date.UTC(2026, 10, 21, 10, 5),
  reason: " Firmware update ",
  duration: { format: "hours", value: 2 },
};

describe("decisionNotice", () => {
  it("tells the user that an approver approved, rejected or revoked, for 4 s", () => {
    expect(decisionNotice("pending", "approved", "Zoë")).toEqual({
      key: "NAME_HAS_APPROVED_YOUR_ACCESS_REQUEST", name: "Zoë", durationMs: 4000,
    });
    expect(decisionNotice("pending", "rejected", "Ann")?.key).toBe("NAME_HAS_REJECTED_YOUR_ACCESS_REQUEST");
    expect(decisionNotice("approved", "revoked", "Ann")?.key).toBe("NAME_HAS_REVOKED_YOUR_ACCESS_REQUEST");
  });
  it("gives no notice when nothing was decided", () => {
    expect(decisionNotice("approved", "approved", "Ann")).toBeNull();
    expect(decisionNotice(undefined, "pending", "Ann")).toBeNull();
  });
  it("property: a notice comes exactly when the status changes to a decision", () => {
    const status = fc.constantFrom(...ACCESS_REQUEST_STATUSES);
    fc.assert(fc.property(fc.option(status, { nil: undefined }), status, fc.string(), (prev, next, name) => {
      const notice = decisionNotice(prev, next, name);
      expect(notice !== null).toBe(prev !== next && ["approved", "rejected", "revoked"].includes(next));
      if (notice) expect(notice.name).toBe(name);
    }));
  });
});

describe("buildAccessRequestPayload", () => {
  it("builds the payload with UTC times without milliseconds and end = start + duration", () => {
    const result = buildAccessRequestPayload({ agentPublicId: "agent0000001", values }, NOW);
    expect(Result.getOrThrow(result)).toEqual({
      agentPublicId: "agent0000001",
      payload: {
        allowedApprovers: [{ publicId: "appr00000001" }, { publicId: "appr00000002" }],
        start: "2026-11-21T10:05:00Z",
        end: "2026-11-21T12:05:00Z",
        reason: "Firmware update",
        servers: [{ publicId: "srv000000001" }],
        vpn: true,
      },
    });
  });
  it("uses the first option (30 minutes) when no duration was chosen", () => {
    const result = buildAccessRequestPayload({ agentPublicId: "a", values: { ...values, duration: null } }, NOW);
    expect(Result.getOrThrow(result).payload.end).toBe("2026-11-21T10:35:00Z");
  });
  it("sends vpn false when only servers are selected", () => {
    const result = buildAccessRequestPayload({ agentPublicId: "a", values: { ...values, services: ["s1", "s1"] } }, NOW);
    expect(Result.getOrThrow(result).payload).toMatchObject({ vpn: false, servers: [{ publicId: "s1" }] });
  });
  it("fails with NoAgentReference without an agent", () => {
    const result = buildAccessRequestPayload({ agentPublicId: null, values }, NOW);
    expect(Result.isFailure(result) && result.failure).toBeInstanceOf(NoAgentReference);
    expect(Result.isFailure(result) && result.failure.message).toBe("No Agent reference");
  });
  it("fails with InvalidInput naming each failing field", () => {
    const result = buildAccessRequestPayload(
      { agentPublicId: "a", values: { ...values, reason: "", start: NOW - 240_000 } }, NOW);
    expect(Result.isFailure(result) && result.failure._tag).toBe("InvalidInput");
    expect(Result.isFailure(result) && result.failure._tag === "InvalidInput" && result.failure.issues).toEqual([
      { message: "INVALID_DATE_AND_TIME", propertyName: "start" },
      { message: "REQUIRED", propertyName: "reason" },
    ]);
  });
  it("property: start and end match the UTC format and end is after start by the duration", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 4e12 }),
      fc.integer({ min: 0, max: 1e11 }),
      fc.option(fc.constantFrom(...ACCESS_DURATION_OPTIONS), { nil: null }),
      (now, ahead, duration) => {
        const start = now + ahead;
        const result = buildAccessRequestPayload({ agentPublicId: "a", values: { ...values, start, duration } }, now);
        const { payload } = Result.getOrThrow(result);
        expect(payload.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        expect(payload.end).toMatch(UTC_ISO_SECONDS_PATTERN);
        const [s, e] = [Date.parse(payload.start), Date.parse(payload.end)];
        expect(e).toBeGreaterThan(s);
        expect(e - s).toBe(durationMs(duration ?? DEFAULT_DURATION));
        expect(start - s >= 0 && start - s < 1000 && s >= minimumStart(now)).toBe(true);
      },
    ));
  });
});

describe("time format", () => {
  it("formats without milliseconds and parses zoned ISO times only", () => {
    expect(toUtcIsoSeconds(Date.UTC(2026, 10, 21, 10, 5, 0, 999))).toBe("2026-11-21T10:05:00Z");
    expect(parseIsoInstant("2026-11-21T10:05:00Z")).toBe(Date.UTC(2026, 10, 21, 10, 5));
    expect(parseIsoInstant("2026-11-21T11:05:00+01:00")).toBe(Date.UTC(2026, 10, 21, 10, 5));
    expect(parseIsoInstant("2026-11-21T10:05:00")).toBeNull();
    expect(parseIsoInstant("tomorrow")).toBeNull();
  });
  it("property: parsing a formatted time gives it back at second precision", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 253402300799000 }), (ms) => {
      expect(parseIsoInstant(toUtcIsoSeconds(ms))).toBe(Math.floor(ms / 1000) * 1000);
    }));
  });
});

describe("requestDevice", () => {
  const request = {
    publicId: "r", status: "approved" as const, start: "", end: "", user: { publicId: "u" }, vpn: true, servers: [],
  };
  it("gives the agent or asset of a request", () => {
    const agent = { publicId: "ag", name: "Press 1" };
    expect(Result.getOrThrow(requestDevice({ request, user: { publicId: "u" }, agent }))).toEqual({ kind: "agent", ...agent });
    expect(Result.getOrThrow(requestDevice({ request, user: { publicId: "u" }, asset: agent })).kind).toBe("asset");
  });
  it("fails with 'No Agent reference' without either", () => {
    const result = requestDevice({ request, user: { publicId: "u" }, agent: null });
    expect(Result.isFailure(result) && result.failure.message).toBe("No Agent reference");
  });
});
