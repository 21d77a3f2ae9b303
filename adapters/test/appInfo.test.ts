import { describe, expect, it } from "vitest";
import { fetchAppVersion } from "../src/http/appInfo";

const answering = (status: number, body: string): typeof fetch => async (input) => {
  expect(String(input instanceof Request ? input.url : input)).toBe("http://portal.test/info.json");
  return new Response(body, { status, headers: { "content-type": "application/json" } });
};

describe("fetchAppVersion (info.json)", () => {
  it("reads the version", async () => {
    expect(await fetchAppVersion("http://portal.test/", answering(200, JSON.stringify({ version: "0.1.0+x" })))).toBe("0.1.0+x");
  });
  it("answers null for every failure: an error status, not JSON, no version, the network down", async () => {
    expect(await fetchAppVersion("http://portal.test", answering(404, "not found"))).toBeNull();
    expect(await fetchAppVersion("http://portal.test", answering(200, "<html>"))).toBeNull();
    expect(await fetchAppVersion("http://portal.test", answering(200, JSON.stringify({ version: 3 })))).toBeNull();
    expect(await fetchAppVersion("http://portal.test", async () => { throw new TypeError("Failed to fetch"); })).toBeNull();
  });
});
