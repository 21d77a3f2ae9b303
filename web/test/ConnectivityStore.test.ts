import { describe, expect, it } from "vitest";
import { ApiUnavailable, GatewayTimeout } from "@portal/core/errors";
import { harness } from "./harness";

describe("ConnectivityStore", () => {
  it("navigates once to api-unavailable for status 0 or 5xx, and again only after an answer", () => {
    const h = harness();
    h.root.connectivity.failed(new ApiUnavailable({ status: 0 }));
    h.root.connectivity.answered(503);
    h.root.connectivity.failed(new ApiUnavailable({ status: 0 }));
    expect(h.navigations).toEqual(["/error/api-unavailable"]);
    h.root.connectivity.answered(200);
    h.root.connectivity.answered(502);
    expect(h.navigations).toEqual(["/error/api-unavailable", "/error/api-unavailable"]);
  });

  it("shows 'No connection' while offline", () => {
    const h = harness();
    h.root.connectivity.start();
    expect(h.root.connectivity.offlineMessage).toBeNull();
    h.setOnline(false);
    expect(h.root.connectivity.offlineMessage).toBe("No connection");
    h.setOnline(true);
    expect(h.root.connectivity.offlineMessage).toBeNull();
    h.root.connectivity.stop();
  });

  it("shows 'Gateway Timeout error' for 4 s on a 504 and does not navigate", () => {
    const h = harness();
    h.root.connectivity.failed(new GatewayTimeout());
    h.root.connectivity.answered(504);
    expect(h.root.snackbars.visible.map((s) => [s.message, s.timeoutMs])).toEqual([["Gateway Timeout error", 4000]]);
    expect(h.navigations).toEqual([]);
  });

  it("offers the status page only on the provider's cloud domain", () => {
    expect(harness({ hostname: "acme.portal-cloud.example" }).root.connectivity.apiUnavailableContent.statusPageUrl).not.toBeNull();
    expect(harness({ hostname: "portal.acme.com" }).root.connectivity.apiUnavailableContent.statusPageUrl).toBeNull();
  });
});
