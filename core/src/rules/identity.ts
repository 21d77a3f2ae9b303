/**
 * Company identity rules (issue 12): what a valid identity is (name, theme, primary colour,
 * browser title, fqdn, app-store links) and what an uploaded image must be. An image is judged
 * by its CONTENT (magic bytes), never by a file name or a declared type: a PNG renamed .svg is
 * a PNG, a script named logo.png is refused. SVG is refused as a whole: it can carry scripts.
 * The server re-encodes every accepted image (sharp), which also drops anything appended to it.
 */
import { Result } from "effect";
import { NAME_MAX_LENGTH } from "../constants";
import { THEMES, type Theme } from "../domain/Branding";
import { HEX_COLOR_PATTERN } from "../domain/GroupType";
import type { IdentityImage } from "../domain/Identity";
import { InvalidInput, type ValidationIssue } from "../errors";

/** Largest image accepted, in bytes of the file (1 MiB): a logo or an icon needs far less. */
export const IMAGE_MAX_BYTES = 1024 * 1024;
/** The base64 text of IMAGE_MAX_BYTES, rounded up: the wire bound sits a little above it so the rule answers 413. */
export const IMAGE_MAX_BASE64_LENGTH = Math.ceil(IMAGE_MAX_BYTES / 3) * 4;

/** The image types accepted, as their magic bytes say. */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The box each image is resized into (pixels); logos keep their aspect ratio, icons are square. */
export const IMAGE_SIZES: Readonly<Record<IdentityImage, { readonly width: number; readonly height: number; readonly fit: "inside" | "cover" }>> = {
  logo: { width: 480, height: 120, fit: "inside" },
  appleTouchIcon: { width: 180, height: 180, fit: "cover" },
  favicon: { width: 64, height: 64, fit: "cover" },
};

export const IMAGE_TOO_LARGE = "IMAGE_TOO_LARGE";
export const IMAGE_TYPE_NOT_ALLOWED = "IMAGE_TYPE_NOT_ALLOWED";
export const IMAGE_NOT_BASE64 = "IMAGE_NOT_BASE64";
export const FQDN_INVALID = "FQDN_INVALID";
export const STORE_LINK_INVALID = "STORE_LINK_INVALID";
export const COLOR_INVALID = "Must be a colour in the form #rrggbb";
const TOO_LONG = `Must be at most ${NAME_MAX_LENGTH} characters`;

const startsWith = (bytes: Uint8Array, prefix: ReadonlyArray<number>, at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

/**
 * The image type of `bytes` by their magic bytes: PNG, JPEG, GIF (87a/89a) or WebP (RIFF....WEBP);
 * undefined for anything else (SVG, HTML, scripts, PDFs, empty input). Never fails.
 */
export const sniffImageType = (bytes: Uint8Array): ImageType | undefined => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "image/gif";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return undefined;
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 text (an optional `data:...;base64,` prefix is ignored); undefined when it is not base64. */
export const decodeBase64 = (text: string): Uint8Array | undefined => {
  const body = text.replace(/^data:[^,]*;base64,/, "").replace(/\s+/g, "");
  if (body.length % 4 !== 0 || !BASE64.test(body)) return undefined;
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** Why an upload is refused, with the HTTP status that says it (413 too big, 415 not an allowed image, 400 not base64). */
export interface ImageRefusal {
  readonly status: 400 | 413 | 415;
  readonly issue: ValidationIssue;
}

/**
 * Judges an uploaded image given as base64 for the field `field`: its bytes must be at most
 * IMAGE_MAX_BYTES and start with the magic bytes of one of IMAGE_TYPES. Guarantees a success
 * carries the sniffed type of exactly those bytes. Fails with an ImageRefusal.
 */
export const checkImageUpload = (field: string, base64: string): Result.Result<{ readonly bytes: Uint8Array; readonly type: ImageType }, ImageRefusal> => {
  if (base64.replace(/^data:[^,]*;base64,/, "").length > IMAGE_MAX_BASE64_LENGTH + 4) {
    return Result.fail({ status: 413, issue: { message: IMAGE_TOO_LARGE, propertyName: field } });
  }
  const bytes = decodeBase64(base64);
  if (bytes === undefined) return Result.fail({ status: 400, issue: { message: IMAGE_NOT_BASE64, propertyName: field } });
  if (bytes.length > IMAGE_MAX_BYTES) return Result.fail({ status: 413, issue: { message: IMAGE_TOO_LARGE, propertyName: field } });
  const type = sniffImageType(bytes);
  if (type === undefined) return Result.fail({ status: 415, issue: { message: IMAGE_TYPE_NOT_ALLOWED, propertyName: field } });
  return Result.succeed({ bytes, type });
};

/** The identity's fields that are text or choices (images are handled by checkImageUpload). */
export interface IdentityFields {
  readonly name: string;
  readonly theme: Theme;
  readonly primaryColor: string | null;
  readonly browserTitle: string | null;
  readonly fqdn: string | null;
  readonly appleAppStoreLink: string | null;
  readonly googlePlayStoreLink: string | null;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** The hosts each store link must point at. */
export const STORE_HOSTS = { appleAppStoreLink: "apps.apple.com", googlePlayStoreLink: "play.google.com" } as const;

/** Text trimmed, or null when empty or not text. */
const optionalText = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/** Whether `url` is an https URL on `host` (the store's own host). */
export const isStoreLink = (url: string, host: string): boolean => {
  try {
    const u = new URL(url);
    return u.protocol === "https:" && u.hostname === host && u.username === "" && u.password === "";
  } catch {
    return false;
  }
};

/**
 * Checks an identity edit against the current identity: a field absent from `input` keeps its
 * current value; null or "" clears an optional one. Name is required (REQUIRED) and at most
 * NAME_MAX_LENGTH characters, as is the browser title; the theme is light or dark; the colour is
 * #rrggbb; the fqdn a host name (lower-cased); each store link an https URL on its store's host.
 * Guarantees a success is valid by these rules (checking it again changes nothing). Fails with
 * InvalidInput naming every bad field.
 */
export const validateIdentity = (input: Readonly<Record<string, unknown>>, current: IdentityFields): Result.Result<IdentityFields, InvalidInput> => {
  const issues: ValidationIssue[] = [];
  const pick = <K extends keyof IdentityFields>(k: K): unknown => (k in input ? input[k] : current[k]);
  const name = optionalText(pick("name"));
  if (name === null) issues.push({ message: "REQUIRED", propertyName: "name" });
  else if (name.length > NAME_MAX_LENGTH) issues.push({ message: TOO_LONG, propertyName: "name" });
  const theme = pick("theme");
  if (!THEMES.includes(theme as Theme)) issues.push({ message: "Must be light or dark", propertyName: "theme" });
  const primaryColor = optionalText(pick("primaryColor"));
  if (primaryColor !== null && !HEX_COLOR_PATTERN.test(primaryColor)) issues.push({ message: COLOR_INVALID, propertyName: "primaryColor" });
  const browserTitle = optionalText(pick("browserTitle"));
  if (browserTitle !== null && browserTitle.length > NAME_MAX_LENGTH) issues.push({ message: TOO_LONG, propertyName: "browserTitle" });
  const fqdn = optionalText(pick("fqdn"))?.toLowerCase().replace(/\.$/, "") ?? null;
  if (fqdn !== null && !HOST_NAME.test(fqdn)) issues.push({ message: FQDN_INVALID, propertyName: "fqdn" });
  const links = { appleAppStoreLink: optionalText(pick("appleAppStoreLink")), googlePlayStoreLink: optionalText(pick("googlePlayStoreLink")) };
  for (const key of ["appleAppStoreLink", "googlePlayStoreLink"] as const) {
    const link = links[key];
    if (link !== null && !isStoreLink(link, STORE_HOSTS[key])) issues.push({ message: STORE_LINK_INVALID, propertyName: key });
  }
  if (issues.length > 0) return Result.fail(new InvalidInput({ issues }));
  return Result.succeed({ name: name!, theme: theme as Theme, primaryColor: primaryColor?.toLowerCase() ?? null, browserTitle, fqdn, ...links });
};
