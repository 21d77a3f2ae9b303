/**
 * Apps (spec.md sections 3 and 7): a catalogue of the platform's apps, each with a JSON Schema of
 * its configuration; a company installs and uninstalls them and edits the configuration of an
 * installed one. The configuration is validated against the app's schema by the server (ajv)
 * and by the web form generated from the same schema.
 */
import { Schema } from "effect";

/** A JSON object (an app's configuration, or a JSON Schema). */
export const JsonObject = Schema.Record(Schema.String, Schema.Unknown);
export type JsonObject = typeof JsonObject.Type;

/** An app of the catalogue as a company sees it: installed or not, and its configuration when installed. */
export const App = Schema.Struct({
  publicId: Schema.String,
  key: Schema.String,
  name: Schema.String,
  description: Schema.String,
  configSchema: JsonObject,
  installed: Schema.Boolean,
  config: Schema.NullOr(JsonObject),
  installedOn: Schema.NullOr(Schema.String),
});
export type App = typeof App.Type;

/** GET app install: the app's name and publicId (spec section 7), and whether it is installed. */
export const AppInstall = Schema.Struct({ publicId: Schema.String, name: Schema.String, installed: Schema.Boolean });
export type AppInstall = typeof AppInstall.Type;

/**
 * PATCH app config: the new configuration. Optional in the schema so that an unknown app is a 404
 * before the body is judged; a missing or wrong `data` is refused by the app's JSON Schema (400 on "data").
 */
export const AppConfigBody = Schema.Struct({ data: Schema.optional(Schema.Unknown) });
export type AppConfigBody = typeof AppConfigBody.Type;
