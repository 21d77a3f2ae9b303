/**
 * Page (report template, dashboard page; spec.md section 3): a publicId with a draft and/or a
 * published version. The content (title, custom.glbMatIcon, periodSpec, components, pagePages,
 * previewAgent, previewAsset) lives on each version, so that a draft can differ from what is
 * published. The state rules (ensure draft, discard, publish, duplicate) are in rules/pages.ts.
 */
import { Schema } from "effect";

/** A reference to another entity by publicId. */
const Ref = Schema.Struct({ publicId: Schema.String });

/** Custom properties of a version; glbMatIcon is the Material icon name shown with the page. */
export const PageCustom = Schema.Struct({ glbMatIcon: Schema.optional(Schema.NullOr(Schema.String)) });
export type PageCustom = typeof PageCustom.Type;

/**
 * One version (draft or published) of a page. Components and sub-pages are opaque here: their
 * shape belongs to the embeddable components (about 55 kinds), not to the page rules.
 */
export const PageVersion = Schema.Struct({
  publicId: Schema.String,
  title: Schema.String,
  custom: PageCustom,
  periodSpec: Schema.String,
  components: Schema.Array(Schema.Unknown),
  pagePages: Schema.Array(Schema.Unknown),
  previewAgent: Schema.NullOr(Ref),
  previewAsset: Schema.NullOr(Ref),
});
export type PageVersion = typeof PageVersion.Type;

/** What a page is for: a dashboard shown live, or a report template rendered for a period. */
export const PAGE_KINDS = ["dashboard", "report"] as const;
export const PageKind = Schema.Literals(PAGE_KINDS);
export type PageKind = typeof PageKind.Type;

/**
 * A page with its versions; either may be null. `kind` and `isDefault` (one default per kind and
 * company, "set default") are optional so that a page built by the rules alone (rules/pages.ts)
 * is still a Page; the server always sends them.
 */
export const Page = Schema.Struct({
  publicId: Schema.String,
  kind: Schema.optional(PageKind),
  isDefault: Schema.optional(Schema.Boolean),
  draft: Schema.NullOr(PageVersion),
  published: Schema.NullOr(PageVersion),
});
export type Page = typeof Page.Type;

/** Body of a create: a title, an optional icon and period (default DEFAULT_PAGE_PERIOD). */
export const PageCreate = Schema.Struct({
  title: Schema.String,
  kind: Schema.optional(PageKind),
  custom: Schema.optional(PageCustom),
  periodSpec: Schema.optional(Schema.String),
});
export type PageCreate = typeof PageCreate.Type;

/** Body of a PATCH on a page: new content for its draft and/or published version. */
export const PageUpdate = Schema.Struct({
  draft: Schema.optional(Schema.NullOr(PageVersion)),
  published: Schema.optional(Schema.NullOr(PageVersion)),
});
export type PageUpdate = typeof PageUpdate.Type;
