import type { Effect } from "effect";
import type { Page, PageCreate, PageVersion } from "../../domain/Page";
import type { NoPublishedPage, NotFound, PageHasNoDraft, Conflict } from "../../errors";
import type { PageFile } from "../../rules/pageFile";
import type { PagePatchBody } from "../../wire/pagePayloads";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** Pages (report templates, dashboard pages) and their versions (rules/pages.ts). */
export interface PagesApi {
  /** A page of pages. Fails with a CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<Page>, CallError>;
  /** The published pages a device shows (ask page-size PAGE_LIST_PER_DEVICE_PAGE_SIZE). Fails with NotFound or a CallError. */
  readonly listForAgent: (agentPublicId: string, request?: ListRequest) => Effect.Effect<ListPage<Page>, CallError | NotFound>;
  /** The published pages an asset shows. Fails with NotFound or a CallError. */
  readonly listForAsset: (assetPublicId: string, request?: ListRequest) => Effect.Effect<ListPage<Page>, CallError | NotFound>;
  /** One page with the given `fields`. Fails with NotFound or a CallError. */
  readonly get: (publicId: string, fields?: string) => Effect.Effect<Page, CallError | NotFound>;
  /** Creates a page with an empty draft (title, optional kind and icon, period 'today'). Fails with InvalidInput or a CallError. */
  readonly create: (input: PageCreate) => Effect.Effect<Created, CallError>;
  /**
   * Replaces the content of its draft and/or published version (each named by its publicId) and
   * answers the page. Fails with NotFound, PageHasNoDraft, NoPublishedPage, Conflict (a stale
   * version id), InvalidInput or a CallError.
   */
  readonly update: (publicId: string, patch: PagePatchBody) => Effect.Effect<Page, CallError | NotFound | Conflict | PageHasNoDraft | NoPublishedPage>;
  /** Deletes a page with its versions. Fails with NotFound or a CallError. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
  /**
   * Ensures a draft (POST draft, then GET the page version) and answers it: the existing draft,
   * else a copy of the published version, else an empty one. Fails with NotFound or a CallError.
   */
  readonly ensureDraft: (publicId: string) => Effect.Effect<PageVersion, CallError | NotFound>;
  /** Publishes the draft; a new draft is ensured. Fails with PageHasNoDraft, NotFound or a CallError. */
  readonly publish: (publicId: string) => Effect.Effect<Page, CallError | NotFound | PageHasNoDraft>;
  /** Discards the draft; a draft is ensured again. Fails with PageHasNoDraft, NotFound or a CallError. */
  readonly discard: (publicId: string) => Effect.Effect<Page, CallError | NotFound | PageHasNoDraft>;
  /**
   * Duplicates a published page (published with components, pagePages, previewAgent,
   * previewAsset). Fails with NoPublishedPage, NotFound or a CallError.
   */
  readonly duplicate: (publicId: string) => Effect.Effect<Page, CallError | NotFound | NoPublishedPage>;
  /** Makes this the company's default page of its kind (POST, empty body). Fails with NotFound or a CallError. */
  readonly setDefault: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
  /** The page's export file (rules/pageFile.ts). Fails with NotFound or a CallError. */
  readonly exportFile: (publicId: string) => Effect.Effect<PageFile, CallError | NotFound>;
  /** Imports an export file as a new published page; a bad file fails with InvalidInput (the reason, propertyName "file"). */
  readonly importFile: (text: string) => Effect.Effect<Created, CallError>;
}
