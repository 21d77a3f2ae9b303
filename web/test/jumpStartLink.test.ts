import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeJumpStartToken, jumpStartView, readJumpStartToken } from "../src/features/jump-start/jumpStartLink";

describe("jump-start link", () => {
  it("gives /login its own title and goes home after signing in", () => {
    const view = jumpStartView("/login", "?token=abc");
    expect(view.title).toBe("Signing you in");
    expect(view.target).toBe("/");
    expect(view.suppressTermsPrompt).toBe(false);
  });

  it("opens the same path without the token, keeping other parameters", () => {
    const view = jumpStartView("/groups/abc", "?token=x&tab=2");
    expect(view.title).toBe("Opening your link");
    expect(view.target).toBe("/groups/abc?tab=2");
  });

  it("suppresses the terms prompt only on a report path", () => {
    expect(jumpStartView("/reports/r1/version/v1/agent/a1", "").suppressTermsPrompt).toBe(true);
    expect(jumpStartView("/reports/r1/version/v1/asset/s1", "").suppressTermsPrompt).toBe(true);
    expect(jumpStartView("/reports/r1/version/v1/router/a1", "").suppressTermsPrompt).toBe(false);
    expect(jumpStartView("/reports/r1", "").suppressTermsPrompt).toBe(false);
  });

  it("follows the token's own redirect URL when it is a path of this app", () => {
    expect(jumpStartView("/login", "", "/usage").target).toBe("/usage");
    expect(jumpStartView("/login", "", "https://evil.example").target).toBe("/");
  });

  it("reads a bare secret and refuses garbage", () => {
    expect(readJumpStartToken("abcDEF123")).toEqual({ secretId: "abcDEF123" });
    expect(readJumpStartToken(null)).toBeNull();
    expect(readJumpStartToken("not a token!")).toBeNull();
  });

  it("property: an encoded token reads back unchanged", () => {
    const id = fc.stringMatching(/^[A-Za-z0-9]{1,16}$/);
    fc.assert(
      fc.property(id, fc.option(id, { nil: undefined }), fc.option(id, { nil: undefined }), fc.option(fc.constantFrom("/usage", "/groups/x"), { nil: undefined }), (secretId, publicId, companyId, redirectUrl) => {
        const token = { secretId, ...(publicId ? { publicId } : {}), ...(companyId ? { companyId } : {}), ...(redirectUrl ? { redirectUrl } : {}) };
        expect(readJumpStartToken(encodeJumpStartToken(token))).toEqual(token);
      }),
    );
  });
});
