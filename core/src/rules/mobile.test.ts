import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appBanner, mobileOsOf, needsVpnConsent, newVersionAvailable, roundUpToStep, timePickerMinutes, vpnUnsupportedOnMobile } from "./mobile";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15";

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

  it("asks for VPN consent on iOS until given; mobile web cannot run the VPN client", () => {
    expect(needsVpnConsent("ios", false)).toBe(true);
    expect(needsVpnConsent("ios", true)).toBe(false);
    expect(needsVpnConsent("android", false)).toBe(false);
    expect(vpnUnsupportedOnMobile("android", false)).toBe(true);
    expect(vpnUnsupportedOnMobile(null, false)).toBe(false);
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
