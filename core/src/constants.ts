/**
 * Business constants and limits of spec.md section 9, each defined once.
 * Durations are in milliseconds unless the name says otherwise.
 */

/** Maximum length of a group type or asset type name. */
export const NAME_MAX_LENGTH = 255;
/** Gap between consecutive `order` values of group types and asset types. */
export const ORDER_STEP = 1000;

/** Page size used for page lists per agent or asset. */
export const PAGE_LIST_PER_DEVICE_PAGE_SIZE = 4000;
/** Default `periodSpec` of a new page. */
export const DEFAULT_PAGE_PERIOD = "today";

/** API paging (api.md): default and maximum `page-size`. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 4000;

/** Snackbar durations. */
export const SNACKBAR_SHORT_MS = 3000;
export const SNACKBAR_LONG_MS = 4000;
export const SNACKBAR_VPN_ERROR_MS = 5000;
export const SNACKBAR_INSTALL_FOUND_MS = 3000;

/** Reminders: minutes before access expiry at which the user is reminded. */
export const REMINDER_MINUTES_BEFORE_EXPIRY = [10, 2] as const;
/** Reminders are evaluated by a timer with this period. */
export const REMINDER_TIMER_MS = 60_000;
export const REMINDER_SNACKBAR_WIDTH_PX = 385;
/** Layouts at least this wide show the reminder snackbar; narrower ones show a bell. */
export const WIDE_LAYOUT_MIN_PX = 960;
export const TOOLTIP_DELAY_MS = 1500;

/** Access duration options, in order; the first is the default. */
export const ACCESS_DURATION_OPTIONS = [
  { format: "minutes", value: 30 },
  { format: "minutes", value: 60 },
  { format: "minutes", value: 90 },
  { format: "hours", value: 2 },
  { format: "hours", value: 3 },
  { format: "hours", value: 4 },
  { format: "hours", value: 5 },
  { format: "hours", value: 6 },
  { format: "hours", value: 7 },
  { format: "hours", value: 8 },
] as const;
/** Step of the access-request time picker, in minutes. */
export const TIME_PICKER_STEP_MINUTES = 5;

/** Rate limiting: soft limits up to this many attempts are shown in seconds, more in minutes. */
export const RATE_LIMIT_SOFT_THRESHOLD = 10;

/** Interval of the web app's update check (info.json). */
export const UPDATE_CHECK_INTERVAL_MS = 9_000_000;

/** Access token lifetimes, in seconds. */
export const JUMP_START_TOKEN_SECONDS = 2_592_000;
export const JUMP_LINK_TOKEN_SECONDS = 60;
export const ACCESS_TOKEN_MIN_SECONDS = 60;
export const ACCESS_TOKEN_MAX_SECONDS = 5_184_000;

/** Expiry warning: starts this many days before expiry, then daily (at end of day). */
export const EXPIRY_WARNING_DAYS = 30;

/** A connect attempt asks the user to log out when the stored auth expires within this window. */
export const VPN_EXPIRY_WINDOW_MS = 8 * 60 * 60 * 1000;

/** Local VPN client connector. */
export const VPN_CLIENT_DEFAULT_BASE_URL = "http://127.0.0.1:9250";
export const CONNECTOR_RETRY_INTERVAL_MS = 2500;
export const CONNECTOR_MAX_ATTEMPTS = 1440;
/** Step status codes at or above this value are errors; below are progress. */
export const VPN_STEP_ERROR_MIN_CODE = 10;
/** The VPN status bar hides this long after the session becomes idle. */
export const VPN_STATUS_BAR_HIDE_DELAY_MS = 1000;

/** VPN client release feed: cache size and cache-bust period. */
export const RELEASE_FEED_CACHE_SIZE = 1;
export const RELEASE_FEED_CACHE_BUST_MS = 60 * 60 * 1000;

/** Mobile app banner heights. */
export const APP_BANNER_STORE_HEIGHT_PX = 80;
export const APP_BANNER_GENERIC_HEIGHT_PX = 50;

/** Force-protocol preference. */
export const FORCE_PROTOCOLS = ["tcp", "tcp4", "tcp6"] as const;
export const DEFAULT_FORCE_PROTOCOL = "tcp";

/** VPN client platforms, detected from the user agent. */
export const SUPPORTED_VPN_PLATFORMS = ["windows", "mac", "linux"] as const;
/** The placeholder for the version inside a VPN client release's downloadUrl (spec 3, release feed). */
export const RELEASE_VERSION_PLACEHOLDER = "{version}";

/** Favicon cache-busting priority default. */
export const FAVICON_PRIORITY_DEFAULT = 1;

/** Developer tools keep this many states outside production. */
export const DEVTOOLS_MAX_STATES = 50;

/** Help center: shown as failed when not loaded after this long. */
export const HELP_CENTER_LOAD_TIMEOUT_MS = 3000;

/** Error reporting: session replay length limit. */
export const SESSION_REPLAY_MAX_MS = 120_000;

/** API header values (api.md). */
export const API_VERSION = "2";

/** Sign-in lockout (server issue): password checks per account per window, and the window and lock length (rules/attemptLimits). */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_LOCKOUT_MS = 15 * 60 * 1000;

/**
 * Most items one bulk call (POST, PATCH or DELETE of a list) may carry: a 10,000-key translation
 * upsert fits, and the work of one call stays around a second (server/bench/RESULTS.md).
 */
export const BULK_MAX_ITEMS = 10_000;
/** Largest page of a list answer, in characters of its JSON items; a page ends early rather than grow past it. */
export const LIST_PAGE_MAX_CHARS = 512 * 1024;

/** A VPN ticket is valid for this long after it is issued, and only once (issue 10). */
export const VPN_TICKET_TTL_MS = 60_000;
/** Bytes a tunnel stream may have in flight per direction before the reader grants more. */
export const TUNNEL_STREAM_WINDOW_BYTES = 256 * 1024;
/** Largest DATA frame payload a tunnel sends; bigger writes are split. */
export const TUNNEL_MAX_FRAME_BYTES = 64 * 1024;
/** Largest device document, in bytes (10 MiB): manuals and certificates, not firmware images (rules/deviceDocuments). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Most documents one device keeps; an upload beyond answers 409 DOCUMENT_LIMIT_REACHED. */
export const DOCUMENTS_PER_DEVICE_MAX = 100;
/** Most recipients one mail form may have (rules/mailForm). */
export const MAIL_FORM_MAX_RECIPIENTS = 10;
