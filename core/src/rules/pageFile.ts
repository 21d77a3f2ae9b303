/**
 * The page export file (issue 13; spec 2 "export as a file", 7 "GET export (file); POST import"):
 * a versioned JSON document holding one version's content without its ids or device previews
 * (those belong to the exporting company). parsePageFile judges a file before anything is
 * written and answers the reason it is refused, so that an import into any company either
 * creates exactly one page or nothing.
 */
import { Result, Schema } from "effect";
import { PageKind, PageCustom, type Page, type PageVersion } from "../domain/Page";
import { PageComponents, PagePages } from "../domain/PageComponent";
import { InvalidInput } from "../errors";
import { Text } from "../wire/bounds";

/** The `format` every page file carries. */
export const PAGE_FILE_FORMAT = "portal-page";
/** The file version this build writes and reads. */
export const PAGE_FILE_VERSION = 1;
/** Largest file accepted (characters of JSON). */
export const PAGE_FILE_MAX_LENGTH = 1_000_000;

export const PageFile = Schema.Struct({
  format: Schema.Literal(PAGE_FILE_FORMAT),
  version: Schema.Literal(PAGE_FILE_VERSION),
  kind: PageKind,
  exportedAt: Text(64),
  page: Schema.Struct({
    title: Text(200).check(Schema.isMinLength(1, { message: "The page has no title" })),
    custom: PageCustom,
    periodSpec: Text(64),
    components: PageComponents,
    pagePages: PagePages,
  }),
});
export type PageFile = typeof PageFile.Type;

/** The file name of an export: the title made safe for file systems, then ".page.json". */
export const pageFileName = (title: string): string =>
  `${title.replace(/[^\p{L}\p{N}._-]+/gu, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "page"}.page.json`;

/**
 * The file of a page: its published version, else its draft. Previews are left out. Errors: none;
 * a page without any version gives null.
 */
export const exportPageFile = (page: Page, exportedAt: string): PageFile | null => {
  const v: PageVersion | null = page.published ?? page.draft;
  if (!v) return null;
  return {
    format: PAGE_FILE_FORMAT, version: PAGE_FILE_VERSION, kind: page.kind ?? "dashboard", exportedAt,
    page: { title: v.title, custom: v.custom, periodSpec: v.periodSpec, components: v.components as PageFile["page"]["components"], pagePages: v.pagePages as PageFile["page"]["pagePages"] },
  };
};

const refuse = (message: string, propertyName = "file") => Result.fail(new InvalidInput({ issues: [{ message, propertyName }] }));

/**
 * Reads a page file. Guarantees a success is a PageFile whose components all decode with the
 * component registry. Errors (InvalidInput on propertyName "file", one sentence saying why):
 * too large, not JSON, not a page file, a version this build does not read, or content that
 * does not match the format (with the path of the first bad value).
 */
export const parsePageFile = (text: string): Result.Result<PageFile, InvalidInput> => {
  if (text.length > PAGE_FILE_MAX_LENGTH) return refuse(`The file is too large (at most ${PAGE_FILE_MAX_LENGTH} characters)`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse("The file is not valid JSON");
  }
  if (typeof json !== "object" || json === null || (json as { format?: unknown }).format !== PAGE_FILE_FORMAT) {
    return refuse("The file is not a page export (format portal-page)");
  }
  const version = (json as { version?: unknown }).version;
  if (version !== PAGE_FILE_VERSION) return refuse(`The file has version ${String(version)}; this portal reads version ${PAGE_FILE_VERSION}`);
  const decoded = Schema.decodeUnknownExit(PageFile)(json, { errors: "first" });
  if (decoded._tag === "Success") return Result.succeed(decoded.value);
  const text2 = String(decoded.cause);
  const start = text2.indexOf("SchemaError(");
  const detail = (start < 0 ? text2 : text2.slice(start + "SchemaError(".length).replace(/\)+\]\)$/, "")).replace(/\s+/g, " ").trim()
    // The union of every component kind would fill the sentence before the path that matters.
    .replace(/\{ readonly "kind": "[^"]+", \.\.\. \}(?: \| \{ readonly "kind": "[^"]+", \.\.\. \})+/g, "a component of a known kind");
  return refuse(`The file's content is not valid: ${detail}`.slice(0, 500));
};

/** A page title as stored: trimmed. Errors: InvalidInput REQUIRED on "title" when missing or blank. */
export const checkPageTitle = (title: string | null | undefined): Result.Result<string, InvalidInput> => {
  const trimmed = (title ?? "").trim();
  return trimmed === "" ? Result.fail(new InvalidInput({ issues: [{ message: "REQUIRED", propertyName: "title" }] })) : Result.succeed(trimmed);
};
