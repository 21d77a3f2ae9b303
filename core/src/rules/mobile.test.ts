import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appBanner, clientPlatformOf, mobileConnectStep, mobileOsOf, needsVpnConsent, newVersionAvailable, readVpnConsent, roundUpToStep,
  supportedVpnPlatforms, timePickerMinutes, VPN_CONSENT_GIVEN,
} from "./mobile";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36";
const LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36";
const IPAD_AS_MAC = { userAgent: MAC, maxTouchPoints: 5 };

describe("mobile rules (spec 2, 3, 9)", () => {
  it("tells iOS (iPad as a Mac with touch), Android and desktops apart", () => {
    expect(mobileOsOf(IPHONE)).toBe("ios");
    expect(mobileOsOf(ANDROID)).toBe("android");
    expect(mobileOsOf(MAC)).toBeNull();
    expect(mobileOsOf(MAC, 5)).toBe("ios");
  });

  it("shows the 80 px store banner with a store link, else the 50 px generic one, only in the Portal app on mobile", () => {
    const links = { appleAppStoreLink: "https://apps.apple.com/app/id123", googlePlayStoreLink: null };
    expect(appBanner({ isPortalApp: true, os: "ios", links, dismissed: false })).toEqual({ kind: "store", heightPx: 80, storeUrl: links.appleAppStoreLink });
    expect(appBanner({ isPortalApp: true, os: "android", links, dismissed: false })).toEqual({ kind: "generic", heightPx: 50 });
    expect(appBanner({ isPortalApp: false, os: "ios", links, dismissed: false })).toBeNull();
    expect(appBanner({ isPortalApp: true, os: null, links, dismissed: false })).toBeNull();
    expect(appBanner({ isPortalApp: true, os: "ios", links, dismissed: true })).toBeNull();
  });

  it("notices a new version only in the Portal app, and ignores failed checks", () => {
    expect(newVersionAvailable(true, "1.2.0", "1.3.0")).toBe(true);
    expect(newVersionAvailable(true, "1.2.0", "1.2.0")).toBe(false);
    expect(newVersionAvailable(true, "1.2.0", null)).toBe(false);
    expect(newVersionAvailable(false, "1.2.0", "1.3.0")).toBe(false);
  });

  it("asks for VPN consent on iOS until given; only the stored 'given' flag counts", () => {
    expect(needsVpnConsent("ios", false)).toBe(true);
    expect(needsVpnConsent("ios", true)).toBe(false);
    expect(needsVpnConsent("android", false)).toBe(false);
    expect(readVpnConsent(VPN_CONSENT_GIVEN)).toBe(true);
    expect(readVpnConsent(undefined)).toBe(false);
    expect(readVpnConsent("true ")).toBe(false);
  });

  it("detects the client platform from the user agent: mobile OS first, else the desktop one", () => {
    expect(clientPlatformOf(IPHONE)).toBe("ios");
    expect(clientPlatformOf(ANDROID)).toBe("android");
    expect(clientPlatformOf(MAC)).toBe("mac");
    expect(clientPlatformOf(IPAD_AS_MAC.userAgent, IPAD_AS_MAC.maxTouchPoints)).toBe("ios");
    expect(clientPlatformOf(WINDOWS)).toBe("windows");
    expect(clientPlatformOf(LINUX)).toBe("linux");
    expect(clientPlatformOf("curl/8.0")).toBeNull();
  });

  it("supported platforms: the sector's list when it names any, else windows, mac and linux", () => {
    expect(supportedVpnPlatforms(undefined)).toEqual(["windows", "mac", "linux"]);
    expect(supportedVpnPlatforms([])).toEqual(["windows", "mac", "linux"]);
    expect(supportedVpnPlatforms(["  ", ""])).toEqual(["windows", "mac", "linux"]);
    expect(supportedVpnPlatforms([" Windows", "iOS "])).toEqual(["windows", "ios"]);
  });

  it("a connect attempt: unsupported on phones the sector does not list, consent once on iOS, else connect", () => {
    const desktop = ["windows", "mac", "linux"];
    expect(mobileConnectStep({ userAgent: ANDROID, sectorPlatforms: desktop, consentGiven: false })).toBe("unsupported");
    expect(mobileConnectStep({ userAgent: IPHONE, sectorPlatforms: desktop, consentGiven: true })).toBe("unsupported");
    expect(mobileConnectStep({ userAgent: IPHONE, sectorPlatforms: null, consentGiven: false })).toBe("unsupported");
    expect(mobileConnectStep({ userAgent: IPHONE, sectorPlatforms: [...desktop, "ios"], consentGiven: false })).toBe("consent");
    expect(mobileConnectStep({ userAgent: IPHONE, sectorPlatforms: [...desktop, "ios"], consentGiven: true })).toBe("connect");
    expect(mobileConnectStep({ ...IPAD_AS_MAC, sectorPlatforms: ["ios"], consentGiven: false })).toBe("consent");
    expect(mobileConnectStep({ userAgent: ANDROID, sectorPlatforms: ["android"], consentGiven: false })).toBe("connect");
    expect(mobileConnectStep({ userAgent: MAC, sectorPlatforms: ["windows"], consentGiven: false })).toBe("connect");
  });

  it("property: desktops always connect; consent only on iOS without consent; never unsupported when the OS is listed", () => {
    const agents = fc.constantFrom(IPHONE, ANDROID, MAC, WINDOWS, LINUX, "curl/8.0");
    const platforms = fc.option(fc.subarray(["windows", "mac", "linux", "ios", "android", " IOS ", ""]), { nil: null });
    fc.assert(fc.property(agents, fc.integer({ min: 0, max: 10 }), platforms, fc.boolean(), (userAgent, maxTouchPoints, sectorPlatforms, consentGiven) => {
      const step = mobileConnectStep({ userAgent, maxTouchPoints, sectorPlatforms, consentGiven });
      const os = mobileOsOf(userAgent, maxTouchPoints);
      if (os === null) expect(step).toBe("connect");
      if (step === "consent") expect(os === "ios" && !consentGiven).toBe(true);
      if (os !== null && supportedVpnPlatforms(sectorPlatforms).includes(os)) expect(step).not.toBe("unsupported");
      if (os !== null && !supportedVpnPlatforms(sectorPlatforms).includes(os)) expect(step).toBe("unsupported");
    }));
  });

  it("offers times in 5-minute steps", () => {
    const times = timePickerMinutes();
    expect(times).toHaveLength(288);
    expect(times.slice(0, 3)).toEqual([0, 5, 10]);
    expect(times.at(-1)).toBe(1435);
  });

  it("property: rounding up stays on the step, not below, less than a step above", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 60 }), (m, step) => {
      const r = roundUpToStep(m, step);
      expect(r % step).toBe(0);
      expect(r).toBeGreaterThanOrEqual(m);
      expect(r - m).toBeLessThan(step);
    }));
  });
});
