/**
 * Branding images (issue 12): an upload is judged by core (checkImageUpload: size, then magic
 * bytes; never the name or a declared type), then decoded and re-encoded by sharp into a PNG of
 * the image's box (IMAGE_SIZES). Re-encoding drops metadata and anything hidden after the image
 * data, so what the server serves is only ever a plain PNG it made itself.
 */
import { Result } from "effect";
import { loadSharp } from "./loadSharp";
import type { IdentityImage } from "@portal/core/domain/Identity";
import { IMAGE_SIZES, checkImageUpload } from "@portal/core/rules/identity";
import { HttpProblem } from "../http/HttpProblem";
import type { Db } from "../db/Database";
import { brandingImages } from "../db/schema";
import { newPublicId } from "../ids";

/** The URL an image is served at (core's BrandingImage route). */
export const imageUrl = (publicId: string): string => `/api/branding-images/${publicId}.png`;

/** The publicId in a served file name (`<publicId>.png`), or undefined. */
export const imageIdOf = (file: string): string | undefined => /^([A-Za-z0-9]{12})\.png$/.exec(file)?.[1];

/** Decoded pixels above this are refused before decoding (a small file can unpack into a huge bitmap). */
const MAX_INPUT_PIXELS = 6000 * 6000;

/**
 * The PNG to store for an upload of `kind`: checked by core, then resized by sharp. Fails with
 * an HttpProblem: 413 too large, 415 not an allowed image or not decodable, 400 not base64.
 */
export async function processImage(kind: IdentityImage, base64: string): Promise<Buffer> {
  const checked = checkImageUpload(kind, base64);
  if (Result.isFailure(checked)) throw new HttpProblem(checked.failure.status, [checked.failure.issue]);
  const box = IMAGE_SIZES[kind];
  try {
    return await (await loadSharp())(checked.success.bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: box.fit === "inside", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    throw HttpProblem.of(415, "IMAGE_UNREADABLE", kind);
  }
}

/** Stores a processed PNG for the company; answers its URL. */
export async function storeImage(tx: Db, companyId: number | null, png: Buffer): Promise<string> {
  const publicId = newPublicId();
  await tx.insert(brandingImages).values({ publicId, companyId, contentType: "image/png", bytes: png });
  return imageUrl(publicId);
}
