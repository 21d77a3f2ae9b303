/**
 * Router screensaver rules (issue 13): an upload is an image judged by its content like a
 * branding image (identity.ts checkImageUpload: at most 1 MiB, PNG / JPEG / GIF / WebP by magic
 * bytes, never by name), re-encoded by the server into a PNG that fits the routers' display
 * (SCREENSAVER_BOX, aspect kept, never enlarged). A company keeps at most SCREENSAVERS_MAX.
 */
import { Result } from "effect";
import { InvalidInput, type ValidationIssue } from "../errors";
import { checkImageUpload, type ImageRefusal, type ImageType } from "./identity";

/** The box a screensaver is resized into: the routers' 1024x600 panel. */
export const SCREENSAVER_BOX = { width: 1024, height: 600 } as const;
/** Most screensavers a company keeps: enough for a rotation, bounded storage. */
export const SCREENSAVERS_MAX = 50;
export const TOO_MANY_SCREENSAVERS = "TOO_MANY_SCREENSAVERS";
export const SCREENSAVER_NAME_MAX = 255;
const TOO_LONG = `Must be at most ${SCREENSAVER_NAME_MAX} characters`;

/**
 * Checks a screensaver upload: a name (the file name; required, at most 255 characters) and the
 * image as base64. Fails with an ImageRefusal (413, 415 or 400, field "image") or InvalidInput.
 */
export const checkScreensaverUpload = (name: unknown, image: unknown):
  Result.Result<{ readonly name: string; readonly bytes: Uint8Array; readonly type: ImageType }, ImageRefusal | InvalidInput> => {
  const issues: ValidationIssue[] = [];
  if (typeof name !== "string" || name.trim() === "") issues.push({ message: "REQUIRED", propertyName: "name" });
  else if (name.trim().length > SCREENSAVER_NAME_MAX) issues.push({ message: TOO_LONG, propertyName: "name" });
  if (typeof image !== "string" || image === "") issues.push({ message: "REQUIRED", propertyName: "image" });
  if (issues.length > 0) return Result.fail(new InvalidInput({ issues }));
  const checked = checkImageUpload("image", image as string);
  if (Result.isFailure(checked)) return Result.fail(checked.failure);
  return Result.succeed({ name: (name as string).trim(), ...checked.success });
};

/** Whether one more screensaver fits: fewer than SCREENSAVERS_MAX are stored. */
export const canAddScreensaver = (stored: number): boolean => stored < SCREENSAVERS_MAX;
