/**
 * Platform servers and router screensavers (issue 13; spec 3 and 7).
 *
 * A platform server is one of the provider's machines assigned to a company: an "rsc" server
 * (remote service connector: it terminates the company's VPN tunnels) or an "mdr" server (it runs
 * the company's backend component templates; see rules/backendTemplates.ts). Platform
 * administrators assign them; every member of the company reads them.
 *
 * A router screensaver is an image the company's routers show while idle: a PNG the server made
 * itself from the upload (rules/screensavers.ts), fetched by id as a file.
 */
import { Schema } from "effect";

export const PLATFORM_SERVER_TYPES = ["mdr", "rsc"] as const;
export const PlatformServerType = Schema.Literals(PLATFORM_SERVER_TYPES);
export type PlatformServerType = typeof PlatformServerType.Type;

/** A platform server as the company sees it (spec 7: fields location, name, type, vpnRange). */
export const PlatformServer = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  location: Schema.String,
  type: PlatformServerType,
  /** The VPN address range the server hands out, as CIDR (e.g. 10.8.0.0/16). */
  vpnRange: Schema.String,
});
export type PlatformServer = typeof PlatformServer.Type;

/** A platform server as a platform administrator sees it: with the company it serves. */
export const AdminPlatformServer = Schema.Struct({
  ...PlatformServer.fields,
  company: Schema.Struct({ publicId: Schema.String, name: Schema.String }),
});
export type AdminPlatformServer = typeof AdminPlatformServer.Type;

/** A router screensaver: the image itself is fetched by id (RouterScreensaver GET, image/png). */
export const RouterScreensaver = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  width: Schema.Number,
  height: Schema.Number,
  /** Size of the stored PNG in bytes. */
  bytes: Schema.Number,
  /** UTC ISO instant of the upload. */
  createdOn: Schema.String,
});
export type RouterScreensaver = typeof RouterScreensaver.Type;
