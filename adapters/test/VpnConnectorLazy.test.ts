/**
 * lazyVpnConnector: the port that imports its adapter on first use (issue 16, first load). Each
 * method is the loaded adapter's; a load that fails reads as an unreachable client and is tried
 * again on the next call.
 */
import { Effect, Fiber, Stream } from "effect";
import { describe, expect, it } from "vitest";
import { IDLE, VpnConnectorMemory } from "@portal/fixtures/memory/VpnConnectorMemory";
import { lazyVpnConnector } from "../src/vpn-connector/VpnConnectorLazy";

describe("lazyVpnConnector", () => {
  it("loads the adapter once, on the first call, and answers with its methods and changes", async () => {
    const real = VpnConnectorMemory.make({ version: "1.8.2" });
    let loads = 0;
    const port = lazyVpnConnector(async () => {
      loads += 1;
      return real;
    });
    expect(loads).toBe(0);
    // The adapter's stream is there only once a call has loaded it (ConnectorStore watches after a probe).
    expect(() => port.changes).toThrow(/before any call loaded/);
    expect(await Effect.runPromise(port.version())).toBe("1.8.2");
    expect((await Effect.runPromise(port.status())).status).toBe("idle");
    await Effect.runPromise(port.connect({ agentId: "a1", companyId: "c1", ticket: "t", controllerId: "k", forceProtocol: "tcp" }));
    expect(real.connectRequests()).toHaveLength(1);
    await Effect.runPromise(port.disconnect());
    expect(real.disconnectCount()).toBe(1);
    const seen = Effect.runFork(Stream.runCollect(Stream.take(port.changes, 2)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    real.push({ status: "connecting", activeRequest: null });
    const statuses = await Effect.runPromise(Fiber.join(seen));
    // The status at subscription time, then the pushed one.
    expect([...statuses].map((s) => s.status)).toEqual([IDLE.status, "connecting"]);
    expect(loads).toBe(1);
  });

  it("fails a call with VpnClientUnreachable when the adapter cannot load, and loads again on the next", async () => {
    let loads = 0;
    const port = lazyVpnConnector(async () => {
      loads += 1;
      if (loads === 1) throw new Error("chunk gone");
      return VpnConnectorMemory.make({ version: "2.0.0" });
    });
    const first = await Effect.runPromise(Effect.result(port.version()));
    expect(first._tag === "Failure" && first.failure._tag).toBe("VpnClientUnreachable");
    expect(await Effect.runPromise(port.version())).toBe("2.0.0");
    expect(loads).toBe(2);
  });
});
