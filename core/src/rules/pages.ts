/**
 * Page version rules (spec.md section 4, "Pages"): ensure a draft, discard it, publish it,
 * duplicate a published page. Pure: every new version id comes from the passed-in generator, and
 * each operation returns the resulting state plus the versions it created or deleted, so that
 * the server can write exactly those rows.
 */
import { Result } from "effect";
import { DEFAULT_PAGE_PERIOD } from "../constants";
import type { PageVersion } from "../domain/Page";
import { NoPublishedPage, PageHasNoDraft } from "../errors";

/** The version state of one page. */
export interface PageState {
  readonly publicId: string;
  readonly draft: PageVersion | null;
  readonly published: PageVersion | null;
}

/** Makes a fresh, unused publicId (of a version or, for duplicate, of a page). */
export type NewId = () => string;

/** What an empty draft starts with: the given title and optional icon (custom.glbMatIcon). */
export interface DraftDefaults {
  readonly title: string;
  readonly icon?: string | null;
}

/** An empty version: the defaults, period DEFAULT_PAGE_PERIOD, no components, no previews. */
export const emptyVersion = (publicId: string, defaults: DraftDefaults): PageVersion => ({
  publicId,
  title: defaults.title,
  custom: defaults.icon ? { glbMatIcon: defaults.icon } : {},
  periodSpec: DEFAULT_PAGE_PERIOD,
  components: [],
  pagePages: [],
  previewAgent: null,
  previewAsset: null,
});

/** A copy of a version under a new id; deep, so that editing the copy never touches the original. */
export const copyVersion = (version: PageVersion, publicId: string): PageVersion => ({
  ...structuredClone(version),
  publicId,
});

/**
 * Gives the page a draft: the existing draft if there is one (nothing created); else a copy of
 * the published version; else an empty draft with the given title, optional icon and period
 * DEFAULT_PAGE_PERIOD. Guarantees `page.draft` is not null afterwards; `created` is the new
 * draft or null. Never fails.
 */
export const ensureDraft = (
  page: PageState,
  defaults: DraftDefaults,
  newId: NewId,
): { page: PageState; created: PageVersion | null } => {
  if (page.draft) return { page, created: null };
  const created = page.published ? copyVersion(page.published, newId()) : emptyVersion(newId(), defaults);
  return { page: { ...page, draft: created }, created };
};

/**
 * Throws the draft away and ensures a draft again (a copy of the published version, or an empty
 * draft with the discarded draft's title and icon when nothing is published). Returns the new
 * state, the deleted draft and the created one. Errors: PageHasNoDraft ("Page has no draft
 * version") when the page has no draft.
 */
export const discardDraft = (
  page: PageState,
  newId: NewId,
): Result.Result<{ page: PageState; deleted: PageVersion; created: PageVersion }, PageHasNoDraft> => {
  const draft = page.draft;
  if (!draft) return Result.fail(new PageHasNoDraft({ pagePublicId: page.publicId }));
  const defaults = { title: draft.title, icon: draft.custom.glbMatIcon ?? null };
  const ensured = ensureDraft({ ...page, draft: null }, defaults, newId);
  return Result.succeed({ page: ensured.page, deleted: draft, created: ensured.created as PageVersion });
};

/**
 * Publishes the draft: it becomes the published version (same id), the old published version is
 * deleted, and a new draft (a copy of the new published version) is ensured. Guarantees both
 * versions exist afterwards and the old published id is gone. Returns the new state, the deleted
 * old published version (or null) and the created draft. Errors: PageHasNoDraft ("Page has no
 * draft version") when the page has no draft.
 */
export const publish = (
  page: PageState,
  newId: NewId,
): Result.Result<{ page: PageState; deleted: PageVersion | null; created: PageVersion }, PageHasNoDraft> => {
  const draft = page.draft;
  if (!draft) return Result.fail(new PageHasNoDraft({ pagePublicId: page.publicId }));
  const created = copyVersion(draft, newId());
  return Result.succeed({ page: { ...page, published: draft, draft: created }, deleted: page.published, created });
};

/** Whether the page can be duplicated: only when it has a published version. */
export const canDuplicate = (page: PageState): boolean => page.published !== null;

/**
 * A new page copying the published version of `page` (components, pagePages, previewAgent,
 * previewAsset and the rest) under new ids, with a draft ensured as a copy of it; the source
 * page is not changed. Errors: NoPublishedPage ("No published page", shown as 'Cannot duplicate
 * a non-published page') when the page has no published version.
 */
export const duplicate = (page: PageState, newId: NewId): Result.Result<PageState, NoPublishedPage> => {
  if (!page.published) return Result.fail(new NoPublishedPage({ pagePublicId: page.publicId }));
  const publicId = newId();
  const published = copyVersion(page.published, newId());
  return Result.succeed({ publicId, published, draft: copyVersion(published, newId()) });
};
