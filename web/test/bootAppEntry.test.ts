/**
 * The app's entry held in a template (web/src/boot/appEntry.ts): the build takes the entry script
 * and its preloads out of index.html's head, and the boot script puts them back, at once when it
 * painted nothing and, after a painted starting screen, the entry alone once the frame is drawn.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_ENTRY_TEMPLATE_ID, loadAppEntry, takeOutEntry } from "../src/boot/appEntry";

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C3.css">
    <link rel="modulepreload" crossorigin href="/assets/LoginPage-D4.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("takeOutEntry", () => {
  it("moves the entry and every preload out, in order, and leaves the rest of the document as it was", () => {
    const { html, tags } = takeOutEntry(BUILT);
    expect(tags).toBe('<script type="module" crossorigin src="/assets/index-A1.js"></script>'
      + '<link rel="modulepreload" crossorigin href="/assets/react-B2.js">'
      + '<link rel="modulepreload" crossorigin href="/assets/LoginPage-D4.js">');
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain("<script");
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C3.css">');
    expect(html.replace(/\s+/g, "")).toBe(BUILT.replace(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g, "").replace(/\s+/g, ""));
  });

  it("refuses a document without exactly one entry: the build fails rather than serve a page that never starts", () => {
    expect(() => takeOutEntry("<html><head></head></html>")).toThrow(/one entry script, not 0/);
    const twice = BUILT.replace("</head>", '<script type="module" crossorigin src="/assets/other.js"></script></head>');
    expect(() => takeOutEntry(twice)).toThrow(/not 2/);
  });
});

describe("loadAppEntry", () => {
  const setUp = () => {
    document.head.innerHTML = "";
    document.body.innerHTML = `<template id="${APP_ENTRY_TEMPLATE_ID}">${takeOutEntry(BUILT).tags}</template>`;
  };
  const added = () => Array.from(document.head.children).map((el) => `${el.localName} ${el.getAttribute("src") ?? el.getAttribute("href")} ${el.getAttribute("type") ?? el.getAttribute("rel")} ${el.hasAttribute("crossorigin")}`);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("nothing painted: the entry and its preloads go into the head at once, as new elements", () => {
    setUp();
    loadAppEntry(document, false);
    expect(added()).toEqual([
      "script /assets/index-A1.js module true",
      "link /assets/react-B2.js modulepreload true",
      "link /assets/LoginPage-D4.js modulepreload true",
    ]);
    const template = document.getElementById(APP_ENTRY_TEMPLATE_ID) as HTMLTemplateElement;
    expect(document.head.querySelector("script")).not.toBe(template.content.querySelector("script"));
  });

  it("after a painted screen: the entry alone, once the next frame is drawn, and only once", () => {
    vi.useFakeTimers();
    const frames: Array<() => void> = [];
    vi.stubGlobal("requestAnimationFrame", (run: () => void) => frames.push(run));
    setUp();
    loadAppEntry(document, true);
    expect(added()).toEqual([]);
    frames.forEach((run) => run());
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(added()).toEqual(["script /assets/index-A1.js module true"]);
    vi.advanceTimersByTime(2000);
    expect(added()).toHaveLength(1);
  });

  it("after a painted screen in a tab that draws no frame: the entry after 1 s at most", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", () => 0);
    setUp();
    loadAppEntry(document, true);
    vi.advanceTimersByTime(999);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()).toEqual(["script /assets/index-A1.js module true"]);
  });

  it("no template (a development server's page): nothing is added", () => {
    document.head.innerHTML = "";
    document.body.innerHTML = "";
    loadAppEntry(document, false);
    expect(added()).toEqual([]);
  });
});
