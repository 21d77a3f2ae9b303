import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { VpnClientReleaseFeed } from "../domain/VpnClient";
import {
  clientReleaseCheck,
  closesLogoutConfirm,
  detectPlatform,
  faviconVariant,
  forceProtocolToStore,
  isStatusBarVisible,
  readForceProtocol,
  releaseFeedCacheBuster,
  statusBarHidesAt,
} from "./vpnSession";

const status = fc.constantFrom("idle" as const, "connecting" as const, "connected" as const);

describe("status bar, favicon and logout confirm", () => {
  it("shows the bar while connecting or connected and hides it one second after idle", () => {
    expect(isStatusBarVisible("connecting", null, 0)).toBe(true);
    expect(isStatusBarVisible("connected", null, 0)).toBe(true);
    expect(isStatusBarVisible("idle", 5000, 5999)).toBe(true);
    expect(isStatusBarVisible("idle", 5000, 6000)).toBe(false);
    expect(statusBarHidesAt(5000)).toBe(6000);
    expect(isStatusBarVisible("idle", null, 0)).toBe(false);
  });
  it("property: the bar is visible whenever not idle, and never a second or more after idle", () => {
    fc.assert(fc.property(status, fc.option(fc.nat(), { nil: null }), fc.nat(), (s, idleSince, now) => {
      const visible = isStatusBarVisible(s, idleSince, now);
      if (s !== "idle") expect(visible).toBe(true);
      else if (idleSince === null || now >= idleSince + 1000) expect(visible).toBe(false);
    }));
  });
  it("changes the favicon only while connected and closes the logout confirm when idle", () => {
    expect([faviconVariant("connected"), faviconVariant("connecting"), faviconVariant("idle")]).toEqual(["connected", "default", "default"]);
    expect([closesLogoutConfirm("idle"), closesLogoutConfirm("connected"), closesLogoutConfirm("connecting")]).toEqual([true, false, false]);
  });
});

describe("clientReleaseCheck", () => {
  const feed: VpnClientReleaseFeed = {
    releases: {
      windows: { os: "windows", latestVersion: "1.9.0", downloadUrl: "https://dl.example.com/vpn-{version}.msi" },
      mac: { os: "mac", latestVersion: "1.9.0-rc.1", downloadUrl: "https://dl.example.com/vpn-{version}.pkg" },
    },
    releaseNotes: [],
  };
  it("says 'update available' with the download URL when a newer version exists", () => {
    expect(clientReleaseCheck("1.8.2", feed, "windows")).toEqual({
      kind: "update-available", installed: "1.8.2", latestVersion: "1.9.0", downloadUrl: "https://dl.example.com/vpn-1.9.0.msi",
    });
  });
  it("says 'latest' for the same or a newer version, a release above its own release candidate", () => {
    expect(clientReleaseCheck("1.9.0", feed, "windows").kind).toBe("latest");
    expect(clientReleaseCheck("1.10.0", feed, "windows").kind).toBe("latest");
    expect(clientReleaseCheck("1.9.0", feed, "mac").kind).toBe("latest");
    expect(clientReleaseCheck("1.9.0-beta.4", feed, "mac").kind).toBe("update-available");
  });
  it("has nothing to say without a client, a feed or a release for the platform", () => {
    expect(clientReleaseCheck(null, feed, "windows").kind).toBe("unknown");
    expect(clientReleaseCheck("1.8.2", null, "windows").kind).toBe("unknown");
    expect(clientReleaseCheck("1.8.2", feed, "linux").kind).toBe("unknown");
    expect(clientReleaseCheck("1.8.2", feed, null).kind).toBe("unknown");
  });
  it("property: never 'update available' when installed equals the latest version", () => {
    const version = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)).map((p) => p.join("."));
    fc.assert(fc.property(version, (v) => {
      const own = { ...feed, releases: { linux: { os: "linux" as const, latestVersion: v, downloadUrl: "x" } } };
      expect(clientReleaseCheck(v, own, "linux").kind).toBe("latest");
    }));
  });
  it("busts the feed cache once per hour", () => {
    expect(releaseFeedCacheBuster(3_600_000 * 500 + 3_599_999)).toBe(500);
    expect(releaseFeedCacheBuster(3_600_000 * 501)).toBe(501);
  });
});

describe("detectPlatform", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36", "windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", "mac"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", "linux"],
    ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/115.0", "linux"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36", null],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", null],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36", null],
    ["curl/8.5.0", null],
  ])("reads %s as %s", (ua, platform) => {
    expect(detectPlatform(ua)).toBe(platform);
  });
  it("property: the result is always a supported platform or null", () => {
    fc.assert(fc.property(fc.string(), (ua) => {
      expect([null, "windows", "mac", "linux"]).toContain(detectPlatform(ua));
    }));
  });
});

describe("readForceProtocol", () => {
  it("defaults to tcp and keeps tcp4 or tcp6", () => {
    expect([readForceProtocol(undefined), readForceProtocol("tcp4"), readForceProtocol("tcp6"), readForceProtocol("udp")]).toEqual(
      ["tcp", "tcp4", "tcp6", "tcp"],
    );
  });
  it("stores only tcp4 or tcp6 (tcp removes the entry), and reads every choice back (property)", () => {
    expect(forceProtocolToStore("tcp")).toBeNull();
    expect(forceProtocolToStore("tcp4")).toBe("tcp4");
    fc.assert(fc.property(fc.constantFrom("tcp" as const, "tcp4" as const, "tcp6" as const), (p) => {
      expect(readForceProtocol(forceProtocolToStore(p) ?? undefined)).toBe(p);
    }));
  });
  it("property: any stored value reads as one of tcp, tcp4, tcp6", () => {
    fc.assert(fc.property(fc.anything(), (stored) => {
      expect(["tcp", "tcp4", "tcp6"]).toContain(readForceProtocol(stored));
    }));
  });
});
