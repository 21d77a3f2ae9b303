import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { canAddScreensaver, checkScreensaverUpload, SCREENSAVERS_MAX } from "./screensavers";

const PNG = btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0));

describe("screensaver uploads", () => {
  it("needs a name and an image", () => {
    const r = checkScreensaverUpload("", null);
    expect(Result.isFailure(r) && "issues" in r.failure && r.failure.issues.map((i) => i.propertyName)).toEqual(["name", "image"]);
  });
  it("judges the image by its bytes, not its name", () => {
    const script = checkScreensaverUpload("logo.png", btoa("<svg onload=alert(1)>"));
    expect(Result.isFailure(script) && "status" in script.failure && script.failure.status).toBe(415);
    const png = checkScreensaverUpload(" night.svg ", PNG);
    expect(Result.isSuccess(png) && png.success.type).toBe("image/png");
    expect(Result.isSuccess(png) && png.success.name).toBe("night.svg");
  });
  it("refuses files over 1 MiB with 413", () => {
    const big = checkScreensaverUpload("big.png", btoa("x".repeat(1024 * 1024 + 3)));
    expect(Result.isFailure(big) && "status" in big.failure && big.failure.status).toBe(413);
  });
  it("keeps at most SCREENSAVERS_MAX", () => {
    expect(canAddScreensaver(SCREENSAVERS_MAX - 1)).toBe(true);
    expect(canAddScreensaver(SCREENSAVERS_MAX)).toBe(false);
  });
});
