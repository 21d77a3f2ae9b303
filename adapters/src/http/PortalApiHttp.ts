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
import { Layer } from "effect";
import { PortalApi, type PortalApiShape } from "@portal/core/ports/PortalApi";
import { HttpClient, type HttpClientOptions } from "./HttpClient";
import { authApi, discoveryApi, meApi } from "./areas/session";
import { selfServiceApi } from "./areas/selfService";
import type { LaterAreas, SessionArea } from "./laterAreas";
import { lazyAreas, loadOnce, PORTAL_API_AREAS } from "./lazyAreas";

const SESSION_AREAS: ReadonlyArray<SessionArea> = ["discovery", "auth", "me", "selfService"];
/** Every area laterAreas.ts builds: all but the session's. */
const LATER_AREAS = PORTAL_API_AREAS.filter((name): name is Exclude<typeof name, SessionArea> => !SESSION_AREAS.includes(name as SessionArea));

/** Builds the port over one HttpClient. Never throws; every method fails in its Effect. */
export function makePortalApiHttp(options: HttpClientOptions): PortalApiShape & { readonly http: HttpClient } {
  const http = new HttpClient(options);
  const later = lazyAreas<LaterAreas, keyof LaterAreas>(LATER_AREAS, loadOnce(() => import("./laterAreas").then((m) => m.laterAreas(http)), options.onFailure));
  return { http, discovery: discoveryApi(http), auth: authApi(http), me: meApi(http), selfService: selfServiceApi(http), ...later };
}

/** The port as a Layer, for composition roots that build an Effect runtime. */
export const PortalApiHttpLayer = (options: HttpClientOptions) => Layer.succeed(PortalApi)(makePortalApiHttp(options));
