/**
 * Backend component templates (issue 13; spec 3 and 7): code-less "cloud functions" a company
 * defines once and runs on its mdr platform server. Each template runs as one runner deployment
 * per (company, template) (rules/backendTemplates.ts runnerDeployment): the owner's, and one for
 * every company the template is shared with that subscribes it to its messages. A runner writes
 * log lines; a company downloads the lines of its own runner as cloud-function.log.
 *
 * - Template share: the owner lets another company use a template (read-only for that company).
 * - Template config: a JSON object per template; the first of a template's configs is the one used.
 * - Message subscription: a company's MQTT topic filter whose messages reach a template's runner.
 */
import { Schema } from "effect";

const Ref = Schema.Struct({ publicId: Schema.String, name: Schema.String });

export const BackendTemplate = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  description: Schema.String,
  /** The company that owns (and alone edits) the template. */
  company: Ref,
  /** True when another company owns it and shared it with the selected company: read-only here. */
  shared: Schema.Boolean,
  /** The runner deployment of the selected company for this template. */
  runner: Schema.String,
  /** UTC ISO instant. */
  createdOn: Schema.String,
});
export type BackendTemplate = typeof BackendTemplate.Type;

export const TemplateShare = Schema.Struct({
  publicId: Schema.String,
  /** The company the template is shared with. */
  company: Ref,
  template: Ref,
});
export type TemplateShare = typeof TemplateShare.Type;

export const TemplateConfig = Schema.Struct({
  publicId: Schema.String,
  template: Schema.Struct({ publicId: Schema.String }),
  config: Schema.Record(Schema.String, Schema.Unknown),
});
export type TemplateConfig = typeof TemplateConfig.Type;

export const MessageSubscription = Schema.Struct({
  publicId: Schema.String,
  /** The company whose messages are delivered (always the selected company). */
  company: Schema.Struct({ publicId: Schema.String }),
  template: Ref,
  /** An MQTT topic filter (`+` one level, `#` the rest) over the company's broker messages. */
  topic: Schema.String,
});
export type MessageSubscription = typeof MessageSubscription.Type;
