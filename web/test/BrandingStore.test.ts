import { describe, expect, it } from "vitest";
import { brandingFor, company, harness } from "./harness";

describe("BrandingStore", () => {
  it("takes the host branding, then the company's nearest fqdn, and falls back to the host on logout", async () => {
    const parent = company("companyPPPPP", "Parent", "parent.example.com");
    const child = company("companyCCCCC", "Child", undefined, parent);
    const h = harness({
      hostname: "portal.example.com",
      seed: {
        companies: [{ company: child, rights: [] }],
        brandings: [brandingFor("portal.example.com", "Host"), brandingFor("parent.example.com", "Parent brand", "dark")],
      },
    });
    await h.root.branding.loadHost();
    expect(h.root.branding.browserTitle).toBe("Host title");
    expect(h.root.branding.theme).toBe("light");
    await h.root.session.signIn("demo@example.com", "secret-password");
    await h.root.session.ensureCompany();
    expect(h.root.branding.browserTitle).toBe("Parent brand title");
    expect(h.root.branding.theme).toBe("dark");
    const stamped = h.root.branding.faviconHref;
    expect(stamped).toMatch(/^\/favicon\.svg\?t=\d+$/);
    h.clock.advance(1000);
    await h.root.session.signOut();
    expect(h.root.branding.browserTitle).toBe("Host title");
    expect(h.root.branding.theme).toBe("light");
    expect(h.root.branding.faviconHref).not.toBe(stamped);
  });
});
