import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareReleaseVersions, isPlainVersion, isUpdateAvailable, latestVersion } from "./releaseVersion";

// + 0 turns -0 into 0, so that toBe compares signs only.
const sign = (n: number) => Math.sign(n) + 0;

const version = fc.oneof(
  fc.tuple(fc.array(fc.nat(12), { minLength: 1, maxLength: 3 }), fc.constantFrom("", "-alpha", "-beta.", "-pre", "-rc.", " RC", "-dev"),
    fc.option(fc.nat(3), { nil: undefined }), fc.constantFrom("", "v"))
    .map(([nums, label, n, v]) => `${v}${nums.join(".")}${label}${label && n !== undefined ? n : ""}`),
  fc.string({ maxLength: 4 }),
  fc.constantFrom("1.0", "1.0.0", "01.0", "v1.0"),
);

describe("compareReleaseVersions", () => {
  it("compares plain versions numerically", () => {
    expect(sign(compareReleaseVersions("1.10.0", "1.9.0"))).toBe(1);
    expect(sign(compareReleaseVersions("2.0", "10.0"))).toBe(-1);
    expect(sign(compareReleaseVersions("1.2", "1.2.1"))).toBe(-1);
    expect(sign(compareReleaseVersions("123456789012345678901", "99"))).toBe(1);
    expect(compareReleaseVersions("1.2.3", "1.2.3")).toBe(0);
  });
  it("ranks rc above pre above beta above alpha", () => {
    const sorted = ["1.0.0-rc.1", "1.0.0-alpha", "1.0.0-pre.2", "1.0.0-beta.3"].sort(compareReleaseVersions);
    expect(sorted).toEqual(["1.0.0-alpha", "1.0.0-beta.3", "1.0.0-pre.2", "1.0.0-rc.1"]);
  });
  it("ranks a plain release above its own pre-releases, but below the next release's", () => {
    expect(sign(compareReleaseVersions("1.0.0", "1.0.0-rc.9"))).toBe(1);
    expect(sign(compareReleaseVersions("1.0.1-alpha", "1.0.0"))).toBe(1);
  });
  it("orders pre-releases of one label by their number, in any spelling", () => {
    expect(sign(compareReleaseVersions("2.1-beta10", "2.1-beta.9"))).toBe(1);
    expect(sign(compareReleaseVersions("v2.1 RC 1", "2.1-beta.9"))).toBe(1);
  });
  it("ranks text that is no version below every version", () => {
    expect(sign(compareReleaseVersions("unknown", "0.0.1-alpha"))).toBe(-1);
    expect(sign(compareReleaseVersions("1.0-nightly", "1.0-alpha"))).toBe(-1);
  });
  it("tells plain versions apart", () => {
    expect(isPlainVersion("v1.2.3")).toBe(true);
    expect(isPlainVersion("1.2.3-rc.1")).toBe(false);
    expect(isPlainVersion("latest")).toBe(false);
  });

  it("property: the comparison is a total order (antisymmetric, transitive, 0 only for equal texts)", () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        expect(sign(compareReleaseVersions(a, b))).toBe(0 - sign(compareReleaseVersions(b, a)));
        expect(compareReleaseVersions(a, b) === 0).toBe(a === b);
        if (compareReleaseVersions(a, b) <= 0 && compareReleaseVersions(b, c) <= 0) {
          expect(compareReleaseVersions(a, c)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
  it("property: sorting is stable under shuffling", () => {
    fc.assert(
      fc.property(fc.array(version, { maxLength: 12 }).chain((xs) => fc.tuple(fc.constant(xs), fc.shuffledSubarray(xs, { minLength: xs.length }))),
        ([xs, shuffled]) => {
          expect([...shuffled].sort(compareReleaseVersions)).toEqual([...xs].sort(compareReleaseVersions));
        }),
    );
  });
});

describe("latestVersion", () => {
  it("picks the newest version", () => {
    expect(latestVersion(["1.2.0", "1.10.0-rc.1", "1.9.9", "1.10.0-beta"])).toBe("1.10.0-rc.1");
    expect(latestVersion(["1.10.0-rc.1", "1.10.0"])).toBe("1.10.0");
    expect(latestVersion([])).toBeUndefined();
  });
  it("says whether an update is available", () => {
    expect(isUpdateAvailable("1.2.0", "1.3.0")).toBe(true);
    expect(isUpdateAvailable("1.3.0", "1.3.0")).toBe(false);
    expect(isUpdateAvailable("1.3.0", "1.3.0-rc.1")).toBe(false);
  });
  it("property: the latest version is in the list and no version is newer", () => {
    fc.assert(
      fc.property(fc.array(version, { minLength: 1 }), (xs) => {
        const latest = latestVersion(xs)!;
        expect(xs).toContain(latest);
        for (const x of xs) expect(compareReleaseVersions(x, latest)).toBeLessThanOrEqual(0);
      }),
    );
  });
});
