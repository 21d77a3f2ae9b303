/**
 * Every icon name the sources use is bundled by the per-icon loader (src/app/icons.ts), so no
 * icon shows blank and no whole icon set is loaded.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLED_ICONS } from "../src/app/icons";

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(f) ? [path] : [];
  });

describe("icons", () => {
  it("bundles every icon name written in the sources", () => {
    const used = new Set<string>();
    for (const file of files(join(__dirname, "..", "src"))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\b(?:icon|leftIcon|rightIcon|endIcon)(?:=|: )"([a-z0-9-]+)"/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((name) => !BUNDLED_ICONS[16].includes(name) && !BUNDLED_ICONS[20].includes(name));
    expect(missing).toEqual([]);
  });
});
