/**
 * The bodies of the page calls (issue 13; spec 7 "Pages"): create, PATCH {draft, published} and
 * import. A version's components and sub-pages decode with the component registry
 * (domain/PageComponent.ts), so nothing of an unknown kind or out of the grid is stored.
 */
import { Schema } from "effect";
import { PageKind } from "../domain/Page";
import { PageComponents, PagePages } from "../domain/PageComponent";
import { PAGE_FILE_MAX_LENGTH } from "../rules/pageFile";
import { PublicIdText, RuleText, Text } from "./bounds";

/** Longest page title. */
export const PAGE_TITLE_MAX_LENGTH = 200;
/** Longest period spec ('today', 'last-7-days', …). */
export const PERIOD_SPEC_MAX_LENGTH = 64;

const Title = Text(PAGE_TITLE_MAX_LENGTH).check(Schema.makeFilter<string>((s) => s.trim() !== "" || "REQUIRED"));
const Period = Text(PERIOD_SPEC_MAX_LENGTH).check(Schema.makeFilter<string>((s) => s.trim() !== "" || "REQUIRED"));
/** Custom properties of a version (spec 3: custom.glbMatIcon); a bounded map, of which glbMatIcon is read. */
const Custom = Schema.Record(Schema.String, Schema.NullOr(Text(64))).check(Schema.isMaxProperties(8, { message: "At most 8 custom properties" }));
const Ref = Schema.Struct({ publicId: PublicIdText });

/** POST a page: a title, optionally its kind (default dashboard), icon and period (default 'today'). */
export const PageCreateBody = Schema.Struct({
  // Optional in the schema so that a missing title is the rule's REQUIRED (rules/pageFile.ts checkPageTitle).
  title: Schema.optional(RuleText(PAGE_TITLE_MAX_LENGTH)),
  kind: Schema.optional(PageKind),
  custom: Schema.optional(Custom),
  periodSpec: Schema.optional(Period),
});

/** The content of a version as a PATCH sends it; `publicId` names the version it replaces. */
export const PageVersionBody = Schema.Struct({
  publicId: PublicIdText,
  title: Title,
  custom: Custom,
  periodSpec: Period,
  components: PageComponents,
  pagePages: PagePages,
  previewAgent: Schema.NullOr(Ref),
  previewAsset: Schema.NullOr(Ref),
});
export type PageVersionBody = typeof PageVersionBody.Type;

/** PATCH a page: new content for its draft and/or its published version (each must exist). */
export const PagePatchBody = Schema.Struct({
  draft: Schema.optional(PageVersionBody),
  published: Schema.optional(PageVersionBody),
});
export type PagePatchBody = typeof PagePatchBody.Type;

/** POST an import: the text of an export file (rules/pageFile.ts judges it). */
export const PageImportBody = Schema.Struct({ file: RuleText(PAGE_FILE_MAX_LENGTH) });
