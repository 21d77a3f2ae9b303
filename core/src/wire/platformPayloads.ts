/**
 * The bodies of the platform and template calls (issue 13): platform servers (administrators),
 * router screensaver uploads, backend component templates, their shares, configs and message
 * subscriptions. Texts a rule judges further are RuleText (the rule answers REQUIRED and its own
 * keys); the schemas bound every text so that the OpenAPI document shows the bounds.
 */
import { Schema } from "effect";
import { TEMPLATE_DESCRIPTION_MAX, TOPIC_FILTER_MAX } from "../rules/backendTemplates";
import { PublicIdText, RuleText } from "./bounds";
import { ImageUpload } from "./identityPayloads";
import { NAME_WIRE_MAX_LENGTH } from "./payloads";

const Ref = Schema.Struct({ publicId: PublicIdText });
const name = Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH));

/** A platform server a platform administrator assigns to a company. */
export const AdminPlatformServerBody = Schema.Struct({
  company: Schema.optional(Schema.NullOr(Ref)),
  name,
  location: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  type: Schema.optional(RuleText(16)),
  vpnRange: Schema.optional(RuleText(64)),
});

/**
 * A change to an assigned server (bulk PATCH: each item names its publicId). A field left out
 * keeps its value; the server judges the whole server after the change (checkPlatformServer).
 */
export const AdminPlatformServerPatchBody = Schema.Struct({
  publicId: Schema.optional(PublicIdText),
  ...AdminPlatformServerBody.fields,
});

/** A screensaver upload: the file's name and the image as base64. */
export const ScreensaverUploadBody = Schema.Struct({
  name,
  image: Schema.optional(Schema.NullOr(ImageUpload.fields.base64)),
});

/** Create or change a template (a field left out of a PATCH keeps its value). */
export const BackendTemplateBody = Schema.Struct({
  name,
  description: Schema.optional(RuleText(TEMPLATE_DESCRIPTION_MAX)),
});

/** Share a template with another company (named by its publicId). */
export const TemplateShareBody = Schema.Struct({
  company: Schema.optional(Schema.NullOr(Ref)),
  template: Schema.optional(Schema.NullOr(Ref)),
});

/** A template's config: a JSON object (its size is the rule's). */
export const TemplateConfigBody = Schema.Struct({
  template: Schema.optional(Schema.NullOr(Ref)),
  config: Schema.optional(Schema.Unknown),
});

/** Subscribe a template to the company's messages on a topic filter. */
export const MessageSubscriptionBody = Schema.Struct({
  template: Schema.optional(Schema.NullOr(Ref)),
  topic: Schema.optional(RuleText(TOPIC_FILTER_MAX * 4)),
});
