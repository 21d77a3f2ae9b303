/**
 * The boot script's decision and painting (web/src/boot): a signed-in start on a screen with a
 * starting title paints that screen at once; anything else paints nothing and leaves the app's
 * first render to decide. The e2e test boot-screen.spec checks the painted markup against React's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storedEntryOf } from "@portal/adapters/storage/storedEntry";
import { STARTING_TITLES } from "../src/app/startingTitles";
import { browserTitle, NO_BRANDING } from "@portal/core/rules/branding";
import { startingScreenPlan, type StartingScreenInput } from "../src/boot/startingScreenPlan";
import { fillStartingScreen, startingScreenMarkup } from "../src/boot/startingScreenTemplate";

const NOW = Date.parse("2026-12-07T18:00:00Z");
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Safari/537.36";
const ANDROID = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36";
const IPAD = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

const input = (over: Partial<StartingScreenInput> = {}): StartingScreenInput => ({
  brand: browserTitle(NO_BRANDING),
  storedToken: storedEntryOf(JSON.stringify({ secretId: "s" }), NOW + 60_000),
  now: NOW,
  pathname: "/devices",
  search: "",
  userAgent: DESKTOP,
  maxTouchPoints: 0,
  wide: true,
  online: true,
  ...over,
});

describe("startingScreenPlan", () => {
  it("a live stored token on a titled screen: that screen's title, the start's brand, no banner on a desktop", () => {
    expect(startingScreenPlan(input())).toEqual({ title: "Devices", wide: true, bannerHeightPx: null, documentTitle: "Devices · Portal" });
    expect(startingScreenPlan(input({ pathname: "/devices/", wide: false }))).toMatchObject({ title: "Devices", wide: false });
  });

  it("every starting title is painted for its path", () => {
    for (const [path, title] of Object.entries(STARTING_TITLES)) expect(startingScreenPlan(input({ pathname: path }))?.title).toBe(title);
  });

  it("phones and iPads get the generic app banner's 50 px above it, as the banner store shows at start", () => {
    expect(startingScreenPlan(input({ userAgent: ANDROID }))?.bannerHeightPx).toBe(50);
    expect(startingScreenPlan(input({ userAgent: IPAD, maxTouchPoints: 5 }))?.bannerHeightPx).toBe(50);
    expect(startingScreenPlan(input({ userAgent: IPAD, maxTouchPoints: 0 }))?.bannerHeightPx).toBeNull();
  });

  it.each([
    ["no stored token", { storedToken: null }],
    ["an expired token", { storedToken: storedEntryOf("{}", NOW) }],
    ["a stored string that is no entry", { storedToken: "{\"v\":1}" }],
    ["unreadable storage text", { storedToken: "not json" }],
    ["a screen titled by its data", { pathname: "/devices/abc" }],
    ["a path the starting screen does not know", { pathname: "/groups" }],
    ["a jump-start link", { search: "?token=abc" }],
    ["offline (the app adds its offline banner above)", { online: false }],
  ] as const)("nothing for %s", (_name, over) => {
    expect(startingScreenPlan(input(over))).toBeNull();
  });

  it("property: never throws, and a painted title is always its path's starting title", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.constant(null), fc.json()), fc.string(), (raw, path) => {
      const plan = startingScreenPlan(input({ storedToken: raw, pathname: path }));
      if (plan !== null) expect(STARTING_TITLES[path.replace(/\/+$/, "")]).toBe(plan.title);
    }));
  });
});

/** The template's content as the build writes it into index.html, filled for a plan, in a root. */
function painted(brand: string, over: Partial<StartingScreenInput>): HTMLElement {
  const template = document.createElement("template");
  template.innerHTML = startingScreenMarkup(brand);
  const root = document.createElement("div");
  root.append(fillStartingScreen(template.content.cloneNode(true) as DocumentFragment, startingScreenPlan(input({ brand, ...over }))!));
  return root;
}

describe("the starting screen's template, filled", () => {
  it("a phone: the banner sized through the CSSOM, the narrow layout without the menu's column, the title and the spinner", () => {
    const root = painted("Portal", { userAgent: ANDROID, wide: false });
    expect(root.querySelector("h1")?.textContent).toBe("Devices");
    expect(root.querySelector<HTMLElement>(".app-banner")?.style.height).toBe("50px");
    expect(root.querySelector(".shell")?.className).toBe("shell is-narrow");
    expect(root.querySelector(".shell-menu")).toBeNull();
    expect(root.querySelector("[role=progressbar]")).not.toBeNull();
  });

  it("a desktop: the menu's column, no banner, the brand the build wrote in, as text", () => {
    const root = painted("<b>Acme & Co</b>", {});
    expect(root.querySelector(".shell")?.className).toBe("shell is-wide");
    expect(root.querySelector(".shell-menu")).not.toBeNull();
    expect(root.querySelector(".app-banner")).toBeNull();
    expect(root.querySelector(".shell-brand-text")?.textContent).toBe("<b>Acme & Co</b>");
    expect(root.querySelector("b")).toBeNull();
  });

  it("the document title names the screen and the brand", () => {
    expect(startingScreenPlan(input({ brand: "Acme", pathname: "/users" }))?.documentTitle).toBe("Users · Acme");
  });
});
