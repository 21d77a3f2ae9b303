import type { Effect } from "effect";
import type { BackendTemplate, MessageSubscription, TemplateConfig, TemplateShare } from "../../domain/BackendTemplate";
import type { PlatformServer, RouterScreensaver } from "../../domain/Platform";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** A file the API answered (a screensaver image, a runner log). */
export interface DownloadedFile {
  readonly fileName: string;
  readonly file: Blob;
}

/**
 * Platform servers, router screensavers and backend component templates of the selected company
 * (issue 13; rules/platformServers.ts, rules/screensavers.ts, rules/backendTemplates.ts say what
 * is valid). A template shared with the company is read-only: writes answer Conflict TEMPLATE_READ_ONLY.
 */
export interface PlatformApi {
  /** A page of the company's platform servers (spec 7: type in mdr, rsc). Fails with a CallError. */
  readonly platformServers: (request?: ListRequest) => Effect.Effect<ListPage<PlatformServer>, CallError>;
  /** A page of the company's screensavers, oldest first. */
  readonly screensavers: (request?: ListRequest) => Effect.Effect<ListPage<RouterScreensaver>, CallError>;
  /** Uploads an image (base64). Fails with InvalidInput, ApiFailure 413/415 (IMAGE_* keys), Conflict TOO_MANY_SCREENSAVERS or a CallError. */
  readonly uploadScreensaver: (upload: { readonly name: string; readonly image: string }) => Effect.Effect<RouterScreensaver, CallError | Conflict>;
  /** The PNG of one screensaver. Fails with NotFound or a CallError. */
  readonly screensaverImage: (publicId: string) => Effect.Effect<DownloadedFile, CallError | NotFound>;
  readonly removeScreensaver: (publicId: string) => Effect.Effect<void, CallError | NotFound>;

  /** The templates the company sees: its own and those shared with it. */
  readonly templates: (request?: ListRequest) => Effect.Effect<ListPage<BackendTemplate>, CallError>;
  /** Creates one. Fails with InvalidInput, Conflict 'Your company is not fully provisioned' or a CallError. */
  readonly addTemplate: (draft: { readonly name: string; readonly description: string }) => Effect.Effect<Created, CallError | Conflict>;
  readonly updateTemplate: (publicId: string, draft: { readonly name?: string; readonly description?: string }) => Effect.Effect<BackendTemplate, CallError | NotFound | Conflict>;
  readonly removeTemplate: (publicId: string) => Effect.Effect<void, CallError | NotFound | Conflict>;
  /** The log of the company's runner of the template (cloud-function.log). */
  readonly templateLogs: (publicId: string) => Effect.Effect<DownloadedFile, CallError | NotFound>;

  /** The shares of the company's templates (of one template when given). */
  readonly shares: (templatePublicId?: string) => Effect.Effect<ReadonlyArray<TemplateShare>, CallError>;
  /** Shares a template with a company (its publicId). Fails with NotFound, InvalidInput SHARE_WITH_OWN_COMPANY, Conflict TEMPLATE_ALREADY_SHARED. */
  readonly addShare: (templatePublicId: string, companyPublicId: string) => Effect.Effect<Created, CallError | NotFound | Conflict>;
  readonly removeShare: (publicId: string) => Effect.Effect<void, CallError | NotFound>;

  /** The config the template uses: the first of its configs (spec 7), or null without one. */
  readonly templateConfig: (templatePublicId: string) => Effect.Effect<TemplateConfig | null, CallError>;
  /** Adds a config (the template's first one if it has none). Fails with InvalidInput TEMPLATE_CONFIG_* or Conflict TEMPLATE_READ_ONLY. */
  readonly addConfig: (templatePublicId: string, config: Record<string, unknown>) => Effect.Effect<Created, CallError | NotFound | Conflict>;
  readonly updateConfig: (publicId: string, config: Record<string, unknown>) => Effect.Effect<TemplateConfig, CallError | NotFound | Conflict>;

  /** The company's message subscriptions (of one template when given). */
  readonly subscriptions: (templatePublicId?: string) => Effect.Effect<ReadonlyArray<MessageSubscription>, CallError>;
  /** Subscribes a template the company sees to a topic filter. Fails with InvalidInput TOPIC_FILTER_INVALID, NotFound or a CallError. */
  readonly addSubscription: (templatePublicId: string, topic: string) => Effect.Effect<Created, CallError | NotFound>;
  readonly removeSubscription: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
}
