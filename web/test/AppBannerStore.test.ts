import { describe, expect, it } from "vitest";
import { AppBannerStore } from "../src/stores/AppBannerStore";
import { company, harness } from "./harness";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131 Safari/537.36";
const LINK = "https://apps.apple.com/us/app/portal/id1234567890";
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(userAgent: string, appleAppStoreLink: string | null) {
  const lookups: string[] = [];
  const h = harness({
    userAgent,
    seed: { companies: [{ company: { ...company("companyAAAAA", "Alpha"), appleAppStoreLink }, rights: [] }] },
    appStoreLookup: async (id) => {
      lookups.push(id);
      return { name: "Portal Mobile", artworkUrl: "https://is1.mzstatic.com/a.png" };
    },
  });
  return { h, lookups, banner: h.root.get(AppBannerStore) };
}

describe("AppBannerStore", () => {
  it("signed out on an iPhone: the 50 px generic banner, gone once dismissed", () => {
    const { banner } = setup(IPHONE, LINK);
    expect(banner.banner).toEqual({ kind: "generic", heightPx: 50 });
    banner.dismiss();
    expect(banner.banner).toBeNull();
  });

  it("a company with an App Store link: the 80 px banner with the lookup's name, looked up once; sign-out: generic again", async () => {
    const { h, banner, lookups } = setup(IPHONE, LINK);
    await h.root.session.signIn("demo@example.com", "secret-password");
    await h.root.session.ensureCompany();
    await flush();
    expect(banner.banner).toEqual({ kind: "store", heightPx: 80, storeUrl: LINK });
    expect(banner.appName).toBe("Portal Mobile");
    expect(banner.storeName).toBe("App Store");
    expect(lookups).toEqual(["1234567890"]);
    await h.root.session.signOut();
    expect(banner.banner).toEqual({ kind: "generic", heightPx: 50 });
    expect(banner.details).toBeNull();
  });

  it("no banner on a desktop", () => {
    expect(setup(DESKTOP, LINK).banner.banner).toBeNull();
  });
});
