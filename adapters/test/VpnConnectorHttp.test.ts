import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Effect } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVpnConnectorHttp } from "../src/vpn-connector/VpnConnectorHttp";
import { freePortUrl } from "./support";

const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(Effect.result(e));

describe("VpnConnectorHttp with no local client running", () => {
  it("reports the client unreachable for status and version (the connector counts it as missing)", async () => {
    const connector = makeVpnConnectorHttp({ baseUrl: await freePortUrl(), timeoutMs: 500 });
    const status = await run(connector.status());
    expect(status._tag === "Failure" && status.failure._tag).toBe("VpnClientUnreachable");
    const version = await run(connector.version());
    expect(version._tag === "Failure" && version.failure._tag).toBe("VpnClientUnreachable");
  });
});

describe("VpnConnectorHttp against a local client", () => {
  let server: Server;
  let base = "";
  const connects: Array<{ headers: Record<string, unknown>; body: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        if (req.url === "/status") {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ status: "connecting", activeRequest: { agentId: "a1", steps: [{ status: "ok" }, { status: { code: 12, message: "tunnel refused" } }] } }));
        } else if (req.url === "/version") {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ version: "1.8.2" }));
        } else if (req.url === "/connect") {
          connects.push({ headers: req.headers, body });
          res.writeHead(204);
          res.end();
        } else {
          res.writeHead(500);
          res.end("broken");
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("decodes the status with its steps and the version", async () => {
    const connector = makeVpnConnectorHttp({ baseUrl: base });
    const status = await run(connector.status());
    expect(status._tag === "Success" && status.success.status).toBe("connecting");
    expect(status._tag === "Success" && status.success.activeRequest?.steps[1]?.status).toEqual({ code: 12, message: "tunnel refused" });
    const version = await run(connector.version());
    expect(version._tag === "Success" && version.success).toBe("1.8.2");
  });

  it("connects with the ticket and controller id headers of api.md, and the force protocol in the body", async () => {
    const connector = makeVpnConnectorHttp({ baseUrl: base });
    const result = await run(connector.connect({ agentId: "a1", companyId: "c1", ticket: "tk", controllerId: "ctl", forceProtocol: "tcp6" }));
    expect(result._tag).toBe("Success");
    expect(connects[0]?.headers["api-access-token"]).toBe("tk");
    expect(connects[0]?.headers["vpn-client-controller-identifier"]).toBe("ctl");
    expect(JSON.parse(connects[0]?.body ?? "{}")).toEqual({ agentId: "a1", companyId: "c1", forceProtocol: "tcp6" });
  });

  it("maps an answered error status to ApiFailure", async () => {
    const connector = makeVpnConnectorHttp({ baseUrl: base });
    const result = await run(connector.disconnect());
    expect(result._tag === "Failure" && result.failure._tag).toBe("ApiFailure");
  });
});
