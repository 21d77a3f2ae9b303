/**
 * The composition root of the web app: the only place that wires adapters to ports. Builds the
 * adapters, the RootStore (ports + navigation + environment) and the code-split router.
 */
import "@blueprintjs/core/lib/css/blueprint.css";
import "./app/app.css";
// The app banner's styles are on the first load: the boot script paints the banner before any chunk (src/boot).
import "./shell/appBanner.css";
import { Effect } from "effect";
import { useEffect, useRef } from "react";
import { createRoot } from "react-dom/client";
import { brandingHost } from "@portal/adapters/http/brandingHost";
import { lazyPortalApi } from "@portal/adapters/http/lazyAreas";
import { lazyEventStream } from "@portal/adapters/http/lazyEventStream";
import { ClockSystem } from "@portal/adapters/clock/ClockSystem";
import { makeStorageLocal } from "@portal/adapters/storage/StorageLocal";
import { lazyVpnConnector } from "@portal/adapters/vpn-connector/VpnConnectorLazy";
import { mobileOsOf } from "@portal/core/rules/mobile";
import { installIconLoader } from "./app/iconLoader";
import { loadAppBanner } from "./shell/appBannerLoad";
import { loadStartingFrame } from "./shell/StartingScreen";
import { StoreProvider } from "./app/StoreContext";
import { routes as routeTable } from "./app/routes";
import { AppHistory } from "./app/router/AppHistory";
import { AppRouter } from "./app/router/AppRouter";
import { elementRoutes, preloadMatches } from "./app/router/elementRoutes";
import { RootStore } from "./stores/RootStore";
import { AUTH_KEY } from "./stores/SessionStore";

/** Runs `run` once, after the first commit has been painted (the frame after it). */
function AfterFirstPaint({ run }: { run: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    requestAnimationFrame(() => setTimeout(run, 0));
  }, [run]);
  return null;
}

async function start(): Promise<void> {
  installIconLoader();
  const history = new AppHistory();
  const routes = elementRoutes(routeTable);
  const host = brandingHost(window.location.hostname);
  const storage = makeStorageLocal(window.localStorage, ClockSystem);
  // A stored session: what restoring it and the first call need is asked for first, ahead of the
  // page's chunks (queued behind them on the browser's six connections, the session's decoder
  // came last and every call of the start waited for it).
  const signedIn = Effect.runSync(storage.get(AUTH_KEY)) !== undefined;
  if (signedIn) void import("./stores/storedSession").catch(() => undefined);
  // The starting frame too (same chunk): the first render waits for it (below), so that React draws
  // what the boot script painted (src/boot) instead of a spinner in its place.
  const startingFrame = signedIn ? loadStartingFrame().catch(() => undefined) : undefined;
  // On a phone the app banner is on every page: its chunk (1 kB) loads beside the entry's, and the
  // first render waits for it (below), so the banner comes with the page. Rendered later, React
  // revealed it 300 ms after the page, pushing the page down; its sentence was the largest paint.
  const banner = mobileOsOf(navigator.userAgent, navigator.maxTouchPoints) !== null ? loadAppBanner().catch(() => undefined) : undefined;
  // The HTTP adapter reads the session from the store lazily: the store is built after it.
  let root: RootStore | null = null;
  const onFailure = (error: Parameters<RootStore["connectivity"]["failed"]>[0]) => root?.connectivity.failed(error);
  // The HTTP adapter (ky, the decoders, effect's Schema) loads with the first call, not with the
  // sign-in page: the form shows before it is in (issue 16, first load).
  const api = lazyPortalApi(async () => (await import("@portal/adapters/http/PortalApiHttp")).makePortalApiHttp({
    baseUrl: window.location.origin,
    brandingHost: host,
    session: {
      secret: () => root?.session.secret ?? null,
      companyId: () => root?.session.selectedCompanyId ?? null,
      deviceId: () => root?.session.browserId ?? null,
    },
    onFailure,
    onResponse: (status) => root?.connectivity.answered(status),
  }), onFailure);
  root = new RootStore({
    ports: {
      api,
      // The probes run in a worker: no console error per attempt while no client runs. The adapter
      // loads with the first probe (signed in), not with the sign-in page.
      connector: lazyVpnConnector(async () => {
        const [{ makeVpnConnectorHttp }, { workerFetch }] = await Promise.all([
          import("@portal/adapters/vpn-connector/VpnConnectorHttp"), import("./app/workerFetch"),
        ]);
        return makeVpnConnectorHttp({ baseUrl: import.meta.env.VITE_VPN_CLIENT_URL, fetch: workerFetch() });
      }),
      clock: ClockSystem,
      storage,
    },
    navigate: (path) => history.navigator.push(path),
    env: {
      hostname: window.location.hostname,
      isProduction: import.meta.env.PROD,
      webRootUrl: import.meta.env.VITE_WEB_ROOT_URL ?? null,
      platform: "web",
      userAgent: navigator.userAgent,
      maxTouchPoints: navigator.maxTouchPoints,
      openUrl: (url) => void window.open(url, "_blank", "noopener"),
    },
    brandingHost: host,
    // The app banner's store details (spec 7); the adapter loads with the banner, on phones only.
    appStoreLookup: async (id) => (await import("@portal/adapters/http/appStoreLookup")).lookUpAppStore(id, Date.now()),
    events: lazyEventStream(async () => {
      const [{ eventStreamHttp }, loaded] = await Promise.all([import("@portal/adapters/http/EventStreamHttp"), api.loaded()]);
      return eventStreamHttp(loaded.http, window.location.origin);
    }),
    appVersion: {
      running: __PORTAL_VERSION__,
      // A module that cannot load reads as an unreadable info.json: null, ignored (spec 2).
      fetchVersion: () => import("@portal/adapters/http/appInfo").then((m) => m.fetchAppVersion(window.location.origin), () => null),
      reload: () => window.location.reload(),
    },
    online: {
      isOnline: () => navigator.onLine,
      subscribe: (onChange) => {
        const on = () => onChange(true);
        const off = () => onChange(false);
        window.addEventListener("online", on);
        window.addEventListener("offline", off);
        return () => {
          window.removeEventListener("online", on);
          window.removeEventListener("offline", off);
        };
      },
    },
  });
  // A returning signed-in visitor calls the API at once: its adapter loads beside the stored
  // session's decoding instead of after the first render.
  if (signedIn) api.loaded().catch(() => undefined);
  await Promise.all([root.init(), banner, startingFrame]);
  // A stored session's first call goes out now (discovery); the gates' later calls join it.
  if (root.session.isSignedIn) void root.bootstrap.ensure();
  // The page's chunks, and the signed-in gate's (which starts the gates' calls as soon as each is
  // known, not after the render of the gate before it), are asked for once the first screen is
  // painted: asked for before, they shared the network with what that screen needs.
  const afterFirstPaint = () => {
    preloadMatches(routes, history.location);
    if (root.session.isSignedIn) void import("./shell/SignedInGate").then((m) => m.warmStart(root), () => undefined);
  };
  createRoot(document.getElementById("root")!).render(
    <StoreProvider store={root}>
      <AppRouter history={history} routes={routes} />
      <AfterFirstPaint run={afterFirstPaint} />
    </StoreProvider>,
  );
}

void start();
