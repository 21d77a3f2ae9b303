import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  API_UNAVAILABLE_PATH, INITIAL_CONNECTIVITY, NO_CONNECTION, STATUS_PAGE_URL, SUBTITLE_TRY_AGAIN, apiUnavailableContent,
  connectionNotice, connectivityStep, isProviderCloudHost, type ConnectivityEvent, type ConnectivityState,
} from "./connectivity";

const run = (events: ReadonlyArray<ConnectivityEvent>, start: ConnectivityState = INITIAL_CONNECTIVITY) => {
  let state = start;
  const effects: unknown[] = [];
  for (const event of events) {
    const step = connectivityStep(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
};
const response = (status: number): ConnectivityEvent => ({ type: "response", status });

describe("connectivity", () => {
  it("shows 'No connection' while offline, until back online", () => {
    expect(connectionNotice(run([{ type: "offline" }]).state)).toBe(NO_CONNECTION);
    expect(connectionNotice(run([{ type: "offline" }, { type: "online" }]).state)).toBeNull();
  });

  it("navigates once to api-unavailable on status 0 or 5xx; the second failure does not navigate again", () => {
    expect(run([response(503)]).effects).toEqual([{ type: "navigate", path: API_UNAVAILABLE_PATH }]);
    expect(run([response(0), response(500), response(0)]).effects).toHaveLength(1);
  });

  it("does not navigate for 504, 4xx, or status 0 while offline", () => {
    expect(run([response(504), response(404), response(409)]).effects).toEqual([]);
    expect(run([{ type: "offline" }, response(0)]).effects).toEqual([]);
  });

  it("does not navigate away from unsaved work; the next failure without it does", () => {
    const atRisk: ConnectivityEvent = { type: "response", status: 0, unsavedWork: true };
    expect(run([atRisk, { ...atRisk, status: 500 }]).effects).toEqual([]);
    expect(run([atRisk, response(503)]).effects).toEqual([{ type: "navigate", path: API_UNAVAILABLE_PATH }]);
  });

  it("property: a failure with unsaved work open never navigates", () => {
    fc.assert(fc.property(fc.constantFrom(0, 500, 502, 503), fc.boolean(), (status, online) => {
      const start = { ...INITIAL_CONNECTIVITY, online };
      expect(connectivityStep(start, { type: "response", status, unsavedWork: true }).effects).toEqual([]);
    }));
  });

  it("navigates again after the API answered in between", () => {
    expect(run([response(502), response(200), response(502)]).effects).toHaveLength(2);
  });

  it("property: never two navigations without an answer below 500 between them", () => {
    const eventArb = fc.oneof(
      fc.constant<ConnectivityEvent>({ type: "offline" }),
      fc.constant<ConnectivityEvent>({ type: "online" }),
      fc.constantFrom(0, 200, 204, 400, 401, 404, 429, 500, 502, 503, 504).map(response),
    );
    fc.assert(fc.property(fc.array(eventArb), (events) => {
      let state = INITIAL_CONNECTIVITY;
      let navigatedSinceAnswer = false;
      for (const event of events) {
        const step = connectivityStep(state, event);
        if (step.effects.length > 0) {
          expect(navigatedSinceAnswer).toBe(false);
          navigatedSinceAnswer = true;
        }
        if (event.type === "response" && event.status > 0 && event.status < 500) navigatedSinceAnswer = false;
        state = step.state;
      }
    }));
  });
});

describe("api-unavailable page", () => {
  it("links the status page only on the provider's cloud domain", () => {
    expect(apiUnavailableContent("portal.portal-cloud.example").statusPageUrl).toBe(STATUS_PAGE_URL);
    expect(apiUnavailableContent("PORTAL-CLOUD.example:443").statusPageUrl).toBe(STATUS_PAGE_URL);
    expect(apiUnavailableContent("portal.customer.com")).toEqual({ title: "API server is unavailable", subtitle: SUBTITLE_TRY_AGAIN, statusPageUrl: null });
    expect(apiUnavailableContent("evilportal-cloud.example").statusPageUrl).toBeNull();
    expect(apiUnavailableContent("localhost:8080").statusPageUrl).toBeNull();
  });

  it("property: a host under the cloud domain belongs to it, a look-alike prefix does not", () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), (labels) => {
      expect(isProviderCloudHost(`${labels.join(".")}.portal-cloud.example`)).toBe(true);
      expect(isProviderCloudHost(`${labels.join(".")}portal-cloud.example.com`)).toBe(false);
    }));
  });
});
