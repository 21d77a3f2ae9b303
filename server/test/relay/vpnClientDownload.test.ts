/**
 * The VPN client's release feed and download (issue 10): the feed names the client version of
 * this repository for every platform with a download URL holding the version placeholder, and the
 * download is the client program itself, one file that Node runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELEASE_VERSION_PLACEHOLDER } from "@portal/core/domain/VpnClient";
import { createTestApp, type TestApp } from "../testDatabase";

describe("VPN client release feed and download", () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp("pglite"); });
  afterAll(async () => { await t?.close(); });

  it("serves the feed without a sign-in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/vpn-client/releases", headers: { "api-version": "2", host: "portal.example.com" } });
    expect(res.statusCode, res.body).toBe(200);
    const feed = (res.json() as { data: { releases: Record<string, { latestVersion: string; downloadUrl: string }> } }).data;
    expect(Object.keys(feed.releases).sort()).toEqual(["linux", "mac", "windows"]);
    expect(feed.releases["linux"]!.latestVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(feed.releases["linux"]!.downloadUrl).toBe(`http://portal.example.com/api/vpn-client/download?version=${RELEASE_VERSION_PLACEHOLDER}`);
  });

  it("downloads the client program as one JavaScript file", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/vpn-client/download", headers: { "api-version": "2" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="portal-vpn-client-\d+\.\d+\.\d+\.mjs"/);
    expect(res.body.length).toBeGreaterThan(10_000);
    expect(res.body).toContain("vpn-client");
  }, 60_000);
});
