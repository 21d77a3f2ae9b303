import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { checkPlatformServer, checkVpnRange, isNetworkAddress, parseCidr, VPN_RANGE_INVALID, VPN_RANGE_NOT_NETWORK } from "./platformServers";

const failure = (v: unknown) => {
  const r = checkVpnRange(v);
  return Result.isFailure(r) ? r.failure.message : "ok";
};

describe("VPN ranges (CIDR)", () => {
  it("accepts IPv4 and IPv6 networks", () => {
    for (const v of ["10.8.0.0/16", "0.0.0.0/0", "192.168.1.128/25", "10.0.0.1/32", "fd00:8::/48", "2001:db8::/32", "::/0", "::1/128", "::ffff:10.0.0.0/104"]) {
      expect(failure(v), v).toBe("ok");
    }
  });
  it("refuses what is not CIDR", () => {
    for (const v of ["10.8.0.0", "10.8.0.0/33", "256.1.1.0/24", "10.8.0/16", "10.08.0.0/16", "fd00::8::/48", "2001:db8::/129", "abc/8", "10.8.0.0/016", " /8", "1:2:3:4:5:6:7:8:9/64"]) {
      expect(failure(v), v).toBe(VPN_RANGE_INVALID);
    }
    expect(failure("")).toBe("REQUIRED");
    expect(failure(null)).toBe("REQUIRED");
  });
  it("refuses a block that does not start at its network address", () => {
    expect(failure("10.8.1.0/16")).toBe(VPN_RANGE_NOT_NETWORK);
    expect(failure("fd00:8::1/48")).toBe(VPN_RANGE_NOT_NETWORK);
  });
  it("normalises IPv6 to lower case and trims", () => {
    expect(checkVpnRange(" FD00:8::/48 ")).toEqual(Result.succeed("fd00:8::/48"));
  });
  it("property: every masked IPv4 address with its prefix is accepted, and parses back to itself", () => {
    fc.assert(fc.property(fc.ipV4(), fc.integer({ min: 0, max: 32 }), (ip, prefix) => {
      const value = ip.split(".").reduce((a, p) => (a << 8n) | BigInt(p), 0n);
      const masked = prefix === 0 ? 0n : (value >> BigInt(32 - prefix)) << BigInt(32 - prefix);
      const text = [24n, 16n, 8n, 0n].map((s) => String((masked >> s) & 255n)).join(".");
      const cidr = parseCidr(`${text}/${prefix}`);
      expect(cidr && isNetworkAddress(cidr)).toBe(true);
      expect(cidr!.address).toBe(masked);
    }));
  });
  it("property: any IPv6 address fc generates parses, with /128", () => {
    fc.assert(fc.property(fc.ipV6(), (ip) => { expect(parseCidr(`${ip}/128`)?.version).toBe(6); }));
  });
});

describe("platform servers", () => {
  it("names every bad field", () => {
    const r = checkPlatformServer({ name: " ", location: "x".repeat(256), type: "vpn", vpnRange: "10.0.0.0/40" });
    expect(Result.isFailure(r) && r.failure.issues.map((i) => i.propertyName)).toEqual(["name", "location", "type", "vpnRange"]);
  });
  it("accepts a valid server, trimmed", () => {
    expect(checkPlatformServer({ name: " MDR 1 ", location: "Amsterdam", type: "mdr", vpnRange: "10.8.0.0/16" }))
      .toEqual(Result.succeed({ name: "MDR 1", location: "Amsterdam", type: "mdr", vpnRange: "10.8.0.0/16" }));
  });
});
