import { describe, expect, it } from "vitest";
import { CONNECTOR_MAX_ATTEMPTS, CONNECTOR_RETRY_INTERVAL_MS, SNACKBAR_INSTALL_FOUND_MS } from "@portal/core/constants";
import { flush, harness } from "./harness";

describe("ConnectorStore", () => {
  it("reports missing and retries every 2,500 ms while the client does not answer", async () => {
    const h = harness({ reachableClient: false });
    h.root.connector.start();
    await flush();
    expect(h.root.connector.status).toBe("missing");
    expect(h.timers.nextDelay).toBe(CONNECTOR_RETRY_INTERVAL_MS);
    h.timers.advance(CONNECTOR_RETRY_INTERVAL_MS);
    await flush();
    expect(h.root.connector.status).toBe("missing");
    expect(h.timers.nextDelay).toBe(CONNECTOR_RETRY_INTERVAL_MS);
    h.root.connector.stop();
  });

  it("finds the client once it answers and says so for 3 s", async () => {
    const h = harness({ reachableClient: false });
    h.root.connector.start();
    await flush();
    h.connector.setReachable(true);
    h.timers.advance(CONNECTOR_RETRY_INTERVAL_MS);
    await flush();
    expect(h.root.connector.status).toBe("found");
    const found = h.root.snackbars.visible.find((s) => s.key === "vpn-connector");
    expect(found?.message).toBe("VPN client installation found");
    expect(found?.timeoutMs).toBe(SNACKBAR_INSTALL_FOUND_MS);
    h.root.connector.stop();
  });

  it("stops after 1,440 retries of a client that never answers", async () => {
    const h = harness({ reachableClient: false });
    h.root.connector.start();
    await flush();
    for (let i = 0; i < CONNECTOR_MAX_ATTEMPTS; i++) {
      h.timers.advance(CONNECTOR_RETRY_INTERVAL_MS);
      await new Promise((r) => setTimeout(r, 0));
    }
    await flush();
    expect(h.root.connector.state.failures).toBe(CONNECTOR_MAX_ATTEMPTS + 1);
    expect(h.timers.count).toBe(0);
    h.root.connector.stop();
  }, 60_000);
});

describe("ConnectorStore when the client is lost", () => {
  it("turns lost when the pushed status stops, then missing with a Retry snackbar that never times out", async () => {
    const h = harness({ reachableClient: true });
    h.root.connector.start();
    await flush();
    expect(h.root.connector.status).toBe("found");
    h.connector.setReachable(false);
    await flush();
    expect(h.root.connector.status).toBe("lost");
    for (let i = 0; i < CONNECTOR_MAX_ATTEMPTS; i++) {
      h.timers.advance(CONNECTOR_RETRY_INTERVAL_MS);
      await new Promise((r) => setTimeout(r, 0));
    }
    await flush();
    expect(h.root.connector.status).toBe("missing");
    const retry = h.root.snackbars.visible.find((s) => s.key === "vpn-connector");
    expect(retry?.message).toBe("Cannot communicate with the VPN client");
    expect(retry?.timeoutMs).toBeNull();
    expect(retry?.action?.label).toBe("Retry");
    h.connector.setReachable(true);
    retry?.action?.run();
    // Retry probes again at once (delay 0), from a fresh count.
    h.timers.advance(0);
    await flush();
    expect(h.root.connector.status).toBe("found");
    h.root.connector.stop();
  }, 60_000);
});
