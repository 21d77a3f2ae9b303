import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  IMAGE_MAX_BYTES, checkImageUpload, decodeBase64, sniffImageType, validateIdentity, type IdentityFields,
} from "./identity";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const b64 = (bytes: ArrayLike<number>) => btoa(String.fromCharCode(...Array.from(bytes)));
const current: IdentityFields = {
  name: "Demo", theme: "light", primaryColor: null, browserTitle: null, fqdn: null, appleAppStoreLink: null, googlePlayStoreLink: null,
};

describe("sniffImageType", () => {
  it("names PNG, JPEG, GIF and WebP by their magic bytes", () => {
    expect(sniffImageType(Uint8Array.from([...PNG, 0, 0]))).toBe("image/png");
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("GIF89a...."))).toBe("image/gif");
    expect(sniffImageType(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
  });
  it("refuses SVG, HTML and scripts whatever they are called", () => {
    for (const text of ["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "<html><script>x</script>", "#!/bin/sh\nrm -rf /", ""]) {
      expect(sniffImageType(new TextEncoder().encode(text))).toBeUndefined();
    }
  });
  it("property: bytes that do not start with a known signature are never an image", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }).filter((b) => b[0] !== 0x89 && b[0] !== 0xff && b[0] !== 0x47 && b[0] !== 0x52), (bytes) => {
      expect(sniffImageType(bytes)).toBeUndefined();
    }));
  });
});

describe("checkImageUpload", () => {
  it("accepts a PNG whatever name it had, with a data: prefix or without", () => {
    const png = b64([...PNG, 1, 2, 3]);
    expect(Result.isSuccess(checkImageUpload("logo", png))).toBe(true);
    const withPrefix = checkImageUpload("logo", `data:image/svg+xml;base64,${png}`);
    expect(Result.isSuccess(withPrefix) && withPrefix.success.type).toBe("image/png");
  });
  it("refuses a script disguised as an image with 415, a too-big file with 413, bad base64 with 400", () => {
    const script = checkImageUpload("logo", b64(new TextEncoder().encode("<script>alert(1)</script>")));
    expect(Result.isFailure(script) && script.failure).toEqual({ status: 415, issue: { message: "IMAGE_TYPE_NOT_ALLOWED", propertyName: "logo" } });
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    const tooBig = checkImageUpload("favicon", Buffer.from(big).toString("base64"));
    expect(Result.isFailure(tooBig) && tooBig.failure.status).toBe(413);
    const bad = checkImageUpload("logo", "not base64!");
    expect(Result.isFailure(bad) && bad.failure.status).toBe(400);
  });
  it("property: decode after encode is identity", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      expect(decodeBase64(Buffer.from(bytes).toString("base64"))).toEqual(bytes);
    }));
  });
});

describe("validateIdentity", () => {
  it("keeps absent fields, clears with null and normalises colour and fqdn", () => {
    const r = validateIdentity({ primaryColor: "#AABBCC", fqdn: "Portal.Example.com.", browserTitle: "" }, { ...current, browserTitle: "Old" });
    expect(Result.isSuccess(r) && r.success).toEqual({ ...current, primaryColor: "#aabbcc", fqdn: "portal.example.com", browserTitle: null });
  });
  it("names every bad field", () => {
    const r = validateIdentity({
      name: " ", theme: "pink", primaryColor: "red", fqdn: "https://x.example.com/", appleAppStoreLink: "http://apps.apple.com/app/1",
      googlePlayStoreLink: "https://evil.example.com/store",
    }, current);
    expect(Result.isFailure(r) && r.failure.issues.map((i) => i.propertyName)).toEqual(["name", "theme", "primaryColor", "fqdn", "appleAppStoreLink", "googlePlayStoreLink"]);
  });
  it("property: a valid result checked again is unchanged (idempotent)", () => {
    const input = fc.record({
      name: fc.string({ minLength: 1, maxLength: 40 }), theme: fc.constantFrom("light", "dark"),
      primaryColor: fc.option(fc.stringMatching(/^#[0-9a-fA-F]{6}$/)), fqdn: fc.option(fc.domain()),
    });
    fc.assert(fc.property(input, (i) => {
      const first = validateIdentity(i, current);
      if (Result.isFailure(first)) return;
      const again = validateIdentity({ ...first.success }, current);
      expect(Result.isSuccess(again) && again.success).toEqual(first.success);
    }));
  });
});
