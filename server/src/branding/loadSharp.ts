/**
 * sharp (libvips), loaded on the first image it handles: loaded at start it adds about 20 MB to
 * every server process's resident set, though images are decoded only on an upload or a seed.
 */
import type sharpType from "sharp";

let loaded: Promise<typeof sharpType> | undefined;

/** The sharp function, imported once. */
export function loadSharp(): Promise<typeof sharpType> {
  loaded ??= import("sharp").then((m) => m.default);
  return loaded;
}
