/**
 * Connectivity (spec.md sections 2 "/error/api-unavailable", 4 "Connectivity and API", 8): the
 * 'No connection' notice while the browser is offline, the one navigation to the
 * api-unavailable page when the API fails with status 0 or 5xx, and that page's subtitle and
 * status-page link. A pure state machine: the app feeds it events and carries out its effects.
 *
 * Decisions the spec leaves open:
 * - 504 is not "unavailable": it has its own 'Gateway Timeout error' snackbar (errorCatalogue).
 * - Status 0 while offline is the network, not the API: the 'No connection' notice covers it.
 * - "Once" lasts until the API answers again (any status below 500): a later outage navigates
 *   again, because the user has left the page in between.
 * - A failure while the person has unsaved work open (a dialog with typed values) does not
 *   navigate: leaving would lose that work. The dialog says what happened and keeps the values;
 *   a later failure without unsaved work navigates as usual.
 */
export const NO_CONNECTION = "No connection";
export const API_UNAVAILABLE_PATH = "/error/api-unavailable";
export const API_UNAVAILABLE_TITLE = "API server is unavailable";

/** The provider's cloud domain: hosts under it have a public status page. */
export const PROVIDER_CLOUD_DOMAIN = "portal-cloud.example";
export const STATUS_PAGE_URL = `https://status.${PROVIDER_CLOUD_DOMAIN}`;
export const SUBTITLE_CHECK_STATUS_PAGE = "Please check the status page to see whether there is a known problem.";
export const SUBTITLE_TRY_AGAIN = "Please try again in a few minutes.";

export interface ConnectivityState {
  readonly online: boolean;
  /** Navigated to the api-unavailable page since the API last answered. */
  readonly apiUnavailableShown: boolean;
}

export const INITIAL_CONNECTIVITY: ConnectivityState = { online: true, apiUnavailableShown: false };

export type ConnectivityEvent =
  | { readonly type: "offline" }
  | { readonly type: "online" }
  /** A call finished with this HTTP status; 0 when no answer came. */
  | { readonly type: "response"; readonly status: number; readonly unsavedWork?: boolean };

export type ConnectivityEffect = { readonly type: "navigate"; readonly path: typeof API_UNAVAILABLE_PATH };

/** Whether a status means the API is unavailable: 0 (no answer) or 5xx other than 504. */
export const isUnavailableStatus = (status: number): boolean => status === 0 || (status >= 500 && status <= 599 && status !== 504);

/**
 * The next state and the effects of an event. Guarantees: at most one navigation to
 * API_UNAVAILABLE_PATH until an answer below 500 arrives; none for 504, and none for status 0
 * while offline. Never fails.
 */
export const connectivityStep = (
  state: ConnectivityState,
  event: ConnectivityEvent,
): { readonly state: ConnectivityState; readonly effects: ReadonlyArray<ConnectivityEffect> } => {
  switch (event.type) {
    case "offline": return { state: { ...state, online: false }, effects: [] };
    case "online": return { state: { ...state, online: true }, effects: [] };
    case "response": {
      const { status } = event;
      if (status > 0 && status < 500) return { state: { ...state, apiUnavailableShown: false }, effects: [] };
      if (!isUnavailableStatus(status) || state.apiUnavailableShown || (status === 0 && !state.online)) return { state, effects: [] };
      if (event.unsavedWork === true) return { state, effects: [] };
      return { state: { ...state, apiUnavailableShown: true }, effects: [{ type: "navigate", path: API_UNAVAILABLE_PATH }] };
    }
  }
};

/** The connection notice to show: 'No connection' while offline, none when online. */
export const connectionNotice = (state: ConnectivityState): typeof NO_CONNECTION | null => (state.online ? null : NO_CONNECTION);

/** Whether `host` (a host name, optionally with a port) is the provider's cloud domain or under it. */
export const isProviderCloudHost = (host: string): boolean => {
  const name = host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  return name === PROVIDER_CLOUD_DOMAIN || name.endsWith(`.${PROVIDER_CLOUD_DOMAIN}`);
};

/** The content of the api-unavailable page card. */
export interface ApiUnavailableContent {
  readonly title: typeof API_UNAVAILABLE_TITLE;
  readonly subtitle: string;
  /** The status page, shown only on the provider's cloud hosts. */
  readonly statusPageUrl: string | null;
}

/**
 * The api-unavailable card for the host the portal runs on: on the provider's cloud domain the
 * subtitle points at the status page and the link is shown; elsewhere (a customer's own domain,
 * a local install) the subtitle says to try again and there is no link.
 */
export const apiUnavailableContent = (host: string): ApiUnavailableContent =>
  isProviderCloudHost(host)
    ? { title: API_UNAVAILABLE_TITLE, subtitle: SUBTITLE_CHECK_STATUS_PAGE, statusPageUrl: STATUS_PAGE_URL }
    : { title: API_UNAVAILABLE_TITLE, subtitle: SUBTITLE_TRY_AGAIN, statusPageUrl: null };
