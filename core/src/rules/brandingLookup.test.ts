import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostFingerprint, NO_BRANDING_HOST_FINGERPRINTS, shouldLookUpBranding } from "./brandingLookup";

describe("shouldLookUpBranding", () => {
  it("looks up customers' hosts and localhost", () => {
    expect(shouldLookUpBranding("portal.example.com")).toBe(true);
    expect(shouldLookUpBranding("acme.localhost")).toBe(true);
    expect(shouldLookUpBranding("localhost")).toBe(true);
    expect(shouldLookUpBranding("localhost:8080")).toBe(true);
    expect(shouldLookUpBranding("192.168.1.20:8080")).toBe(true);
  });
  it("skips the known host fingerprints and their subdomains", () => {
    expect(shouldLookUpBranding("")).toBe(false);
    expect(shouldLookUpBranding("0.0.0.0:5173")).toBe(false);
    expect(shouldLookUpBranding("portal-example-com.translate.goog")).toBe(false);
    expect(shouldLookUpBranding("webcache.googleusercontent.com")).toBe(false);
    expect(shouldLookUpBranding("WEB.ARCHIVE.ORG.")).toBe(false);
    expect(shouldLookUpBranding("cc.bingj.com")).toBe(false);
  });
  it("does not mistake a look-alike for a fingerprint", () => {
    expect(shouldLookUpBranding("nottranslate.goog")).toBe(true);
    expect(shouldLookUpBranding("bingj.com.example.org")).toBe(true);
  });
  it("normalises hosts to fingerprints", () => {
    expect(hostFingerprint(" Portal.Example.COM.:443 ")).toBe("portal.example.com");
    expect(hostFingerprint("[::1]:8080")).toBe("::1");
    expect(hostFingerprint("fe80::1")).toBe("fe80::1");
  });
  it("property: lookup is skipped exactly for the fingerprints and their subdomains, whatever case or port", () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    const known = [...NO_BRANDING_HOST_FINGERPRINTS].filter((f) => f !== "");
    fc.assert(
      fc.property(fc.array(label, { maxLength: 3 }), fc.constantFrom(...known), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), fc.boolean(),
        (subdomains, fingerprint, port, upper) => {
          let host = [...subdomains, fingerprint].join(".");
          if (upper) host = host.toUpperCase();
          if (port !== undefined) host += `:${port}`;
          expect(shouldLookUpBranding(host)).toBe(false);
        }),
    );
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom("example.com", "localhost", "portal.example.org"),
        (subdomains, base) => {
          expect(shouldLookUpBranding([...subdomains, base].join("."))).toBe(true);
        }),
    );
  });
});
