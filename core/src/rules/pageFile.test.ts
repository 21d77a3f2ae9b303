import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { COMPONENT_KIND_NAMES, type PageComponent } from "../domain/PageComponent";
import type { Page } from "../domain/Page";
import { addComponent } from "./pageLayout";
import { checkPageTitle, exportPageFile, pageFileName, parsePageFile } from "./pageFile";
import { emptyVersion } from "./pages";

const pageWith = (components: ReadonlyArray<PageComponent>): Page => ({
  publicId: "p1", kind: "report", isDefault: true, draft: null,
  published: { ...emptyVersion("v1", { title: "Monthly", icon: "document" }), components, previewAgent: { publicId: "agent1" } },
});

describe("page file", () => {
  it("property: an exported page parses back to the same content, without its previews", () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...COMPONENT_KIND_NAMES), { maxLength: 10 }), (kinds) => {
      let n = 0;
      const components = kinds.reduce<ReadonlyArray<PageComponent>>((acc, k) => addComponent(acc, k, null, () => `c${++n}`), []);
      const file = exportPageFile(pageWith(components), "2026-01-01T00:00:00.000Z")!;
      const parsed = parsePageFile(JSON.stringify(file));
      expect(Result.isSuccess(parsed) && parsed.success).toEqual(file);
      expect(JSON.stringify(file)).not.toContain("agent1");
    }));
  });

  it("refuses a bad file with one sentence saying why", () => {
    const reason = (text: string) => {
      const r = parsePageFile(text);
      return Result.isFailure(r) ? r.failure.issues[0] : undefined;
    };
    expect(reason("{")).toEqual({ message: "The file is not valid JSON", propertyName: "file" });
    expect(reason("[]")?.message).toBe("The file is not a page export (format portal-page)");
    expect(reason(JSON.stringify({ format: "portal-page", version: 2 }))?.message).toBe("The file has version 2; this portal reads version 1");
    const file = exportPageFile(pageWith([]), "x")!;
    expect(reason(JSON.stringify({ ...file, page: { ...file.page, components: [{ id: "a", kind: "warp-drive", x: 0, y: 0, w: 1, h: 1, config: {} }] } }))?.message)
      .toMatch(/^The file's content is not valid: .*components/);
    expect(reason("x".repeat(1_000_001))?.message).toMatch(/too large/);
  });

  it("names the file after the title and requires a title", () => {
    expect(pageFileName("Boiler / overview")).toBe("Boiler-overview.page.json");
    expect(pageFileName("***")).toBe("page.page.json");
    expect(Result.isFailure(checkPageTitle("  "))).toBe(true);
    expect(checkPageTitle(" A ")).toEqual(Result.succeed("A"));
  });
});
