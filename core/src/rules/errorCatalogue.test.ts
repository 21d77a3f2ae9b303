import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ApiFailure, ApiUnavailable, CannotDeleteGroupType, Conflict, GatewayTimeout, InvalidInput, NameAlreadyInUse,
  NoAgentReference, NoPublishedPage, PageHasNoDraft, VpnClientUnreachable,
} from "../errors";
import { decisionNotice } from "./accessRequests";
import { connectDecision } from "./connectPermission";
import {
  ERROR_CATALOGUE, LOG_FILE_NAME, noticeForError, shouldReportError, situationOf, type NoticeError, type Operation,
} from "./errorCatalogue";
import { connectorNotice, stepErrorNotice } from "./vpnConnector";

const failure = (status: number, ...messages: string[]) => new ApiFailure({ status, issues: messages.map((message) => ({ message })) });
const conflict = (...messages: string[]) => new Conflict({ issues: messages.map((message) => ({ message })) });

describe("the error catalogue (spec.md section 8)", () => {
  it("shows a still-used audience as 'access category is still in use' for 4 s, other audience messages as given", () => {
    expect(noticeForError(conflict("Audience is still in use"), "audience.remove")).toMatchObject({ text: "access category is still in use", durationMs: 4000 });
    expect(noticeForError(conflict("Audience has members"), "audience.remove")).toMatchObject({ text: "Audience has members", durationMs: 4000 });
  });

  it("shows an unprovisioned company for 3 s and a failed group type removal's first message for 3 s", () => {
    expect(noticeForError(failure(403, "Your company is not fully provisioned"), "template.create")).toMatchObject({ situation: "companyNotProvisioned", durationMs: 3000 });
    expect(noticeForError(new CannotDeleteGroupType({ publicId: "g", reason: "in-use" }), "groupType.remove"))
      .toMatchObject({ text: "CANNOT_DELETE_GROUP_TYPE", durationMs: 3000 });
    expect(noticeForError(conflict("first", "second"), "groupType.remove")).toMatchObject({ text: "first", durationMs: 3000 });
  });

  it("shows 'download failed' for 3 s; a saved log is cloud-function.log", () => {
    expect(noticeForError(failure(404, "x"), "templateLogs.download")).toMatchObject({ text: "download failed", durationMs: 3000 });
    expect(LOG_FILE_NAME).toBe("cloud-function.log");
  });

  it("shows set-default failures for 4 s and membership failures for 3 s, with the first message", () => {
    expect(noticeForError(conflict("Already default"), "page.setDefault")).toMatchObject({ text: "Already default", durationMs: 4000 });
    expect(noticeForError(conflict("Not a member"), "membership.edit")).toMatchObject({ text: "Not a member", durationMs: 3000 });
  });

  it("shows 'No published page' as 'Cannot duplicate a non-published page' for 4 s, and 504 as 'Gateway Timeout error' for 4 s", () => {
    expect(noticeForError(new NoPublishedPage({ pagePublicId: "p" }), "page.duplicate")).toMatchObject({ text: "Cannot duplicate a non-published page", durationMs: 4000 });
    expect(noticeForError(new GatewayTimeout(), "page.setDefault")).toMatchObject({ text: "Gateway Timeout error", durationMs: 4000 });
  });

  it("navigates to api-unavailable for status 0/5xx and retries the VPN client without a time-out", () => {
    expect(noticeForError(new ApiUnavailable({ status: 0 }))).toMatchObject({ presentation: "navigate", path: "/error/api-unavailable" });
    expect(noticeForError(new VpnClientUnreachable({}))).toMatchObject({ presentation: "snackbar", action: "Retry", durationMs: null });
  });

  it("names the rest of section 8", () => {
    expect(noticeForError(new PageHasNoDraft({ pagePublicId: "p" })).text).toBe("Page has no draft version");
    expect(noticeForError(new NoAgentReference())).toMatchObject({ presentation: "failure", text: "No Agent reference" });
    expect(noticeForError(new NameAlreadyInUse({ name: "x" }))).toMatchObject({ presentation: "form", text: "NAME_ALREADY_IN_USE" });
    expect(noticeForError(new InvalidInput({ issues: [{ message: "Required language missing: en" }] }), "translations.batch"))
      .toMatchObject({ presentation: "form", text: "Required language missing: en" });
    expect(ERROR_CATALOGUE.passwordChanged).toMatchObject({ text: "PASSWORD_CHANGED", durationMs: 3000 });
    expect(ERROR_CATALOGUE.connectionFailed).toMatchObject({ text: "Connection failed", durationMs: 5000 });
    expect(ERROR_CATALOGUE.helpCenterFailed).toMatchObject({ text: "Unable to load help center", durationMs: 3000 });
    expect(ERROR_CATALOGUE.offline).toMatchObject({ presentation: "banner", text: "No connection" });
    expect(ERROR_CATALOGUE.noApprovers).toMatchObject({ presentation: "dialog", text: "Unable to request access" });
    expect(ERROR_CATALOGUE.releaseInfoFailed.presentation).toBe("silent");
    expect([ERROR_CATALOGUE.formRequired.text, ERROR_CATALOGUE.formInvalidDate.text]).toEqual(["REQUIRED", "INVALID_DATE_AND_TIME"]);
  });

  it("agrees with the rules that produce notices themselves (one table)", () => {
    const decision = decisionNotice("pending", "approved", "Ann");
    expect([decision?.key, decision?.durationMs]).toEqual([ERROR_CATALOGUE.approverApproved.text, ERROR_CATALOGUE.approverApproved.durationMs]);
    expect(decisionNotice("approved", "revoked", "Ann")?.key).toBe(ERROR_CATALOGUE.approverRevoked.text);
    expect(decisionNotice(undefined, "rejected", "Ann")?.key).toBe(ERROR_CATALOGUE.approverRejected.text);
    expect(stepErrorNotice([{ status: "error" }])?.durationMs).toBe(ERROR_CATALOGUE.vpnStepErrors.durationMs);
    expect(connectorNotice("lost", "missing")).toMatchObject({ message: ERROR_CATALOGUE.vpnClientUnreachable.text, durationMs: null, action: "Retry" });
    const offline = connectDecision({
      target: { kind: "vpn" }, agent: { vpnRequireAccessApproval: false, activeVpnSession: null }, requests: [],
      accessRequestsInUse: false, canManageAccessRequests: false, authExpiresAtSeconds: 4_000_000_000, now: 0,
    });
    expect(offline).toMatchObject({ message: ERROR_CATALOGUE.connectionFailed.text, durationMs: ERROR_CATALOGUE.connectionFailed.durationMs });
  });

  const operationArb = fc.constantFrom<Operation>("audience.remove", "template.create", "groupType.remove", "assetType.remove", "templateLogs.download", "page.setDefault", "page.duplicate", "membership.edit", "translations.batch", "other");
  const errorArb: fc.Arbitrary<NoticeError> = fc.oneof(
    fc.array(fc.string(), { maxLength: 3 }).map((m) => conflict(...m)),
    fc.array(fc.string(), { maxLength: 3 }).map((m) => new InvalidInput({ issues: m.map((message) => ({ message })) })),
    fc.tuple(fc.integer({ min: 400, max: 599 }), fc.array(fc.string(), { maxLength: 2 })).map(([s, m]) => failure(s, ...m)),
    fc.constantFrom<NoticeError>(new GatewayTimeout(), new ApiUnavailable({ status: 503 }), new VpnClientUnreachable({}), new NoPublishedPage({ pagePublicId: "p" }), new PageHasNoDraft({ pagePublicId: "p" }), new NoAgentReference(), new NameAlreadyInUse({ name: "n" })),
  );

  it("property: every notice has the table's presentation and duration, and snackbars and forms have text", () => {
    fc.assert(fc.property(errorArb, operationArb, (error, operation) => {
      const notice = noticeForError(error, operation);
      const entry = ERROR_CATALOGUE[situationOf(error, operation)];
      expect([notice.presentation, notice.durationMs]).toEqual([entry.presentation, entry.durationMs]);
      if (notice.presentation === "snackbar" || notice.presentation === "form") expect(notice.text.length).toBeGreaterThan(0);
    }));
  });
});

describe("shouldReportError", () => {
  const known = new Set(["live-value", "gauge"]);
  const error = (message: string, extra: Partial<Parameters<typeof shouldReportError>[0]> = {}) =>
    shouldReportError({ isError: true, name: "Error", message, ...extra }, known);

  it("ignores the noise the spec lists", () => {
    expect(error("ResizeObserver loop limit exceeded")).toBe(false);
    expect(error("ResizeObserver loop completed with undelivered notifications.")).toBe(false);
    expect(error("Loading chunk 42 failed.", { name: "ChunkLoadError" })).toBe(false);
    expect(error("Failed to fetch dynamically imported module: https://x/assets/a.js")).toBe(false);
    expect(error("Non-Error promise rejection captured with value: undefined")).toBe(false);
    expect(shouldReportError({ isError: false, message: "boom" }, known)).toBe(false);
    expect(error("Error retrieving icon https://x/icons/cog.svg")).toBe(false);
    expect(error("Cannot read properties of undefined", { templateOrigin: "third-party-widget" })).toBe(false);
  });

  it("reports real errors, also from known templates", () => {
    expect(error("Cannot read properties of undefined (reading 'name')")).toBe(true);
    expect(error("Cannot read properties of undefined", { templateOrigin: "gauge" })).toBe(true);
    expect(error("Unable to load help center")).toBe(true);
  });

  it("property: an error from an unknown template is never reported, whatever its message", () => {
    fc.assert(fc.property(fc.string(), fc.string().filter((t) => !known.has(t)), (message, origin) => {
      expect(error(message, { templateOrigin: origin })).toBe(false);
    }));
  });
});
