import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { VpnClientStep } from "../domain/VpnClient";
import {
  connectorNotice,
  connectorStep,
  INITIAL_CONNECTOR_STATE,
  isStepError,
  nextRetry,
  stepErrorNotice,
  type ConnectorEvent,
  type ConnectorState,
} from "./vpnConnector";

const feed = (state: ConnectorState, ...types: ConnectorEvent["type"][]) => {
  const steps = [];
  for (const type of types) {
    const step = connectorStep(state, { type });
    steps.push(step);
    state = step.state;
  }
  return steps;
};
const unreachable = (n: number) => Array.from({ length: n }, () => "unreachable" as const);

describe("connector transitions", () => {
  it("announces a found installation for 3 s after it was missing", () => {
    expect(connectorNotice("missing", "found")).toEqual({
      kind: "snackbar", message: "VPN client installation found", durationMs: 3000, action: null,
    });
  });
  it("shows a Retry snackbar that never times out when lost turns missing", () => {
    expect(connectorNotice("lost", "missing")).toEqual({
      kind: "snackbar", message: "Cannot communicate with the VPN client", durationMs: null, action: "Retry",
    });
  });
  it("emits 'lost and found' when lost turns found, nothing for other changes", () => {
    expect(connectorNotice("lost", "found")).toEqual({ kind: "event", name: "lost-and-found" });
    expect(connectorNotice("found", "lost")).toBeNull();
    expect(connectorNotice(null, "found")).toBeNull();
    expect(connectorNotice("found", "found")).toBeNull();
  });
});

describe("nextRetry", () => {
  it("retries every 2,500 ms up to 1,440 times, then stops", () => {
    expect(nextRetry(0)).toEqual({ kind: "retry", delayMs: 2500 });
    expect(nextRetry(1439)).toEqual({ kind: "retry", delayMs: 2500 });
    expect(nextRetry(1440)).toEqual({ kind: "stop" });
  });
  it("property: a client that never answers gets exactly 1,440 retries over one hour", () => {
    fc.assert(fc.property(fc.constantFrom<ConnectorState["status"]>(null, "missing", "found", "lost"), (status) => {
      let state: ConnectorState = { status, failures: 0 };
      let retries = 0;
      let waited = 0;
      for (;;) {
        const step = connectorStep(state, { type: "unreachable" });
        state = step.state;
        if (step.next.kind !== "retry") break;
        retries++;
        waited += step.next.delayMs;
      }
      expect([retries, waited, state.status]).toEqual([1440, 3_600_000, "missing"]);
    }), { numRuns: 8 });
  });
});

describe("connectorStep", () => {
  it("finds the client at start-up without announcing it", () => {
    const [step] = feed(INITIAL_CONNECTOR_STATE, "reachable");
    expect(step).toEqual({ state: { status: "found", failures: 0 }, notice: null, next: { kind: "watch" } });
  });
  it("announces the installation when a missing client appears", () => {
    const steps = feed(INITIAL_CONNECTOR_STATE, "unreachable", "unreachable", "reachable");
    expect(steps.map((s) => s.state.status)).toEqual(["missing", "missing", "found"]);
    expect(steps[2]?.notice?.kind).toBe("snackbar");
  });
  it("keeps a lost client lost while retrying and emits 'lost and found' when it comes back", () => {
    const steps = feed(INITIAL_CONNECTOR_STATE, "reachable", "unreachable", "unreachable", "reachable");
    expect(steps.map((s) => s.state.status)).toEqual(["found", "lost", "lost", "found"]);
    expect(steps[3]?.notice).toEqual({ kind: "event", name: "lost-and-found" });
  });
  it("turns lost into missing with the Retry snackbar when the retries run out, and Retry starts over", () => {
    const steps = feed(INITIAL_CONNECTOR_STATE, "reachable", ...unreachable(1441));
    const last = steps.at(-1)!;
    expect(steps.at(-2)?.state.status).toBe("lost");
    expect(last.state.status).toBe("missing");
    expect(last.notice).toMatchObject({ action: "Retry", durationMs: null });
    expect(last.next).toEqual({ kind: "stop" });
    const retry = connectorStep(last.state, { type: "retry" });
    expect(retry).toEqual({ state: { status: "missing", failures: 0 }, notice: null, next: { kind: "retry", delayMs: 0 } });
  });
  it("property: lost turns missing only after 1,440 failed retries in a row, and only then asks to Retry", () => {
    const run = fc.oneof(
      fc.constantFrom<ConnectorEvent["type"][]>(["reachable"], ["retry"]),
      fc.integer({ min: 1, max: 1600 }).map(unreachable),
    );
    fc.assert(fc.property(fc.array(run, { maxLength: 6 }), (runs) => {
      let state = INITIAL_CONNECTOR_STATE;
      for (const type of runs.flat()) {
        const step = connectorStep(state, { type });
        const askedToRetry = step.notice?.kind === "snackbar" && step.notice.action === "Retry";
        expect(askedToRetry).toBe(state.status === "lost" && step.state.status === "missing");
        if (askedToRetry) expect(step.state.failures).toBe(1 + 1440);
        if (type === "reachable") expect(step.state).toEqual({ status: "found", failures: 0 });
        state = step.state;
      }
    }), { numRuns: 50 });
  });
});

describe("step statuses", () => {
  const step = (status: VpnClientStep["status"]): VpnClientStep => ({ status });
  it("treats 'error' and codes of 10 and above as errors, codes below 10 as progress", () => {
    expect(isStepError("error")).toBe(true);
    expect(isStepError("connecting")).toBe(false);
    expect(isStepError({ code: 9, message: "Authenticating" })).toBe(false);
    expect(isStepError({ code: 10, message: "Ticket expired" })).toBe(true);
  });
  it("joins the errors into one message for 5 s", () => {
    const steps = [step({ code: 2, message: "Starting" }), step({ code: 12, message: "Ticket expired" }), step("error"), step({ code: 31, message: "TAP adapter missing" })];
    expect(stepErrorNotice(steps)).toEqual({
      kind: "snackbar", message: "Ticket expired, Unknown error, TAP adapter missing", durationMs: 5000,
    });
    expect(stepErrorNotice([step({ code: 3, message: "Connecting" }), step("done")])).toBeNull();
  });
  it("property: a notice exists exactly when some step is an error, and names each error message", () => {
    const status = fc.oneof(fc.constantFrom("error", "done", "busy"), fc.record({ code: fc.integer({ min: 0, max: 99 }), message: fc.stringMatching(/^[A-Za-z ]{1,12}$/) }));
    fc.assert(fc.property(fc.array(status.map(step), { maxLength: 8 }), (steps) => {
      const notice = stepErrorNotice(steps);
      expect(notice !== null).toBe(steps.some((s) => isStepError(s.status)));
      for (const s of steps) {
        if (typeof s.status !== "string" && s.status.code >= 10 && s.status.message.trim()) {
          expect(notice?.message).toContain(s.status.message.trim());
        }
      }
    }));
  });
});
