/**
 * Ports whose code is imported on first use: the browser's first load (the sign-in page) then
 * carries neither the HTTP client, its decoders nor effect's Schema. Each method of a lazy area is
 * the loaded area's own Effect, run once the module is in; a module that cannot load (the server
 * that serves it is gone) fails the call with ApiUnavailable, as a request that cannot reach it does.
 * Imports nothing but effect's core and core's errors: it is on the first load.
 */
import { Effect } from "effect";
import { ApiUnavailable } from "@portal/core/errors";
import type { PortalApiShape } from "@portal/core/ports/PortalApi";
import type { HttpClient } from "./HttpClient";

/** Every area of the port, by name (the type check keeps the list whole). */
export const PORTAL_API_AREAS = [
  "discovery", "auth", "me", "selfService",
  "groupTypes", "assetTypes", "groups", "translations", "auditLogs", "pages", "reports", "accessRequests", "tunnels",
  "users", "roles", "audiences", "mqttBrokers", "usage", "account", "customFields", "identity", "policyBuilders",
  "licences", "apps", "admin", "platform", "deviceRecords", "dataPoints",
] as const satisfies ReadonlyArray<keyof PortalApiShape>;
type Missing = Exclude<keyof PortalApiShape, (typeof PORTAL_API_AREAS)[number]>;
const listIsWhole: [Missing] extends [never] ? true : Missing = true;
void listIsWhole;

type AnyMethod = (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown>;

/**
 * An Effect that imports once with `load` (again after a failed load) and fails with
 * ApiUnavailable, told to `onFailure`, when the module cannot load.
 */
export function loadOnce<T>(load: () => Promise<T>, onFailure?: (error: ApiUnavailable) => void): Effect.Effect<T, ApiUnavailable> {
  let loading: Promise<T> | null = null;
  return Effect.tryPromise({
    try: () => (loading ??= load().catch((e: unknown) => {
      loading = null; // try again on the next call (the server may be back)
      throw e;
    })),
    catch: () => new ApiUnavailable({ status: 0 }),
  }).pipe(Effect.tapError((error) => Effect.sync(() => onFailure?.(error))));
}

/** The areas `names` of a port that `load` yields, each method waiting for it. */
export function lazyAreas<Api extends object, Name extends keyof Api & string>(names: ReadonlyArray<Name>, load: Effect.Effect<Api, ApiUnavailable>): Pick<Api, Name> {
  const area = (name: Name) => new Proxy({}, {
    get: (_, method) => typeof method !== "string" ? undefined : (...args: ReadonlyArray<unknown>) =>
      Effect.flatMap(load, (api) => ((api[name] as unknown as Record<string, AnyMethod>)[method] as AnyMethod)(...args)),
  });
  return Object.fromEntries(names.map((name) => [name, area(name)])) as unknown as Pick<Api, Name>;
}

/** The loaded port and its HTTP client (the event stream shares its discovery and session). */
export type LoadedPortalApi = PortalApiShape & { readonly http: HttpClient };

/**
 * The whole PortalApi port over a port imported on the first call of any method (`load`, e.g. a
 * dynamic import of PortalApiHttp). `loaded()` gives the real one, loading it if need be.
 */
export function lazyPortalApi(load: () => Promise<LoadedPortalApi>, onFailure?: (error: ApiUnavailable) => void): PortalApiShape & { readonly loaded: () => Promise<LoadedPortalApi> } {
  let loading: Promise<LoadedPortalApi> | null = null;
  const loaded = () => (loading ??= load().catch((e: unknown) => {
    loading = null;
    throw e;
  }));
  return { ...lazyAreas<PortalApiShape, keyof PortalApiShape>(PORTAL_API_AREAS, loadOnce(loaded, onFailure)), loaded };
}
