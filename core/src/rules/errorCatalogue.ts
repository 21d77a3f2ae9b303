/**
 * The error catalogue of spec.md section 8 as ONE table: each situation, how it is shown, its
 * text and how long a snackbar stays. Apps look situations up from a tagged error and the
 * operation that failed (noticeForError); nothing else decides texts or durations.
 *
 * Decisions the spec leaves open:
 * - An asset type that cannot be deleted is shown like a group type: first server message, 3 s.
 * - 'Page has no draft version' (publish/discard) is shown for 4 s, like the other page actions.
 * - A failure the table does not name shows its first server message for 4 s (SNACKBAR_LONG_MS).
 */
import { SNACKBAR_LONG_MS, SNACKBAR_SHORT_MS, SNACKBAR_VPN_ERROR_MS } from "../constants";
import {
  CannotDeleteAssetType, CannotDeleteGroupType, GatewayTimeout, NameAlreadyInUse, NoAgentReference,
  PageHasNoDraft, VpnClientUnreachable, type ValidationIssue,
} from "../errors";
import type { PortalError } from "../wire/errorStatus";
import { CONNECTION_FAILED, DECISION_NOTICE_KEYS, INVALID_DATE_AND_TIME, REQUIRED, UNABLE_TO_REQUEST_ACCESS } from "./noticeTexts";
import { API_UNAVAILABLE_PATH, NO_CONNECTION } from "./connectivity";
import { NOT_ALLOWED_PATH } from "./rights";

/** How a situation is shown. */
export type Presentation = "snackbar" | "banner" | "dialog" | "navigate" | "form" | "silent" | "failure";

/** Where the text comes from: the table, the first server message, or the server's message as given. */
export type TextSource = "fixed" | "first-server-message" | "joined-step-errors";

export interface CatalogueEntry {
  readonly presentation: Presentation;
  readonly source: TextSource;
  /** The fixed text (or, for server texts, the server message that selects this entry). */
  readonly text: string;
  /** Snackbar time-out in ms; null for 'never times out' and for what is not a snackbar. */
  readonly durationMs: number | null;
  readonly action?: "Retry" | "OK" | "Log out";
  /** The page a "navigate" entry goes to. */
  readonly path?: string;
}

/** The server message that marks an audience still used by a role. */
export const AUDIENCE_IN_USE_SERVER_MESSAGE = "Audience is still in use";
/** The server message of a template creation in a company that is not fully provisioned. */
export const NOT_PROVISIONED_SERVER_MESSAGE = "Your company is not fully provisioned";
/** File name of a downloaded template log. */
export const LOG_FILE_NAME = "cloud-function.log";

const snackbar = (text: string, durationMs: number | null, source: TextSource = "fixed", action?: "Retry"): CatalogueEntry =>
  ({ presentation: "snackbar", source, text, durationMs, ...(action ? { action } : {}) });

/** Spec.md section 8, one row per situation. */
export const ERROR_CATALOGUE = {
  audienceStillInUse: snackbar("access category is still in use", SNACKBAR_LONG_MS),
  audienceOther: snackbar("", SNACKBAR_LONG_MS, "first-server-message"),
  companyNotProvisioned: snackbar("Your company is not fully provisioned", SNACKBAR_SHORT_MS),
  groupTypeRemovalFailed: snackbar("", SNACKBAR_SHORT_MS, "first-server-message"),
  assetTypeRemovalFailed: snackbar("", SNACKBAR_SHORT_MS, "first-server-message"),
  logDownloadFailed: snackbar("download failed", SNACKBAR_SHORT_MS),
  setDefaultFailed: snackbar("", SNACKBAR_LONG_MS, "first-server-message"),
  membershipFailed: snackbar("", SNACKBAR_SHORT_MS, "first-server-message"),
  duplicateNotPublished: snackbar("Cannot duplicate a non-published page", SNACKBAR_LONG_MS),
  pageHasNoDraft: snackbar(new PageHasNoDraft({ pagePublicId: "" }).message, SNACKBAR_LONG_MS),
  gatewayTimeout: snackbar(new GatewayTimeout().message, SNACKBAR_LONG_MS),
  apiUnavailable: { presentation: "navigate", source: "fixed", text: "", durationMs: null, path: API_UNAVAILABLE_PATH },
  offline: { presentation: "banner", source: "fixed", text: NO_CONNECTION, durationMs: null },
  passwordChanged: snackbar("PASSWORD_CHANGED", SNACKBAR_SHORT_MS),
  approverApproved: snackbar(DECISION_NOTICE_KEYS.approved, SNACKBAR_LONG_MS),
  approverRejected: snackbar(DECISION_NOTICE_KEYS.rejected, SNACKBAR_LONG_MS),
  approverRevoked: snackbar(DECISION_NOTICE_KEYS.revoked, SNACKBAR_LONG_MS),
  noAgentReference: { presentation: "failure", source: "fixed", text: new NoAgentReference().message, durationMs: null },
  routeNotAllowed: { presentation: "navigate", source: "fixed", text: "", durationMs: null, path: NOT_ALLOWED_PATH },
  nameAlreadyInUse: { presentation: "form", source: "fixed", text: new NameAlreadyInUse({ name: "" }).message, durationMs: null },
  cannotDeleteGroupType: snackbar(new CannotDeleteGroupType({ publicId: "", reason: "last" }).message, SNACKBAR_SHORT_MS),
  cannotDeleteAssetType: snackbar(new CannotDeleteAssetType({ publicId: "", reason: "last" }).message, SNACKBAR_SHORT_MS),
  translationBatch: { presentation: "form", source: "first-server-message", text: "", durationMs: null },
  noApprovers: { presentation: "dialog", source: "fixed", text: UNABLE_TO_REQUEST_ACCESS, durationMs: null, action: "OK" },
  connectionFailed: snackbar(CONNECTION_FAILED, SNACKBAR_VPN_ERROR_MS),
  vpnClientUnreachable: snackbar(new VpnClientUnreachable({}).message, null, "fixed", "Retry"),
  vpnStepErrors: snackbar("", SNACKBAR_VPN_ERROR_MS, "joined-step-errors"),
  vpnAccessExpiring: {
    presentation: "dialog", source: "fixed", durationMs: null, action: "Log out",
    text: "Your access expires soon. Log out and log in again to connect.",
  },
  helpCenterFailed: snackbar("Unable to load help center", SNACKBAR_SHORT_MS),
  formRequired: { presentation: "form", source: "fixed", text: REQUIRED, durationMs: null },
  formInvalidDate: { presentation: "form", source: "fixed", text: INVALID_DATE_AND_TIME, durationMs: null },
  releaseInfoFailed: { presentation: "silent", source: "fixed", text: "", durationMs: null },
  other: snackbar("", SNACKBAR_LONG_MS, "first-server-message"),
} as const satisfies Readonly<Record<string, CatalogueEntry>>;
export type Situation = keyof typeof ERROR_CATALOGUE;

/** The operation that failed, where the table depends on it. "other" for the rest. */
export type Operation =
  | "audience.remove" | "template.create" | "groupType.remove" | "assetType.remove" | "templateLogs.download"
  | "page.setDefault" | "page.duplicate" | "membership.edit" | "translations.batch" | "other";

/** Errors a notice can be asked for: the wire errors and the VPN client's. */
export type NoticeError = PortalError | VpnClientUnreachable;

const issuesOf = (error: NoticeError): ReadonlyArray<ValidationIssue> =>
  "issues" in error ? error.issues : [];

/** The first message the server sent for this error, else the error's own message. */
export const firstServerMessage = (error: NoticeError): string => issuesOf(error)[0]?.message ?? error.message;

/**
 * The situation of a failed operation. Error kinds that mean the same everywhere come first
 * (504, API down, VPN client, page states, missing agent), then the operation's own row, then
 * name clashes and batch input errors; anything else is "other". Never fails.
 */
export const situationOf = (error: NoticeError, operation: Operation = "other"): Situation => {
  switch (error._tag) {
    case "GatewayTimeout": return "gatewayTimeout";
    case "ApiUnavailable": return "apiUnavailable";
    case "VpnClientUnreachable": return "vpnClientUnreachable";
    case "NoAgentReference": return "noAgentReference";
    case "NoPublishedPage": return "duplicateNotPublished";
    case "PageHasNoDraft": return "pageHasNoDraft";
  }
  const messages = issuesOf(error).map((i) => i.message);
  switch (operation) {
    case "audience.remove": return messages.includes(AUDIENCE_IN_USE_SERVER_MESSAGE) ? "audienceStillInUse" : "audienceOther";
    case "template.create": if (messages.includes(NOT_PROVISIONED_SERVER_MESSAGE)) return "companyNotProvisioned"; break;
    case "groupType.remove": return "groupTypeRemovalFailed";
    case "assetType.remove": return "assetTypeRemovalFailed";
    case "templateLogs.download": return "logDownloadFailed";
    case "page.setDefault": return "setDefaultFailed";
    case "membership.edit": return "membershipFailed";
    case "translations.batch": if (error._tag === "InvalidInput" || error._tag === "Conflict") return "translationBatch"; break;
  }
  if (error._tag === "NameAlreadyInUse") return "nameAlreadyInUse";
  if (error._tag === "CannotDeleteGroupType") return "cannotDeleteGroupType";
  if (error._tag === "CannotDeleteAssetType") return "cannotDeleteAssetType";
  return "other";
};

/** What to show: the entry with its text filled in. */
export interface Notice extends CatalogueEntry {
  readonly situation: Situation;
}

/**
 * The notice for a failed operation: the catalogue entry of situationOf, with the first server
 * message as text where the entry takes it from the server. Guarantees the duration and
 * presentation of the table, and a non-empty text for every snackbar and form notice.
 */
export const noticeForError = (error: NoticeError, operation: Operation = "other"): Notice => {
  const situation = situationOf(error, operation);
  const entry: CatalogueEntry = ERROR_CATALOGUE[situation];
  const text = entry.source === "first-server-message" ? firstServerMessage(error) || "Error" : entry.text;
  return { ...entry, text, situation };
};

/** What the error-reporting hook knows about a caught failure. */
export interface ErrorReportCandidate {
  /** Whether the thrown value was an Error instance (not a string, event or plain object). */
  readonly isError: boolean;
  readonly name?: string;
  readonly message?: string;
  /** The embeddable component template the error came from, when it came from one. */
  readonly templateOrigin?: string | null;
}

const RESIZE_OBSERVER_LOOP = /ResizeObserver loop/i;
const CHUNK_LOAD = /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;
const NON_ERROR = /^Non-Error (exception|promise rejection) captured/i;
const ICON_LOAD = /(Error retrieving|Unable to fetch|Failed to load|Could not load) icon/i;

/**
 * Whether a caught failure is sent to the error-reporting service. Ignored: resize-observer loop
 * warnings, chunk-load failures (a new deployment replaced the chunks; a reload fixes it),
 * non-error exceptions, icon-load errors, and errors from a component template outside
 * `knownTemplates` (third-party templates are not ours to fix). Everything else is reported.
 */
export const shouldReportError = (candidate: ErrorReportCandidate, knownTemplates: ReadonlySet<string>): boolean => {
  const message = candidate.message ?? "";
  if (!candidate.isError || NON_ERROR.test(message)) return false;
  if (RESIZE_OBSERVER_LOOP.test(message)) return false;
  if (candidate.name === "ChunkLoadError" || CHUNK_LOAD.test(message)) return false;
  if (ICON_LOAD.test(message)) return false;
  const origin = candidate.templateOrigin;
  if (origin !== undefined && origin !== null && !knownTemplates.has(origin)) return false;
  return true;
};

/** The context every report carries: the user and the company, by publicId (null when none). */
export const errorReportContext = (userPublicId: string | null, companyPublicId: string | null) => ({
  user: userPublicId,
  company: companyPublicId,
});
