import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Branding } from "../domain/Branding";
import type { Company, Sector } from "../domain/Company";
import {
  DEFAULT_BROWSER_TITLE, FAVICON_TIMESTAMP_PARAM, NO_BRANDING, activeBranding, logoOf, primaryColorOf, selectedCompanyBranding, brandingReducer, browserTitle, companyFqdn,
  faviconLink, themeOf, toggleTheme, winningFavicon, type BrandingEvent, type BrandingState,
} from "./branding";

const b = (publicId: string, extra: Partial<Branding> = {}): Branding => ({ publicId, ...extra });
const sector: Sector = { publicId: "s", branding: b("sb", { fqdn: "sector.example.com", custom: { glbBrowserTitle: "Sector Portal" } }) };

describe("branding source", () => {
  it("takes the company's, else the host's, else the sector's", () => {
    let state = brandingReducer(NO_BRANDING, { type: "sector-loaded", sector });
    expect(activeBranding(state)?.source).toBe("sector");
    state = brandingReducer(state, { type: "host-loaded", branding: b("hb", { theme: "dark" }) });
    expect(activeBranding(state)?.source).toBe("host");
    state = brandingReducer(state, { type: "company-selected", company: { publicId: "c", branding: b("cb") } });
    expect(activeBranding(state)).toEqual({ source: "company", branding: b("cb") });
  });

  it("clears the user's branding on logout and keeps the host's", () => {
    const state = ([
      { type: "host-loaded", branding: b("hb") },
      { type: "sector-loaded", sector },
      { type: "company-selected", company: { publicId: "c", branding: b("cb") } },
      { type: "logged-out" },
    ] as const satisfies ReadonlyArray<BrandingEvent>).reduce<BrandingState>(brandingReducer, NO_BRANDING);
    expect(state).toEqual({ company: null, sector: null, host: b("hb") });
    expect(activeBranding(brandingReducer(NO_BRANDING, { type: "logged-out" }))).toBeNull();
  });

  it("property: after logged-out only the host branding remains, whatever came before", () => {
    const eventArb: fc.Arbitrary<BrandingEvent> = fc.oneof(
      fc.constant<BrandingEvent>({ type: "host-loaded", branding: b("hb") }),
      fc.constant<BrandingEvent>({ type: "sector-loaded", sector }),
      fc.constant<BrandingEvent>({ type: "company-selected", company: { publicId: "c", branding: b("cb") } }),
      fc.constant<BrandingEvent>({ type: "logged-out" }),
    );
    fc.assert(fc.property(fc.array(eventArb), (events) => {
      const before = events.reduce(brandingReducer, NO_BRANDING);
      const after = brandingReducer(before, { type: "logged-out" });
      expect(after).toEqual({ company: null, sector: null, host: before.host });
    }));
  });
});

describe("companyFqdn", () => {
  const company = (fqdns: ReadonlyArray<string | null>): Company | null =>
    fqdns.reduceRight<Company | null>((parent, fqdn, i) => ({ publicId: `c${i}`, branding: b(`b${i}`, { fqdn }), parent }), null);

  it("finds the nearest fqdn going up the company, its parent, its grandparent", () => {
    expect(companyFqdn(company(["own.example.com", "parent.example.com"]), sector)).toBe("own.example.com");
    expect(companyFqdn(company([null, "parent.example.com"]), sector)).toBe("parent.example.com");
    expect(companyFqdn(company([null, null, "grand.example.com"]), sector)).toBe("grand.example.com");
  });

  it("otherwise uses the sector's, and looks no further than the grandparent", () => {
    expect(companyFqdn(company([null, null, null, "great.example.com"]), sector)).toBe("sector.example.com");
    expect(companyFqdn({ publicId: "c", branding: null }, sector)).toBe("sector.example.com");
    expect(companyFqdn(company([""]), { publicId: "s" })).toBeUndefined();
  });

  it("property: a nearer fqdn always wins over a farther one", () => {
    fc.assert(fc.property(fc.array(fc.option(fc.constantFrom("a.example.com", "b.example.com", "c.example.com"), { nil: null }), { maxLength: 5 }), (fqdns) => {
      const expected = fqdns.slice(0, 3).find((f) => f !== null) ?? "sector.example.com";
      expect(companyFqdn(company(fqdns), sector)).toBe(expected);
    }));
  });
});

describe("title, theme and favicon", () => {
  it("titles the browser from the branding, then the sector, then the name, then the default", () => {
    expect(browserTitle({ ...NO_BRANDING, host: b("h", { name: "Host", custom: { glbBrowserTitle: "Host Title" } }), sector: sector.branding! })).toBe("Host Title");
    expect(browserTitle({ ...NO_BRANDING, host: b("h", { name: "Host" }), sector: sector.branding! })).toBe("Sector Portal");
    expect(browserTitle({ ...NO_BRANDING, host: b("h", { name: "Host" }) })).toBe("Host");
    expect(browserTitle(NO_BRANDING)).toBe(DEFAULT_BROWSER_TITLE);
  });

  it("switches between light and dark, light by default", () => {
    expect(themeOf(NO_BRANDING)).toBe("light");
    expect(themeOf({ ...NO_BRANDING, host: b("h", { theme: "dark" }) })).toBe("dark");
    expect(toggleTheme("light")).toBe("dark");
    expect(toggleTheme(toggleTheme("dark"))).toBe("dark");
  });

  it("adds the cache-busting timestamp with priority 1 by default", () => {
    expect(faviconLink("/favicon.ico", 1700000000000)).toEqual({ href: "/favicon.ico?t=1700000000000", priority: 1 });
    expect(faviconLink("https://cdn.example.com/f.png?size=32&t=1#x", 5, 2)).toEqual({ href: "https://cdn.example.com/f.png?size=32&t=5#x", priority: 2 });
    expect(winningFavicon([faviconLink("/a.ico", 1), faviconLink("/vpn.ico", 1, 2), faviconLink("/b.ico", 1)])?.href).toBe("/vpn.ico?t=1");
    expect(winningFavicon([])).toBeUndefined();
  });

  it("property: the favicon URL carries exactly one timestamp, the given one, and keeps the path and other parameters", () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,6}$/);
    const urlArb = fc.record({
      path: fc.array(word, { maxLength: 3 }),
      query: fc.array(fc.tuple(fc.oneof(word, fc.constant("t")), word), { maxLength: 3 }),
      fragment: fc.option(word, { nil: undefined }),
    });
    fc.assert(fc.property(urlArb, fc.boolean(), fc.nat(), ({ path, query, fragment }, absolute, timestamp) => {
      const search = query.length > 0 ? `?${query.map(([k, v]) => `${k}=${v}`).join("&")}` : "";
      const url = `${absolute ? "https://cdn.example.com" : ""}/${path.join("/")}${search}${fragment === undefined ? "" : `#${fragment}`}`;
      const parsed = new URL(faviconLink(url, timestamp).href, "https://portal.example.com");
      const original = new URL(url, "https://portal.example.com");
      expect(parsed.searchParams.getAll(FAVICON_TIMESTAMP_PARAM)).toEqual([String(timestamp)]);
      expect(parsed.pathname).toBe(original.pathname);
      expect(parsed.hash).toBe(original.hash);
      for (const [k, v] of query) if (k !== FAVICON_TIMESTAMP_PARAM) expect(parsed.searchParams.getAll(k)).toContain(v);
    }));
  });
});

describe("selectedCompanyBranding (issue 12)", () => {
  const served = { publicId: "served", name: "Parent", fqdn: "parent.example.com" };
  it("takes the company's own branding when it has a name, else the one served on its fqdn", () => {
    const own = { publicId: "own", name: "Own", logo: "/api/branding-images/AAAAAAAAAAAA.png" };
    expect(selectedCompanyBranding({ publicId: "c", branding: own }, served)).toBe(own);
    expect(selectedCompanyBranding({ publicId: "c", branding: { publicId: "f", fqdn: "x.example.com" } }, served)).toBe(served);
    expect(selectedCompanyBranding({ publicId: "c", branding: null }, null)).toBeNull();
  });
  it("reads the primary colour and the logo of the active branding", () => {
    const state = { ...NO_BRANDING, company: { publicId: "own", logo: "/l.png", custom: { glbPrimaryColor: "#aa3300" } } };
    expect(primaryColorOf(state)).toBe("#aa3300");
    expect(logoOf(state)).toBe("/l.png");
    expect(primaryColorOf(NO_BRANDING)).toBeUndefined();
  });
});

