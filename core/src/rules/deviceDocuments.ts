/**
 * Document management on a device (issue 13): what an upload must be and how its name is kept.
 * A document is judged by its CONTENT where the type has a signature (PDF, images, ZIP-based
 * office files), and must be text (UTF-8, no NUL) where it has none (txt, csv, log, json): a
 * script renamed report.pdf is refused. The type stored and sent back is the one judged here,
 * never the browser's; downloads are always attachments (contentDisposition), so nothing
 * uploaded is ever rendered by the portal's origin.
 */
import { Result, Schema } from "effect";
import type { ValidationIssue } from "../errors";
import { DOCUMENT_NAME_MAX } from "../domain/DeviceRecords";
import { decodeBase64, sniffImageType } from "./identity";
import { RuleText } from "../wire/bounds";

import { DOCUMENT_MAX_BYTES } from "../constants";

export { DOCUMENT_MAX_BYTES, DOCUMENTS_PER_DEVICE_MAX } from "../constants";
/** The base64 text of DOCUMENT_MAX_BYTES; the wire bound sits a little above it so the rule answers 413. */
export const DOCUMENT_MAX_BASE64_LENGTH = Math.ceil(DOCUMENT_MAX_BYTES / 3) * 4;

export const DOCUMENT_TOO_LARGE = "DOCUMENT_TOO_LARGE";
export const DOCUMENT_TYPE_NOT_ALLOWED = "DOCUMENT_TYPE_NOT_ALLOWED";
export const DOCUMENT_NOT_BASE64 = "DOCUMENT_NOT_BASE64";
export const DOCUMENT_EMPTY = "DOCUMENT_EMPTY";
export const DOCUMENT_LIMIT_REACHED = "DOCUMENT_LIMIT_REACHED";

/** An upload as sent: the file's name as the browser had it and its bytes as base64. */
export const DocumentUploadBody = Schema.Struct({
  fileName: Schema.optional(RuleText(1000)),
  content: Schema.optional(RuleText(DOCUMENT_MAX_BASE64_LENGTH + 64)),
});
export type DocumentUploadBody = typeof DocumentUploadBody.Type;

type Judge = (bytes: Uint8Array) => boolean;
const startsWith = (bytes: Uint8Array, prefix: ReadonlyArray<number>): boolean =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
const isPdf: Judge = (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]);
const isZip: Judge = (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);
const isImage = (type: string): Judge => (b) => sniffImageType(b) === type;
const isText: Judge = (b) => {
  if (b.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
};

/** The accepted extensions, the type each is stored and served as, and how its content is judged. */
export const DOCUMENT_TYPES: Readonly<Record<string, { readonly contentType: string; readonly judge: Judge }>> = {
  pdf: { contentType: "application/pdf", judge: isPdf },
  png: { contentType: "image/png", judge: isImage("image/png") },
  jpg: { contentType: "image/jpeg", judge: isImage("image/jpeg") },
  jpeg: { contentType: "image/jpeg", judge: isImage("image/jpeg") },
  gif: { contentType: "image/gif", judge: isImage("image/gif") },
  webp: { contentType: "image/webp", judge: isImage("image/webp") },
  txt: { contentType: "text/plain; charset=utf-8", judge: isText },
  log: { contentType: "text/plain; charset=utf-8", judge: isText },
  csv: { contentType: "text/csv; charset=utf-8", judge: isText },
  json: { contentType: "application/json", judge: isText },
  zip: { contentType: "application/zip", judge: isZip },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", judge: isZip },
  xlsx: { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", judge: isZip },
  pptx: { contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", judge: isZip },
  odt: { contentType: "application/vnd.oasis.opendocument.text", judge: isZip },
  ods: { contentType: "application/vnd.oasis.opendocument.spreadsheet", judge: isZip },
};
/** The `accept` list of a file input: the extensions above. */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_TYPES).map((e) => `.${e}`).join(",");

// Path separators, control characters, characters Windows refuses in names, and the bidi
// overrides that make "txt.exe" read as "exe.txt".
 
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a document is kept and downloaded under: the last path segment of `raw`, unsafe
 * characters replaced by "_", blanks collapsed, leading dots and blanks dropped (no hidden files,
 * no ".."), at most DOCUMENT_NAME_MAX code points with the extension kept, "document" when
 * nothing is left. Guarantees: no "/", "\\", control character or quote in the result; never
 * empty; never starts with "."; idempotent. Never fails.
 */
export const sanitizeFileName = (raw: string): string => {
  const base = raw.split(/[/\\]/).pop() ?? "";
  let name = base.normalize("NFC").replace(UNSAFE, "_").replace(/\s+/g, " ").replace(/^[.\s]+/, "").trim();
  // Trailing dots and blanks are dropped by Windows, which would change the extension.
  name = name.replace(/[.\s]+$/, "");
  if (name === "") return "document";
  const chars = [...name];
  if (chars.length <= DOCUMENT_NAME_MAX) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? [...name.slice(dot)].slice(0, 16).join("").replace(/[.\s]+$/, "") : "";
  const stem = chars.slice(0, DOCUMENT_NAME_MAX - [...ext].length).join("").replace(/[.\s]+$/, "");
  return (stem === "" ? "document" : stem) + ext;
};

/** The lower-case extension of a name ("" without one). */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

/** Why an upload is refused, with the HTTP status that says it. */
export interface DocumentRefusal {
  readonly status: 400 | 413 | 415;
  readonly issue: ValidationIssue;
}

/** An accepted document: its kept name, the type it is served as and its bytes. */
export interface JudgedDocument {
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/**
 * Judges an upload: a name and content are REQUIRED (400); the content must be base64 (400 DOCUMENT_NOT_BASE64), not empty (400
 * DOCUMENT_EMPTY), at most DOCUMENT_MAX_BYTES (413 DOCUMENT_TOO_LARGE), and of an accepted
 * extension whose content check it passes (415 DOCUMENT_TYPE_NOT_ALLOWED). Guarantees a success
 * carries the sanitised name, the type of its extension and exactly the decoded bytes.
 */
export const judgeDocument = (upload: { readonly fileName?: string | null | undefined; readonly content?: string | null | undefined }): Result.Result<JudgedDocument, DocumentRefusal> => {
  const body = { fileName: upload.fileName ?? "", content: upload.content ?? "" };
  if (body.fileName.trim() === "") return Result.fail({ status: 400, issue: { message: "REQUIRED", propertyName: "fileName" } });
  if (body.content === "") return Result.fail({ status: 400, issue: { message: "REQUIRED", propertyName: "content" } });
  if (body.content.replace(/^data:[^,]*;base64,/, "").length > DOCUMENT_MAX_BASE64_LENGTH + 4) {
    return Result.fail({ status: 413, issue: { message: DOCUMENT_TOO_LARGE, propertyName: "content" } });
  }
  const bytes = decodeBase64(body.content);
  if (bytes === undefined) return Result.fail({ status: 400, issue: { message: DOCUMENT_NOT_BASE64, propertyName: "content" } });
  if (bytes.length === 0) return Result.fail({ status: 400, issue: { message: DOCUMENT_EMPTY, propertyName: "content" } });
  if (bytes.length > DOCUMENT_MAX_BYTES) return Result.fail({ status: 413, issue: { message: DOCUMENT_TOO_LARGE, propertyName: "content" } });
  const fileName = sanitizeFileName(body.fileName);
  const type = DOCUMENT_TYPES[extensionOf(fileName)];
  if (type === undefined || !type.judge(bytes)) {
    return Result.fail({ status: 415, issue: { message: DOCUMENT_TYPE_NOT_ALLOWED, propertyName: "fileName" } });
  }
  return Result.succeed({ fileName, contentType: type.contentType, bytes });
};

/**
 * The Content-Disposition of a download: always an attachment, with an ASCII fallback name
 * (non-ASCII as "_", quotes and backslashes impossible after sanitizeFileName) and the exact
 * name as RFC 5987 `filename*`. Never fails.
 */
export const contentDisposition = (fileName: string): string => {
  const safe = sanitizeFileName(fileName);
  const ascii = safe.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};
