/**
 * PortalApiHttp: the PortalApi port over HTTP (ky). URLs come from discovery by rel; headers,
 * envelopes and error mapping are HttpClient's. Each area lives in its own file.
 *
 * The areas of the sign-in page and the pages before sign-in (discovery, auth, me, self service)
 * are built at once; the others (laterAreas.ts) are
 * imported on the first call of any of them, so that a browser's first load (the sign-in page)
 * carries neither their code nor the contract's other schemas. Each of their methods is the
 * same Effect as before, run after the module is in: a module that cannot load (the server that
 * serves it is gone) fails the call with ApiUnavailable, as a request that cannot reach it does.
 */
import { Effect, Layer } from "effect";
import { ApiUnavailable } from "@portal/core/errors";
import { PortalApi, type PortalApiShape } from "@portal/core/ports/PortalApi";
import { HttpClient, type HttpClientOptions } from "./HttpClient";
import { authApi, discoveryApi, meApi } from "./areas/session";
import { selfServiceApi } from "./areas/selfService";
import type { LaterAreas } from "./laterAreas";

/** Every area laterAreas.ts builds, by name (the type check keeps the list whole). */
const LATER_AREAS = [
  "groupTypes", "assetTypes", "groups", "translations", "auditLogs", "pages", "reports", "accessRequests", "tunnels",
  "users", "roles", "audiences", "mqttBrokers", "usage", "account", "customFields", "identity", "policyBuilders",
  "licences", "apps", "admin", "platform", "deviceRecords", "dataPoints",
] as const satisfies ReadonlyArray<keyof LaterAreas>;
type Missing = Exclude<keyof LaterAreas, (typeof LATER_AREAS)[number]>;
const listIsWhole: [Missing] extends [never] ? true : Missing = true;
void listIsWhole;

type AnyMethod = (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown>;

/** Builds the port over one HttpClient. Never throws; every method fails in its Effect. */
export function makePortalApiHttp(options: HttpClientOptions): PortalApiShape & { readonly http: HttpClient } {
  const http = new HttpClient(options);
  let loading: Promise<LaterAreas> | null = null;
  const load = Effect.tryPromise({
    try: () => (loading ??= import("./laterAreas").then((m) => m.laterAreas(http)).catch((e: unknown) => {
      loading = null; // try again on the next call (the server may be back)
      throw e;
    })),
    catch: () => new ApiUnavailable({ status: 0 }),
  }).pipe(Effect.tapError((error) => Effect.sync(() => options.onFailure?.(error))));
  // An area whose methods wait for the module, then call the real method with the same arguments.
  const lazyArea = (name: keyof LaterAreas) => new Proxy({}, {
    get: (_, method) => typeof method !== "string" ? undefined : (...args: ReadonlyArray<unknown>) =>
      Effect.flatMap(load, (areas) => ((areas[name] as unknown as Record<string, AnyMethod>)[method] as AnyMethod)(...args)),
  });
  const later = Object.fromEntries(LATER_AREAS.map((name) => [name, lazyArea(name)])) as unknown as LaterAreas;
  return { http, discovery: discoveryApi(http), auth: authApi(http), me: meApi(http), selfService: selfServiceApi(http), ...later };
}

/** The port as a Layer, for composition roots that build an Effect runtime. */
export const PortalApiHttpLayer = (options: HttpClientOptions) => Layer.succeed(PortalApi)(makePortalApiHttp(options));
